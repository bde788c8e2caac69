import PipelineCore

/// The documented range of one numeric option, shared by its pipeline-file key and its command-line flag,
/// so both are checked by the same code (`OptionRanges`). NaN and infinities are never in range.
public struct NumericRange: Sendable {
    public var lower: Double
    public var upper: Double
    /// Whole numbers only.
    public var integer: Bool

    public init(_ lower: Double, _ upper: Double, integer: Bool) {
        self.lower = lower
        self.upper = upper
        self.integer = integer
    }

    public func contains(_ value: Double) -> Bool {
        value.isFinite && value >= lower && value <= upper && (!integer || value.rounded(.towardZero) == value)
    }

    public func contains(_ value: Int) -> Bool {
        Double(value) >= lower && Double(value) <= upper
    }

    /// `an integer in 1…1000` / `a number in 0…20100`.
    public var text: String {
        let format = { (v: Double) in v.rounded() == v && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        return "\(integer ? "an integer" : "a number") in \(format(lower))…\(format(upper))"
    }
}
