import Testing
@testable import Report

@Suite struct NumberTextTests {
    @Test func fixedRoundsHalfAwayFromZeroAndPads() {
        #expect(NumberText.fixed(0.4914, 2) == "0.49")
        #expect(NumberText.fixed(0.125, 2) == "0.13")
        #expect(NumberText.fixed(2, 3) == "2.000")
        #expect(NumberText.fixed(-1.05, 1) == "-1.1")
        #expect(NumberText.fixed(-0.0001, 2) == "0.00")
        #expect(NumberText.fixed(12.0, 0) == "12")
        #expect(NumberText.fixed(.nan, 2) == "–")
    }

    @Test func groupedAndPercent() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(1560) == "1,560")
        #expect(NumberText.grouped(-1234567) == "-1,234,567")
        #expect(NumberText.percent(1, of: 8) == "12.5 %")
        #expect(NumberText.percent(3, of: 0) == "–")
        #expect(NumberText.signed(5) == "+5")
        #expect(NumberText.signed(-1200) == "-1,200")
    }
}
