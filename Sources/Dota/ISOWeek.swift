import PipelineCore
/// The ISO 8601 week of a UTC instant: weeks start on Monday and week 1 is the one holding the year's
/// first Thursday, so 2012-12-31 is in 2013-W01 and 2016-01-01 in 2015-W53.
public struct ISOWeek: Hashable, Comparable, Sendable {
    public var year: Int
    public var week: Int
    /// Days since 1970-01-01 of the week's Monday.
    public var mondayDay: Int

    public init(unixSeconds: Int64) {
        let days = Int(unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400)
        let weekday = ((days + 3) % 7 + 7) % 7            // Monday 0 … Sunday 6 (1970-01-01 was a Thursday)
        let thursday = days - weekday + 3
        let civil = ISOWeek.civil(fromDays: thursday)
        year = civil.year
        week = (thursday - ISOWeek.days(year: civil.year, month: 1, day: 1)) / 7 + 1
        mondayDay = days - weekday
    }

    /// The week whose Monday is `mondayDay` days after 1970-01-01.
    public init(mondayDay: Int) {
        self.init(unixSeconds: Int64(mondayDay) * 86_400)
    }

    /// Days since 1970-01-01 of the Monday of the week holding `unixSeconds` (cheaper than the whole week).
    public static func mondayDay(unixSeconds: Int64) -> Int {
        let days = Int(unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400)
        return days - ((days + 3) % 7 + 7) % 7
    }

    /// `2013-W06`.
    public var label: String { "\(year)-W\(week < 10 ? "0" : "")\(week)" }

    /// The Monday as `YYYY-MM-DD`.
    public var mondayText: String { ISOWeek.dateText(days: mondayDay) }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool { lhs.mondayDay < rhs.mondayDay }

    /// `YYYY-MM-DD` of a day count since 1970-01-01.
    public static func dateText(days: Int) -> String {
        let c = civil(fromDays: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(c.year)-\(two(c.month))-\(two(c.day))"
    }

    /// Proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) { CivilDate.fromDays(days) }

    /// Day count since 1970-01-01 of a proleptic Gregorian date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
