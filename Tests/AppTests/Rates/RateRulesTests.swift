import Foundation
import Testing
@testable import App

@Suite struct RateRulesTests {
    let today = LocalDate(iso: "2026-11-22")!

    func rate(_ day: String) -> Rate { Rate(effectiveFrom: LocalDate(iso: day)!, amountMinor: 500_00, currency: "CZK") }

    @Test func onlyTheFutureIsCorrectedWithoutATypoFix() {
        let future = rate("2026-12-01"), past = rate("2026-01-01"), todays = rate("2026-11-22")
        let later = LocalDate(iso: "2027-01-01")!, earlier = LocalDate(iso: "2026-11-01")!
        #expect(RateRules.edit(future, toDay: later, today: today, typoFix: false) == .correction)
        #expect(RateRules.edit(future, toDay: later, today: today, typoFix: true) == .correction)
        #expect(RateRules.edit(future, toDay: earlier, today: today, typoFix: false) == .refusedNeedsTypoFix)
        #expect(RateRules.edit(future, toDay: today, today: today, typoFix: true) == .typoFix)
        #expect(RateRules.edit(past, toDay: past.effectiveFrom, today: today, typoFix: false) == .refusedNeedsTypoFix)
        #expect(RateRules.edit(past, toDay: later, today: today, typoFix: true) == .typoFix)
        #expect(RateRules.edit(todays, toDay: todays.effectiveFrom, today: today, typoFix: false) == .refusedNeedsTypoFix)
        #expect(RateRules.canDelete(future, today: today))
        #expect(!RateRules.canDelete(todays, today: today) && !RateRules.canDelete(past, today: today))
    }

    @Test func theFormReadsAmountsAndDays() throws {
        #expect(try RateForm(amount: "1 200,5", effectiveFrom: "2026-12-01").parse().get()
                == .init(amountMinor: 1_200_50, day: LocalDate(iso: "2026-12-01")!))
        #expect(try RateForm(amount: "100000", effectiveFrom: "2100-12-31").parse().get().amountMinor == 100_000_00)
        func problems(_ amount: String, _ day: String) -> [String: String] {
            if case .failure(let problems) = RateForm(amount: amount, effectiveFrom: day).parse() { return problems.fields }
            return [:]
        }
        #expect(problems("", "2026-12-01") == ["amount": "rate.error.amountMissing"])
        #expect(problems("0,00", "2026-12-01") == ["amount": "rate.error.amountPositive"])
        #expect(problems("100000.01", "2026-12-01") == ["amount": "rate.error.amountTooHigh"])
        #expect(problems("12e3", "2026-12-01") == ["amount": "rate.error.amountFormat"])
        #expect(problems("650", "2026-02-29") == ["effectiveFrom": "rate.error.date"])
        #expect(problems("650", "1999-12-31") == ["effectiveFrom": "rate.error.date"])
        #expect(problems("x", "y") == ["amount": "rate.error.amountFormat", "effectiveFrom": "rate.error.date"])
    }
}
