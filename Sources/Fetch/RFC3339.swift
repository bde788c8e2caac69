import PipelineCore

/// Unix seconds as RFC 3339 UTC text (`2025-04-28T10:00:00Z`), the envelope's `fetched_at`.
public enum RFC3339 {
    public static func format(unixSeconds: Int64) -> String {
        let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
        let secondOfDay = unixSeconds - days * 86_400
        let civil = CivilDate.fromDays(Int(days))
        let year = Int64(civil.year), month = Int64(civil.month), day = Int64(civil.day)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-\(two(month))-\(two(day))T"
            + "\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}
