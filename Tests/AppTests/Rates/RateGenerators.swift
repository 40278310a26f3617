import Foundation
import PropertyBased
@testable import App

/// Generated rate histories for property tests: up to `count` rates on distinct days in
/// 2025–2026, amounts from 1 minor unit to the maximum, in one currency.
enum RateGenerators {
    static let origin = LocalDate(iso: "2025-01-01")!

    static func history(count: ClosedRange<Int> = 0...8, currency: String = "CZK")
        -> Generator<[Rate], some Sequence & SendableMetatype>
    {
        zip(Gen.int(in: 0...729), Gen.int64(in: 1...Money.maxHourlyRateMinor)).array(of: count).map { pairs in
            var seen = Set<Int>()
            return pairs.compactMap { offset, amount -> Rate? in
                guard seen.insert(offset).inserted else { return nil }
                return Rate(effectiveFrom: origin.adding(days: offset), amountMinor: amount, currency: currency)
            }
        }
    }

    static var day: Generator<LocalDate, some Sequence & SendableMetatype> {
        Gen.int(in: -30...760).map { origin.adding(days: $0) }
    }

    static var month: Generator<Month, some Sequence & SendableMetatype> {
        Gen.int(in: -1...24).map { Month(origin).adding(months: $0) }
    }
}
