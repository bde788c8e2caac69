import Foundation

/// Runs Debian's `chromium` headless on a local file: the dumped DOM, a screenshot, stderr with console
/// logging on, and a net log. Only the report tests use it; they are skipped when Chromium is not installed.
enum HeadlessChromium {
    /// The `chromium` (or `chromium-browser`) on PATH, if any.
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories + ["/usr/bin"] {
            for name in ["chromium", "chromium-browser"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `chromium --headless` with the network cut off (every host resolves to nothing), background services off,
    /// and console messages logged to stderr.
    static func run(_ extra: [String], page: URL, profile: URL) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = ["--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-background-networking",
                             "--disable-component-update", "--disable-sync", "--disable-default-apps",
                             "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0",
                             "--user-data-dir=\(profile.path)"] + extra + [page.absoluteString]
        // Output goes to files beside the profile (no pipes to drain while Chromium runs).
        let outURL = profile.appendingPathExtension("stdout")
        let errURL = profile.appendingPathExtension("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        let stdoutData = FileManager.default.contents(atPath: outURL.path) ?? Data()
        let stderrData = FileManager.default.contents(atPath: errURL.path) ?? Data()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// URLs the page itself asked the network for, from a Chromium net log: `URL_REQUEST_START_JOB` events initiated
    /// by the page (initiator not "not an origin", which marks Chromium's own background fetches such as its updater,
    /// or isolated under the page's `file://` origin) for anything but `file:` and `data:` URLs.
    static func pageRequests(netLog: URL) throws -> [String] {
        var text = try String(contentsOf: netLog, encoding: .utf8)
        var object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        if object == nil {
            // A log cut short when Chromium exits: close the events array.
            while let last = text.last, last.isWhitespace || last == "," { text.removeLast() }
            object = try JSONSerialization.jsonObject(with: Data((text + "]}").utf8)) as? [String: Any]
        }
        let types = (object?["constants"] as? [String: Any])?["logEventTypes"] as? [String: Int] ?? [:]
        guard let startJob = types["URL_REQUEST_START_JOB"] else { return ["(net log without URL_REQUEST_START_JOB)"] }
        var urls: [String] = []
        for event in object?["events"] as? [[String: Any]] ?? [] where event["type"] as? Int == startJob {
            let params = event["params"] as? [String: Any] ?? [:]
            guard let url = params["url"] as? String, !url.hasPrefix("file:"), !url.hasPrefix("data:") else { continue }
            let initiator = params["initiator"] as? String ?? ""
            let isolation = params["network_isolation_key"] as? String ?? ""
            if initiator != "not an origin" || isolation.contains("file://") { urls.append(url) }
        }
        return urls
    }
}
