import PipelineCore

/// A proleptic Gregorian UTC date from Unix seconds, without Foundation's calendars (deterministic everywhere).
struct CivilDate: Sendable, Hashable {
    var year: Int
    var month: Int
    var day: Int
    var secondsOfDay: Int

    init(unixSeconds: Int64) {
        let days = Int(unixSeconds.quotientFloor(86_400))
        secondsOfDay = Int(unixSeconds - Int64(days) * 86_400)
        (year, month, day) = PipelineCore.CivilDate.fromDays(days)
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// `YYYY-MM-DD`.
    var iso: String { "\(year)-\(Self.pad(month))-\(Self.pad(day))" }

    /// `YYYY-MM-DDThh:mm:ssZ`.
    var rfc3339: String {
        let h = secondsOfDay / 3600, m = secondsOfDay / 60 % 60, s = secondsOfDay % 60
        return "\(iso)T\(Self.pad(h)):\(Self.pad(m)):\(Self.pad(s))Z"
    }

    /// The XML `memberSince` form: `September 20, 2006`.
    var memberSince: String { "\(Self.monthNames[month - 1]) \(day), \(year)" }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}

private extension Int64 {
    func quotientFloor(_ divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
