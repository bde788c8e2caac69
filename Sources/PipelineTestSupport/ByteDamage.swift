import PipelineCore

/// Seeded damage to a file's or a line's bytes for differential tests of a fast reader against a general one: one
/// byte replaced by one of `replacements`, dropped, or doubled.
public enum ByteDamage {
    public static func damaged(_ bytes: [UInt8], replacements: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var damaged = bytes
        guard !damaged.isEmpty else { return damaged }
        let at = Int.random(in: 0..<damaged.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: damaged[at] = replacements.randomElement(using: &generator)!
        case 1: damaged.remove(at: at)
        default: damaged.insert(damaged[at], at: at)
        }
        return damaged
    }
}
