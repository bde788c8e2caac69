/// A proleptic Gregorian UTC date from Unix seconds, without Foundation's calendars (deterministic everywhere).
struct CivilDate: Sendable, Hashable {
    var year: Int
    var month: Int
    var day: Int
    var secondsOfDay: Int

    init(unixSeconds: Int64) {
        let days = Int(unixSeconds.quotientFloor(86_400))
        secondsOfDay = Int(unixSeconds - Int64(days) * 86_400)
        // Howard Hinnant's days-from-civil inverse.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
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
