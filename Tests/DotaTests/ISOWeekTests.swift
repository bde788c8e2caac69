import Dota
import Testing

@Suite struct ISOWeekTests {
    @Test(arguments: [
        ("2012-12-31", Int64(1_356_912_000), "2013-W01", "2012-12-31"),
        ("2016-01-01", Int64(1_451_606_400), "2015-W53", "2015-12-28"),
        ("2021-01-03", Int64(1_609_632_000), "2020-W53", "2020-12-28"),
        ("2013-06-24", Int64(1_372_032_000), "2013-W26", "2013-06-24"),
        ("1970-01-01", Int64(0), "1970-W01", "1969-12-29"),
    ])
    func weeks(day: String, seconds: Int64, label: String, monday: String) {
        let week = ISOWeek(unixSeconds: seconds + 43_200)
        #expect(week.label == label, "\(day)")
        #expect(week.mondayText == monday, "\(day)")
    }
}
