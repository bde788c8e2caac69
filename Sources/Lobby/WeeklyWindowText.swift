import Foundation
import PlayerModel

/// Text for a set of hours of the week: maximal runs as `mon 18:00-21:00` (a run may end on a later day:
/// `sun 22:00-mon 01:00`), shifted into a time zone by its offset in the reference week of Monday 6 January 2025
/// (the week availability is converted in, so the text matches what the player stated).
enum WeeklyWindowText {
    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// Monday 2025-01-06 00:00:00 UTC.
    static let referenceMonday: TimeInterval = 1_736_121_600

    /// Runs of set hours as (start, length) in UTC hours of the week; a run over the week's end is one run.
    static func runs(_ mask: WeeklyHourMask) -> [(start: Int, length: Int)] {
        let week = WeeklyHourMask.hoursPerWeek
        guard mask.count > 0 else { return [] }
        guard mask.count < week else { return [(0, week)] }
        // Start at an hour that is not set so that no run is split by the scan's start.
        let origin = (0..<week).first { !mask.contains(hour: $0) }!
        var out: [(Int, Int)] = []
        var h = 1
        while h <= week {
            let hour = (origin + h) % week
            if mask.contains(hour: hour) {
                var length = 0
                while mask.contains(hour: (hour + length) % week) { length += 1 }
                out.append((hour, length))
                h += length
            } else {
                h += 1
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// Offset of `zone` from UTC in minutes in the reference week (0 for nil or an unknown zone).
    static func offsetMinutes(_ zone: String?) -> Int {
        guard let zone, let tz = TimeZone(identifier: zone) else { return 0 }
        return tz.secondsFromGMT(for: Date(timeIntervalSince1970: referenceMonday)) / 60
    }

    static func text(_ mask: WeeklyHourMask, offsetMinutes: Int = 0) -> String {
        if mask.count == WeeklyHourMask.hoursPerWeek { return "all week" }
        return runs(mask).map { run in
            let from = stamp(run.start * 60 + offsetMinutes)
            let to = stamp((run.start + run.length) * 60 + offsetMinutes)
            let sameDay = from.day == to.day || (to.time == "00:00" && (from.day + 1) % 7 == to.day)
            let end = to.time == "00:00" && sameDay ? "24:00" : to.time
            return "\(dayNames[from.day]) \(from.time)-" + (sameDay ? end : "\(dayNames[to.day]) \(to.time)")
        }.joined(separator: "; ")
    }

    private static func stamp(_ minuteOfWeek: Int) -> (day: Int, time: String) {
        let week = WeeklyHourMask.hoursPerWeek * 60
        let m = ((minuteOfWeek % week) + week) % week
        let time = String(format: "%02d:%02d", (m % 1440) / 60, m % 60)
        return (m / 1440, time)
    }
}
