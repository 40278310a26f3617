import Foundation
import PropertyBased
import Testing
@testable import App

@Suite struct RateHistoryTests {
    let jan = Rate(effectiveFrom: LocalDate(iso: "2026-01-01")!, amountMinor: 500_00, currency: "CZK")
    let may = Rate(effectiveFrom: LocalDate(iso: "2026-05-15")!, amountMinor: 550_00, currency: "CZK")
    let dec = Rate(effectiveFrom: LocalDate(iso: "2026-12-01")!, amountMinor: 600_00, currency: "CZK")

    @Test func theRateInEffectIsTheLatestOnOrBeforeTheDay() {
        let rates = [may, dec, jan]
        #expect(RateHistory.inEffect(rates, on: LocalDate(iso: "2025-12-31")!) == nil)
        #expect(RateHistory.inEffect(rates, on: LocalDate(iso: "2026-01-01")!) == jan)
        #expect(RateHistory.inEffect(rates, on: LocalDate(iso: "2026-05-14")!) == jan)
        #expect(RateHistory.inEffect(rates, on: LocalDate(iso: "2026-05-15")!) == may)
        #expect(RateHistory.inEffect(rates, on: LocalDate(iso: "2027-03-01")!) == dec)
        #expect(RateHistory.inEffect([], on: LocalDate(iso: "2026-05-15")!) == nil)
    }

    @Test func upcomingIsTheNextAfterTheDay() {
        let rates = [dec, jan, may]
        #expect(RateHistory.upcoming(rates, after: LocalDate(iso: "2026-05-14")!) == may)
        #expect(RateHistory.upcoming(rates, after: LocalDate(iso: "2026-05-15")!) == dec)
        #expect(RateHistory.upcoming(rates, after: LocalDate(iso: "2026-12-01")!) == nil)
    }

    @Test func theIncreaseIsAgainstTheRateTheDayBefore() throws {
        let change = try #require(RateChange.latest(in: [jan, may, dec], on: LocalDate(iso: "2026-11-22")!))
        #expect(change.current == may)
        #expect(change.change?.increaseMinor == 50_00)
        #expect(change.change?.increaseBasisPoints == 1_000)
        #expect(RateChange.latest(in: [jan], on: LocalDate(iso: "2026-11-22")!)?.change == nil)
        #expect(RateChange.latest(in: [dec], on: LocalDate(iso: "2026-11-22")!) == nil)
    }

    @Test func aChangeOfCurrencyIsNotAnIncrease() {
        let euro = Rate(effectiveFrom: LocalDate(iso: "2026-06-01")!, amountMinor: 25_00, currency: "EUR")
        #expect(RateChange(from: jan, to: euro) == nil)
        #expect(RateChange.during(Month(year: 2026, month: 6)!, in: [jan, euro]) == nil)
    }

    @Test func aMonthsChangeIsItsLastDayAgainstTheDayBeforeItBegan() throws {
        let early = Rate(effectiveFrom: LocalDate(iso: "2026-05-02")!, amountMinor: 900_00, currency: "CZK")
        let change = try #require(RateChange.during(Month(year: 2026, month: 5)!, in: [jan, early, may]))
        #expect(change.previous == jan && change.new == may)
        #expect(RateChange.during(Month(year: 2026, month: 4)!, in: [jan, may]) == nil)
        // A first rate is not an increase.
        #expect(RateChange.during(Month(year: 2026, month: 1)!, in: [jan, may]) == nil)
    }

    @Test func roundingIsHalfAwayFromZero() {
        #expect(Rounding.divide(5, by: 2) == 3)
        #expect(Rounding.divide(-5, by: 2) == -3)
        #expect(Rounding.divide(4, by: 3) == 1)
        #expect(Rounding.divide(5, by: 3) == 2)
        #expect(Rounding.divide(-4, by: 3) == -1)
        #expect(Rounding.divide(0, by: 7) == 0)
        #expect(Rounding.divide(1, by: 3) == 0)
        #expect(Rounding.divide(2_000_000_000 * 10_000, by: 1) == 20_000_000_000_000)
    }

    @Test func theMonthlySummaryOfTheDefinition() {
        let people: [UUID: [Rate]] = [
            UUID(): [jan, may],                      // +50 on 500 in May
            UUID(): [jan, Rate(effectiveFrom: LocalDate(iso: "2026-05-01")!, amountMinor: 525_00, currency: "CZK")], // +25
            UUID(): [Rate(effectiveFrom: LocalDate(iso: "2026-05-03")!, amountMinor: 700_00, currency: "CZK")], // first rate
        ]
        let summary = IncreaseSummary.of(Month(year: 2026, month: 5)!, histories: people, currency: "CZK") { _, _ in true }
        #expect(summary.employees == 2)
        #expect(summary.meanIncreaseMinor == 37_50)
        #expect(summary.increaseBasisPoints == 750) // 75 / 1000
        let nobody = IncreaseSummary.of(Month(year: 2026, month: 5)!, histories: people, currency: "CZK") { _, _ in false }
        #expect(nobody.employees == 0 && nobody.meanIncreaseMinor == nil && nobody.increaseBasisPoints == nil)
    }

    @Test func percentAndMoneyPrint() {
        #expect(Percent.format(basisPoints: 825, language: .en) == "+8.25\u{00A0}%")
        #expect(Percent.format(basisPoints: -5, language: .cs) == "−0,05\u{00A0}%")
        #expect(Percent.format(basisPoints: 0, language: .en) == "0.00\u{00A0}%")
        #expect(Money.plain(minor: 65_050, language: .cs) == "650,50")
        #expect(Money.plain(minor: 65_005, language: .en) == "650.05")
    }
}

/// The same rules over generated histories.
@Suite struct RateHistoryProperties {
    @Test func theRateInEffectHasNoLaterRateOnOrBeforeTheDay() async {
        await propertyCheck(input: RateGenerators.history(), RateGenerators.day) { rates, day in
            if let rate = RateHistory.inEffect(rates, on: day) {
                #expect(rate.effectiveFrom <= day)
                #expect(!rates.contains { $0.effectiveFrom > rate.effectiveFrom && $0.effectiveFrom <= day })
            } else {
                #expect(rates.allSatisfy { $0.effectiveFrom > day })
            }
        }
    }

    @Test func theOrderOfEntryDoesNotMatter() async {
        await propertyCheck(input: RateGenerators.history(), RateGenerators.day) { rates, day in
            #expect(RateHistory.inEffect(rates, on: day) == RateHistory.inEffect(rates.reversed(), on: day))
            #expect(RateHistory.upcoming(rates, after: day) == RateHistory.upcoming(rates.shuffled(), after: day))
        }
    }

    @Test func eachRateIsInEffectFromItsDayUntilTheNext() async {
        await propertyCheck(input: RateGenerators.history(count: 1...8)) { rates in
            let ordered = rates.sorted { $0.effectiveFrom < $1.effectiveFrom }
            for (rate, next) in zip(ordered, ordered.dropFirst()) {
                #expect(RateHistory.inEffect(rates, on: rate.effectiveFrom) == rate)
                #expect(RateHistory.inEffect(rates, on: next.effectiveFrom.adding(days: -1)) == rate)
                #expect(RateHistory.upcoming(rates, after: rate.effectiveFrom) == next)
            }
            #expect(RateHistory.inEffect(rates, on: ordered[0].effectiveFrom.adding(days: -1)) == nil)
        }
    }

    @Test func increasesAddUpAlongTheHistory() async {
        await propertyCheck(input: RateGenerators.history(count: 1...8)) { rates in
            let ordered = rates.sorted { $0.effectiveFrom < $1.effectiveFrom }
            let total = ordered.dropFirst().reduce(Int64(0)) { sum, rate in
                sum + (RateHistory.previous(of: rate, in: rates).flatMap { RateChange(from: $0, to: rate) }?.increaseMinor ?? 0)
            }
            #expect(total == ordered.last!.amountMinor - ordered.first!.amountMinor)
        }
    }

    @Test func percentHasTheSignOfTheIncreaseAndIsWithinHalfAUnit() async {
        await propertyCheck(input: RateGenerators.history(count: 2...2)) { rates in
            let ordered = rates.sorted { $0.effectiveFrom < $1.effectiveFrom }
            guard ordered.count == 2, let change = RateChange(from: ordered[0], to: ordered[1]) else { return }
            let basisPoints = change.increaseBasisPoints
            #expect(basisPoints.signum() == change.increaseMinor.signum() || basisPoints == 0)
            // |bp × previous − increase × 10000| ≤ previous / 2: rounded to the nearest hundredth of a percent.
            let error = (basisPoints * change.previous.amountMinor - change.increaseMinor * 10_000).magnitude
            #expect(2 * error <= change.previous.amountMinor.magnitude)
        }
    }

    @Test func roundingIsTheNearestIntegerWithTiesAwayFromZero() async {
        await propertyCheck(input: Gen.int64(in: -1_000_000_000_000...1_000_000_000_000), Gen.int64(in: 1...10_000_000)) { numerator, denominator in
            let quotient = Rounding.divide(numerator, by: denominator)
            let error = quotient * denominator - numerator // the remainder the rounding took
            #expect(2 * error.magnitude <= UInt64(denominator))
            if 2 * error.magnitude == UInt64(denominator) { #expect(quotient.magnitude * UInt64(denominator) > numerator.magnitude) }
            #expect(Rounding.divide(-numerator, by: denominator) == -quotient)
        }
    }

    @Test func aSummaryOfEqualIncreasesIsThatIncrease() async {
        await propertyCheck(input: Gen.int64(in: 1...1_000_000), Gen.int64(in: 0...100_000), Gen.int(in: 1...50)) { base, raise, people in
            let before = Rate(effectiveFrom: LocalDate(iso: "2026-01-01")!, amountMinor: base, currency: "CZK")
            let after = Rate(effectiveFrom: LocalDate(iso: "2026-03-10")!, amountMinor: base + raise, currency: "CZK")
            let changes = Array(repeating: RateChange(from: before, to: after)!, count: people)
            let summary = IncreaseSummary(month: Month(year: 2026, month: 3)!, changes: changes)
            #expect(summary.meanIncreaseMinor == raise)
            #expect(summary.increaseBasisPoints == RateChange(from: before, to: after)!.increaseBasisPoints)
        }
    }
}
