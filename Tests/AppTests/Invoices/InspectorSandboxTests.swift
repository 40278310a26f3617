import Foundation
import NIOConcurrencyHelpers
import Testing
@testable import App

/// The limits around the inspector, tested with stand-ins that misbehave on purpose: each ends
/// in `.failed` (the upload is refused as unreadable) and in time.
@Suite struct InspectorSandboxTests {
    static let pdf = TestPDF.invoice(["Faktura"])

    static func inspector(_ script: String, cpuSeconds: Int = 10, memory: Int = 1 << 30, timeout: Duration = .seconds(20),
                          maxOutput: Int = 2 << 20) -> PDFInspector {
        var limits = PDFInspector.Limits()
        limits.cpuSeconds = cpuSeconds
        limits.addressSpaceBytes = memory
        limits.timeout = timeout
        limits.maxOutputBytes = maxOutput
        return PDFInspector(command: ["/bin/sh", "-c", script], limits: limits, concurrency: 2)
    }

    /// Runs the inspection and returns how it ended and how long it took.
    static func run(_ inspector: PDFInspector) async -> (PDFInspector.Result, Duration) {
        let started = ContinuousClock.now
        let result = await inspector.inspect(pdf)
        return (result, ContinuousClock.now - started)
    }

    /// A stand-in that sleeps, reads its input and exits with 3, in one process.
    static func sleepThenFail(_ seconds: Double) -> String {
        "exec python3 -c 'import sys, time; time.sleep(\(seconds)); sys.stdin.buffer.read(); sys.exit(3)'"
    }

    static func failed(_ result: PDFInspector.Result) -> String? {
        if case .failed(let why) = result { return why }
        return nil
    }

    @Test func aHangingInspectorIsKilledAtTheTimeout() async {
        let (result, took) = await Self.run(Self.inspector("exec sleep 60", timeout: .seconds(1)))
        #expect(Self.failed(result)?.contains("no answer") == true, "\(result)")
        // Killed at the timeout, not after the minute the child asked for. The bound leaves room
        // for starting the sandbox on a machine busy with the whole suite (6.5 s was seen there).
        #expect(took < .seconds(15))
        #expect(InvoiceRules.refusal(for: result, maxPages: 20) == .unreadable)
    }

    @Test func anInspectorThatAllocatesWithoutBoundHitsTheMemoryLimit() async {
        // Python grows a list of 1 MB blocks forever; the address-space limit stops it long
        // before the (generous) timeout would.
        let script = "exec python3 -c 'blocks = []\nwhile True: blocks.append(bytearray(1 << 20))'"
        let (result, took) = await Self.run(Self.inspector(script, memory: 256 << 20, timeout: .seconds(60)))
        #expect(Self.failed(result)?.contains("exited with") == true, "\(result)")
        #expect(took < .seconds(30))
    }

    @Test func anInspectorThatSpinsHitsTheCPULimit() async {
        let (result, took) = await Self.run(Self.inspector("while :; do :; done", cpuSeconds: 1, timeout: .seconds(60)))
        #expect(Self.failed(result)?.contains("signal") == true, "\(result)")
        #expect(took < .seconds(20))
    }

    @Test func anInspectorThatFloodsItsOutputIsCutOff() async {
        let (result, _) = await Self.run(Self.inspector("exec yes", timeout: .seconds(30), maxOutput: 100_000))
        #expect(Self.failed(result)?.contains("output") == true, "\(result)")
    }

    @Test func aCrashingInspectorIsAFailure() async {
        let (result, _) = await Self.run(Self.inspector("kill -SEGV $$"))
        #expect(Self.failed(result)?.contains("signal") == true, "\(result)")
    }

    @Test func anAnswerThatIsNotAReportIsAFailure() async {
        // The sandbox starts no second process: the stand-ins `exec` what they run.
        let (result, _) = await Self.run(Self.inspector("exec python3 -c 'import sys; sys.stdin.buffer.read(); print(\"hello\")'"))
        #expect(Self.failed(result) == "an answer that is not a report")
    }

    @Test func aMissingInspectorIsAFailureNotACrash() async {
        let inspector = PDFInspector(command: ["/nonexistent/roster-pdf"], concurrency: 1)
        #expect(Self.failed(await inspector.inspect(Self.pdf)) != nil)
    }

    @Test func theGateLetsAtMostItsLimitRunAtOnce() async {
        let gate = ConcurrencyGate(limit: 2)
        let counts = NIOLockedValueBox((now: 0, most: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await gate.withTurn {
                        counts.withLockedValue { $0.now += 1; $0.most = max($0.most, $0.now) }
                        try? await Task.sleep(for: .milliseconds(50))
                        counts.withLockedValue { $0.now -= 1 }
                    }
                }
            }
        }
        #expect(counts.withLockedValue { $0.most } == 2)
        #expect(await gate.queued == 0)
    }

    @Test func inspectionsQueueBehindTheConcurrencyLimit() async {
        // Four inspections that take 0.5 s each, one at a time: about 2 s in all.
        let inspector = PDFInspector(command: ["/bin/sh", "-c", Self.sleepThenFail(0.5)], concurrency: 1)
        let started = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = await inspector.inspect(Self.pdf) } }
        }
        #expect(ContinuousClock.now - started >= .milliseconds(1_900))
    }

    @Test func aBurstBeyondTheQueueIsTurnedAwayAtOnce() async {
        var limits = PDFInspector.Limits()
        limits.maxQueued = 1
        let inspector = PDFInspector(command: ["/bin/sh", "-c", Self.sleepThenFail(1)], limits: limits,
                                     concurrency: 1)
        // One runs, one waits, the third is told to come back.
        let results = await withTaskGroup(of: PDFInspector.Result.self) { group in
            for index in 0..<3 {
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(100 * index))
                    return await inspector.inspect(Self.pdf)
                }
            }
            var all: [PDFInspector.Result] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.filter { $0 == .busy }.count == 1)
        #expect(InvoiceRules.refusal(for: .busy, maxPages: 20) == .busy)
    }
}
