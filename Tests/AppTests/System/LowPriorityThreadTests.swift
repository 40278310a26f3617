import Foundation
import Testing
@testable import App

/// Size-proportional upload work runs below the pages' priority, and its result or error arrives.
@Suite struct LowPriorityThreadTests {
    struct Refused: Error, Equatable {}

    @Test func workRunsAtNiceTenAndReturnsItsResult() async throws {
        let here = LowPriorityThread.currentNiceness()
        let there = await LowPriorityThread.run { LowPriorityThread.currentNiceness() }
        let thrown = try await LowPriorityThread.run { () throws -> Int32 in LowPriorityThread.currentNiceness() }
        #if os(Linux)
        // Lowered by 10 from where the process runs (capped at 19), and only on that thread.
        #expect(there == min(19, here + LowPriorityThread.niceness))
        #expect(thrown == there)
        #expect(LowPriorityThread.currentNiceness() == here)
        #endif
        let sum = await LowPriorityThread.run { (1...1_000).reduce(0, +) }
        #expect(sum == 500_500)
    }

    @Test func anErrorOfTheWorkIsThrownToTheCaller() async {
        await #expect(throws: Refused.self) {
            try await LowPriorityThread.run { () throws -> Int in throw Refused() }
        }
    }
}
