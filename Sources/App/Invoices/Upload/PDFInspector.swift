import Foundation
import PDFInspection

/// Hands uploaded bytes to the `roster-pdf` process in its sandbox (`PDFSandbox`), under
/// resource limits and with an empty environment, and reads its report. Whatever the inspector
/// does (crash, hang, allocate without end, flood its output, reach for the network or the
/// server's secrets) ends in `.failed`, never in the server; at most `concurrency` inspections
/// run at once.
public struct PDFInspector: Sendable {
    public struct Limits: Sendable {
        /// CPU seconds (RLIMIT_CPU): a loop is ended by SIGXCPU/SIGKILL.
        public var cpuSeconds: Int = 10
        /// Address space (RLIMIT_AS): allocation fails beyond it.
        public var addressSpaceBytes: Int = 1 << 30
        /// Wall-clock time, for a child that sleeps or blocks.
        public var timeout: Duration = .seconds(20)
        /// The most stdout that is read; beyond it the child is killed.
        public var maxOutputBytes: Int = 2 << 20
        /// How many uploads may wait for an inspection; more are told to try again later.
        public var maxQueued: Int = 32

        public init() {}
    }

    public enum Result: Sendable, Equatable {
        case inspected(InspectionReport)
        /// The inspector did not produce a report; why, for the log.
        case failed(String)
        /// Too many inspections are waiting already; none was started.
        case busy
    }

    /// The inspector and its arguments (without the sandbox and limits, which `inspect` puts in front).
    public let command: [String]
    public let maxPages: Int
    public let limits: Limits
    public let sandbox: PDFSandbox
    private let gate: ConcurrencyGate
    /// Inspections running, waiting, refused and their time (`/metrics`).
    let metrics: RosterMetrics?

    public init(command: [String], maxPages: Int = PDFLimits.maxPages, limits: Limits = Limits(), sandbox: PDFSandbox = .bubblewrap,
                concurrency: Int, metrics: RosterMetrics? = nil) {
        self.metrics = metrics
        self.command = command
        self.maxPages = maxPages
        self.limits = limits
        self.sandbox = sandbox
        gate = ConcurrencyGate(limit: max(1, concurrency))
    }

    /// `roster-pdf` next to the running executable (the server and the test runner are built
    /// into the same directory), unless `ROSTER_PDF_INSPECTOR` names another.
    public static func defaultExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["ROSTER_PDF_INSPECTOR"], !path.isEmpty { return path }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("roster-pdf").path
    }

    /// The full command line: the sandbox, util-linux `prlimit` for the limits, the inspector.
    var launchCommand: [String] {
        sandbox.launch(command + ["--max-pages", String(maxPages)], limits: limits)
    }

    public func inspect(_ bytes: Data) async -> Result {
        // Not a PDF at all: no process needed to say so.
        guard InspectionReport.hasPDFHeader(bytes) else { return .inspected(InspectionReport(verdict: .notPDF)) }
        let command = launchCommand, limits = self.limits, sandbox = self.sandbox, metrics = self.metrics
        metrics?.pdfQueued.increment()
        let result: Result? = await gate.withTurn(maxQueued: limits.maxQueued) {
            metrics?.pdfQueued.decrement()
            metrics?.pdfRunning.increment()
            let started = ContinuousClock.now
            defer {
                metrics?.pdfRunning.decrement()
                metrics?.pdfDuration.record(started.duration(to: .now))
            }
            let outcome: ChildProcess.Outcome
            do {
                // Not one variable of the server's environment (database URLs, the secret key).
                outcome = try await ChildProcess.run(command, input: bytes, timeout: limits.timeout,
                                                     maxOutput: limits.maxOutputBytes, environment: [:])
            } catch {
                return .failed("\(error)")
            }
            if outcome.timedOut { return .failed("no answer within \(limits.timeout)") }
            if outcome.outputExceeded { return .failed("more than \(limits.maxOutputBytes) bytes of output") }
            if outcome.signaled { return .failed("ended by signal \(outcome.status)") }
            // bwrap exits with 128 + N when the sandboxed child was ended by signal N.
            if sandbox == .bubblewrap, outcome.status > 128 { return .failed("ended by signal \(outcome.status - 128)") }
            if outcome.status != 0 { return .failed("exited with \(outcome.status)") }
            guard let report = try? JSONDecoder().decode(InspectionReport.self, from: outcome.output) else {
                return .failed("an answer that is not a report")
            }
            return .inspected(report)
        }
        guard let result else {
            metrics?.pdfQueued.decrement()
            metrics?.pdfRefused("inspections-busy")
            return .busy
        }
        return result
    }
}
