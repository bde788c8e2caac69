/// Keeps the previous output when a run read nothing usable (an unmounted disk, a wrong path, a directory
/// of unreadable files): publishing an empty dataset over last night's would silently lose it. An
/// intentionally empty publish needs `allow_empty: true` / `--allow-empty`.
public enum EmptyInputGuard {
    public static func check(records: Int, filesRead: Int, input: String, policy: PublishPolicy) throws {
        guard records == 0, !policy.allowEmpty else { return }
        throw PublishRefusal("input.nothingRead",
                             "read no players, groups or Dota matches from \(filesRead) input file\(filesRead == 1 ? "" : "s"); the previous output is kept (allow_empty: true / --allow-empty publishes an empty dataset)",
                             path: input, exitStatus: .inputErrors)
    }
}
