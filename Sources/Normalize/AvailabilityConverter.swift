import Foundation
import Ingest
import PlayerModel

/// Converts weekly windows stated in a player's IANA time zone to UTC hours of the week.
///
/// Offsets are taken in the reference week of Monday 6 January 2025, so the result does not depend on
/// the day the pipeline runs (daylight saving time is that of early January in every zone).
enum AvailabilityConverter {
    /// Monday 2025-01-06 00:00:00 UTC.
    static let referenceMonday: TimeInterval = 1_736_121_600

    static func utcMask(windows: [PreferencesFacts.AvailabilityWindow], timeZone: TimeZone) -> WeeklyHourMask {
        var mask = WeeklyHourMask()
        for window in windows {
            let length = window.endHour > window.startHour ? window.endHour - window.startHour : window.endHour + 24 - window.startHour
            for offset in 0..<length {
                let localHour = window.day * 24 + window.startHour + offset
                let localInstant = referenceMonday + TimeInterval(localHour * 3600)
                let zoneOffset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: localInstant))
                let utcSeconds = localHour * 3600 - zoneOffset
                mask.insert(hour: Int((Double(utcSeconds) / 3600).rounded(.down)))
            }
        }
        return mask
    }

    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    static func text(_ window: PreferencesFacts.AvailabilityWindow) -> String {
        let day = dayNames.indices.contains(window.day) ? dayNames[window.day] : String(window.day)
        return "\(day) \(window.startHour)-\(window.endHour)"
    }
}
