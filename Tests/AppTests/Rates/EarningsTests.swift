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
        // November 2026 has 20 working days (21 weekdays, 17 November a public holiday); 40 h a week is 8 h a day.
        let month = Earnings.expected(in: Month(year: 2026, month: 11)!, contracts: [contract("2026-01-01")],
                                      rates: [rate("2026-01-01", 500_00)])
        #expect(month.paidDays == 20 && month.amountMinor == 20 * 8 * 500_00 && month.currency == "CZK" && month.basis == .capacity)
    }

    @Test func changesInTheMonthCountFromTheirDay() {
        // Contract from Wednesday 2026-11-11 (14 working days), 30 h; rate 600 until 2026-11-16, 700 after.
        let month = Earnings.expected(in: Month(year: 2026, month: 11)!, contracts: [contract("2026-11-11", hours: 300)],
                                      rates: [rate("2026-01-01", 600_00), rate("2026-11-16", 700_00)])
        // 11, 12, 13 at 600; 16–30 but the 17th (10 days) at 700; 6 h a day.
        #expect(month.paidDays == 13)
        #expect(month.amountMinor == 3 * 6 * 600_00 + 10 * 6 * 700_00)
    }

    @Test func approvedHoursAreEarnedAtEachDaysRate() {
        let november = Month(year: 2026, month: 11)!
        let seconds: [LocalDate: Int] = [LocalDate(iso: "2026-11-13")!: 8 * 3600, LocalDate(iso: "2026-11-16")!: 7 * 3600 + 1800,
                                         LocalDate(iso: "2026-11-17")!: 3600, LocalDate(iso: "2026-10-30")!: 9 * 3600]
        let month = Earnings.expected(in: november, contracts: [contract("2026-01-01")],
                                      rates: [rate("2026-01-01", 600_00), rate("2026-11-16", 700_00)],
                                      time: TimeBasis(approvedSeconds: seconds))
        // 8 h at 600, 7.5 h and the holiday's hour at 700; October's day is not November's.
        #expect(month.basis == .hours && month.paidDays == 3 && month.amountMinor == 8 * 600_00 + 17 * 700_00 / 2)
        // No hours approved: the contract's hours, less a half day and a full day of absence and a company day off.
        let away = [LocalDate(iso: "2026-11-02")!: true, LocalDate(iso: "2026-11-03")!: false].map { day, half in
            Absence(id: UUID(), userID: UUID(), kind: .vacation, first: day, last: day, halfDay: half, note: "", status: .approved,
                    decidedBy: nil, reason: nil)
        }
        let capacity = Earnings.expected(in: november, contracts: [contract("2026-01-01")], rates: [rate("2026-01-01", 500_00)],
                                         time: TimeBasis(absences: away, daysOff: DaysOff(company: [LocalDate(iso: "2026-11-16")!: "Bridge"])))
        #expect(capacity.basis == .capacity && capacity.paidDays == 18 && capacity.amountMinor == (17 * 8 + 4) * 500_00)
    }

    /// The amount from hours against a computation that looks everything up by brute force:
    /// every rate scanned for the latest that took effect by the day, every contract for one that
    /// covers it, each day's money summed exactly and rounded once.
    @Test func hoursAgreeWithABruteForceComputation() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let month = Month(year: Int.random(in: 2024...2027, using: &generator), month: Int.random(in: 1...12, using: &generator))!
            let rates = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                Rate(effectiveFrom: month.first.adding(days: Int.random(in: -40...30, using: &generator)),
                     amountMinor: Int64.random(in: 1...2_000_00, using: &generator), currency: "CZK")
            }
            let start = month.first.adding(days: Int.random(in: -10...20, using: &generator))
            let contracts = [Contract(id: UUID(), kind: .ico, validFrom: start,
                                      validTo: Bool.random(using: &generator) ? nil : start.adding(days: Int.random(in: 0...40, using: &generator)),
                                      capacityTenths: 400)]
            var seconds: [LocalDate: Int] = [:]
            for day in month.days where Int.random(in: 0...2, using: &generator) > 0 { seconds[day] = Int.random(in: 1...50_000, using: &generator) }
            let result = Earnings.expected(in: month, contracts: contracts, rates: rates, time: TimeBasis(approvedSeconds: seconds))
            var exact: Int64 = 0, worked = 0
            for day in month.days {
                guard let spent = seconds[day], spent > 0,
                      contracts.contains(where: { $0.validFrom <= day && ($0.validTo == nil || day <= $0.validTo!) }) else { continue }
                var best: Rate?
                for rate in rates where rate.effectiveFrom <= day && (best == nil || rate.effectiveFrom > best!.effectiveFrom) { best = rate }
                guard let rate = best else { continue }
                exact += Int64(spent) * rate.amountMinor
                worked += 1
            }
            let rounded = (exact + 1800) / 3600
            if seconds.values.contains(where: { $0 > 0 }) {
                #expect(result.amountMinor == rounded && result.paidDays == worked, "\(month.iso)")
            }
        }
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
        // 0.1 h a week at 0.01 an hour: each day earns 0.0002; August 2026's 21 working days 0.0042 → 0.
        let tiny = Earnings.expected(in: Month(year: 2026, month: 8)!, contracts: [contract("2026-01-01", hours: 1)],
                                     rates: [rate("2026-01-01", 1)])
        #expect(tiny.amountMinor == 0)
        // 0.1 h a week at 0.25 an hour: 21 days × 0.5 minor units = 10.5 → 11.
        let half = Earnings.expected(in: Month(year: 2026, month: 8)!, contracts: [contract("2026-01-01", hours: 1)],
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
