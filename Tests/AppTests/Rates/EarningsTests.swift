import Foundation
import PropertyBased
import Testing
@testable import App

@Suite struct EarningsTests {
    func contract(_ from: String, _ to: String? = nil, hours tenths: Int = 400) -> Contract {
        Contract(id: UUID(), kind: .ico, validFrom: LocalDate(iso: from)!, validTo: to.flatMap(LocalDate.init(iso:)),
                 capacityTenths: tenths)
    }

    func rate(_ from: String, _ amount: Int64) -> Rate {
        Rate(effectiveFrom: LocalDate(iso: from)!, amountMinor: amount, currency: "CZK")
    }

    @Test func aFullMonthIsWorkingDaysTimesDailyHoursTimesRate() {
        // November 2026 has 21 working days; 40 h a week is 8 h a day.
        let month = Earnings.expected(in: Month(year: 2026, month: 11)!, contracts: [contract("2026-01-01")],
                                      rates: [rate("2026-01-01", 500_00)])
        #expect(month.paidDays == 21 && month.amountMinor == 21 * 8 * 500_00 && month.currency == "CZK")
    }

    @Test func changesInTheMonthCountFromTheirDay() {
        // Contract from Wednesday 2026-11-11 (14 working days), 30 h; rate 600 until 2026-11-16, 700 after.
        let month = Earnings.expected(in: Month(year: 2026, month: 11)!, contracts: [contract("2026-11-11", hours: 300)],
                                      rates: [rate("2026-01-01", 600_00), rate("2026-11-16", 700_00)])
        // 11, 12, 13 at 600; 16–30 (11 days) at 700; 6 h a day.
        #expect(month.paidDays == 14)
        #expect(month.amountMinor == 3 * 6 * 600_00 + 11 * 6 * 700_00)
    }

    @Test func anApprovedOrPaidInvoiceIsWhatWasEarned() {
        let months = (1...4).map { Month(year: 2026, month: $0)! }
        let expected = months.map { MonthEarnings(month: $0, amountMinor: 100, currency: "CZK", paidDays: 20, basis: .capacity) }
        func invoice(_ month: Int, _ state: InvoiceState, _ amount: Int64?) -> InvoiceSummary {
            InvoiceSummary(id: UUID(), month: Month(year: 2026, month: month)!, state: state, amountMinor: amount,
                           currency: amount == nil ? nil : "CZK", uploadedOn: LocalDate(iso: "2026-05-01")!,
                           documentID: UUID(), returnReason: nil)
        }
        let result = Earnings.withInvoices(expected, invoices: [
            invoice(1, .approved, 90), invoice(2, .paid, 110), invoice(3, .submitted, 500), invoice(4, .paid, nil),
        ])
        #expect(result.map(\.amountMinor) == [90, 110, 100, 100])
        #expect(result.map(\.basis) == [.invoice, .invoice, .capacity, .capacity])
    }

    @Test func noContractOrNoRateEarnsNothing() {
        let noRate = Earnings.expected(in: Month(year: 2026, month: 11)!, contracts: [contract("2026-01-01")], rates: [])
        #expect(noRate.amountMinor == 0 && noRate.paidDays == 0 && noRate.currency == nil)
        let ended = Earnings.expected(in: Month(year: 2026, month: 11)!, contracts: [contract("2025-01-01", "2026-10-31")],
                                      rates: [rate("2025-01-01", 1)])
        #expect(ended.amountMinor == 0)
    }

    @Test func fractionsOfAMinorUnitAreRoundedOnceForTheMonth() {
        // 0.1 h a week at 0.01 an hour: each day earns 0.0002; 21 days 0.0042 → 0.
        let tiny = Earnings.expected(in: Month(year: 2026, month: 11)!, contracts: [contract("2026-01-01", hours: 1)],
                                     rates: [rate("2026-01-01", 1)])
        #expect(tiny.amountMinor == 0)
        // 0.1 h a week at 0.25 an hour: 21 days × 0.5 minor units = 10.5 → 11.
        let half = Earnings.expected(in: Month(year: 2026, month: 11)!, contracts: [contract("2026-01-01", hours: 1)],
                                     rates: [rate("2026-01-01", 25)])
        #expect(half.amountMinor == 11)
    }

    @Test func theChartsMonthsEndWithTheCurrentOne() {
        let now = Month(year: 2026, month: 11)!
        #expect(Earnings.months(ending: now, count: 6, contracts: []).map(\.iso)
                == ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"])
        #expect(Earnings.months(ending: now, count: nil, contracts: [contract("2025-12-15")]).count == 12)
        #expect(Earnings.months(ending: now, count: nil, contracts: []) == [now])
    }

    @Test func weekendsAgreeWithTheCalendar() async {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        await propertyCheck(count: 300, input: Gen.int(in: -36_000...73_000)) { offset in
            let day = LocalDate(iso: "2000-01-01")!.adding(days: offset)
            let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
            let weekday = calendar.component(.weekday, from: date) // 1 = Sunday, 7 = Saturday
            #expect(day.isWeekend == (weekday == 1 || weekday == 7), "\(day)")
        }
    }
}

@Suite struct BarChartTests {
    @Test func barsAreScaledToTheLargestAndNegativeOnesHangBelow() {
        let chart = BarChart([
            .init(label: "a", value: 100, title: "a"),
            .init(label: "b", value: 50, title: "b"),
            .init(label: "c", value: -100, title: "c"),
            .init(label: "d", value: 0, title: "d"),
        ], plotHeight: 200)
        #expect(chart.bars.map(\.height) == [100, 50, 100, 0])
        #expect(chart.bars[0].y + chart.bars[0].height == chart.baseline)
        #expect(chart.bars[2].y == chart.baseline && chart.bars[2].negative)
        #expect(chart.bars.map(\.x) == chart.bars.map(\.x).sorted())
    }

    @Test func aTinyValueStillShowsAndLongChartsLabelEveryFewBars() {
        let points = (0..<48).map { BarChart.Point(label: "\($0)", value: $0 == 0 ? 1 : 1_000_000, title: "") }
        let chart = BarChart(points)
        #expect(chart.bars[0].height == 1)
        #expect(chart.bars.last!.showsLabel)
        #expect(chart.bars.filter(\.showsLabel).count <= 12)
        #expect(BarChart([]).bars.isEmpty)
    }

    @Test func aChartOfLinksIsAGroupAndAPlainOneAPicture() {
        #expect(BarChart([.init(label: "a", value: 1, title: "a")]).role == "img")
        #expect(BarChart([.init(label: "a", value: 1, title: "a"), .init(label: "b", value: 2, title: "b", href: "/b")]).role == "group")
    }
}
