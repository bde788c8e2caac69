import Foundation
import Glibc

/// Decides whether a publish may replace what sits at its target, and refuses an output that overlaps an
/// input, before any work is done (and again under the lock, just before the swap).
///
/// Replaceable: a missing path, an empty directory, or a directory holding one of `ownershipMarkers`
/// (a previous output of this tool). Anything else (a regular file, a symbolic link, a directory of
/// somebody's files) is refused with exit 2 unless the policy says `force`.
public enum OutputGuard {
    /// Files that mark a directory as a previous output of this tool: a run's `manifest.json`, or the
    /// marker `generate` leaves in a synthetic dataset.
    public static let ownershipMarkers = ["manifest.json", SyntheticDatasetMarker.fileName]

    /// Every check that can be made before the run starts: ownership of the target and overlap with inputs.
    public static func preflight(output: URL, inputs: [URL], policy: PublishPolicy, displayPath: String? = nil) throws {
        try checkSeparate(output: output, inputs: inputs, displayPath: displayPath)
        try checkReplaceable(output, policy: policy, displayPath: displayPath)
    }

    public static func checkReplaceable(_ target: URL, policy: PublishPolicy, displayPath: String? = nil) throws {
        guard !policy.force else { return }
        let shown = displayPath ?? target.path
        var info = stat()
        guard lstat(target.path, &info) == 0 else {
            if errno == ENOENT { return }
            throw PublishRefusal("output.unreadable", "cannot inspect the output path: \(String(cString: strerror(errno)))",
                                 path: shown, exitStatus: .outputError)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            throw PublishRefusal("output.notOurs", "the output path is a symbolic link; refusing to replace it (use --force / force: true)",
                                 path: shown, exitStatus: .definitionError)
        default:
            throw PublishRefusal("output.notOurs", "the output path exists and is not a directory; refusing to replace it (use --force / force: true)",
                                 path: shown, exitStatus: .definitionError)
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
        if entries.isEmpty { return }
        for marker in ownershipMarkers {
            var markerInfo = stat()
            if lstat(target.appendingPathComponent(marker).path, &markerInfo) == 0, markerInfo.st_mode & S_IFMT == S_IFREG { return }
        }
        let sample = entries.sorted().prefix(3).joined(separator: ", ")
        throw PublishRefusal("output.notOurs",
                             "the output directory holds files that are not a steam-mate output (\(sample)\(entries.count > 3 ? ", …" : "")); refusing to replace it (use --force / force: true)",
                             path: shown, exitStatus: .definitionError)
    }

    /// Refuses an output that is an input, lies inside one, or contains one (compared by real path, so
    /// symbolic links and `..` cannot hide the overlap).
    public static func checkSeparate(output: URL, inputs: [URL], displayPath: String? = nil) throws {
        let out = realComponents(output)
        for input in inputs {
            let inp = realComponents(input)
            let overlap = out.starts(with: inp) || inp.starts(with: out)
            guard overlap else { continue }
            let how = out == inp ? "is the input" : out.starts(with: inp) ? "lies inside the input \(input.path)" : "contains the input \(input.path)"
            throw PublishRefusal("output.overlapsInput", "the output \(how); publishing would destroy or re-ingest data",
                                 path: displayPath ?? output.path, exitStatus: .definitionError)
        }
    }

    /// The path's components with every symbolic link resolved: the deepest existing ancestor through
    /// `realpath`, the rest appended as written (after removing `.` and `..`).
    static func realComponents(_ url: URL) -> [String] {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while existing.path != "/" {
            if let resolved = realpath(existing.path, nil) {
                defer { free(resolved) }
                let base = URL(fileURLWithPath: String(cString: resolved)).pathComponents
                return base + rest.reversed()
            }
            rest.append(existing.lastPathComponent)
            existing.deleteLastPathComponent()
        }
        return ["/"] + rest.reversed()
    }
}
