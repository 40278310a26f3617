import Foundation
import NIOConcurrencyHelpers

/// Runs a command with bytes on its stdin and collects its stdout, bounded in time and in
/// output: a child that hangs is killed when the timeout passes, one that writes too much is
/// killed when it passes the limit, one that stops reading its input makes the write fail
/// instead of blocking. Blocking reads and writes happen on threads of their own at a lower
/// priority (`LowPriorityThread`), never on the concurrency pool.
public enum ChildProcess {
    public struct Outcome: Sendable {
        /// The exit status, or the signal that ended the child when `signaled`.
        public let status: Int32
        public let signaled: Bool
        public let output: Data
        public let timedOut: Bool
        /// The child wrote more than the limit and was killed for it.
        public let outputExceeded: Bool
        /// The whole input was written (the child did not stop reading early).
        public let inputDelivered: Bool
    }

    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writing to a child that stopped reading must fail with EPIPE, not kill the server.
    static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// - Parameters:
    ///   - command: the executable (a path, or a name looked up on PATH) and its arguments; no shell.
    ///   - mergeStandardError: collect stderr with stdout; otherwise it is discarded.
    ///   - environment: the child's whole environment (`[:]`: none at all), or nil for the
    ///     server's own. A child that handles untrusted input must get an explicit one: the
    ///     server's holds the database URLs and the secret key.
    public static func run(
        _ command: [String], input: Data, timeout: Duration, maxOutput: Int, mergeStandardError: Bool = false,
        environment: [String: String]? = nil
    ) async throws -> Outcome {
        _ = ignoreBrokenPipes
        precondition(!command.isEmpty)
        let process = Process()
        if let environment { process.environment = environment }
        if command[0].contains("/") {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
        }
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = mergeStandardError ? stdout : FileHandle.nullDevice
        let finished = AsyncStream<(Int32, Bool)>.makeStream()
        // Once the child has ended, its pid may be reused: nothing may signal it after that.
        let state = NIOLockedValueBox((exited: false, timedOut: false))
        process.terminationHandler = {
            state.withLockedValue { $0.exited = true }
            finished.continuation.yield(($0.terminationStatus, $0.terminationReason == .uncaughtSignal))
            finished.continuation.finish()
        }
        do {
            try process.run()
        } catch {
            throw StartFailure(description: "\(command[0]) could not be started: \(error)")
        }
        let pid = process.processIdentifier
        // SIGKILL: a hung child may block or ignore SIGTERM.
        let killChild = { @Sendable in state.withLockedValue { if !$0.exited { kill(pid, SIGKILL) } } }
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            state.withLockedValue { $0.timedOut = !$0.exited }
            killChild()
        }
        async let delivered = LowPriorityThread.run {
            let writer = stdin.fileHandleForWriting
            do {
                try writer.write(contentsOf: input)
                try writer.close()
                return true
            } catch {
                try? writer.close()
                return false
            }
        }
        async let collected = LowPriorityThread.run { () -> (Data, Bool) in
            let reader = stdout.fileHandleForReading
            var output = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { return (output, false) }
                output.append(chunk)
                if output.count > maxOutput {
                    killChild()
                    return (output.prefix(maxOutput), true)
                }
            }
        }
        let (output, exceeded) = await collected
        let inputDelivered = await delivered
        var status: Int32 = -1, signaled = false
        for await (code, bySignal) in finished.stream { (status, signaled) = (code, bySignal) }
        watchdog.cancel()
        try? stdout.fileHandleForReading.close()
        return Outcome(status: status, signaled: signaled, output: output,
                       timedOut: state.withLockedValue { $0.timedOut }, outputExceeded: exceeded, inputDelivered: inputDelivered)
    }
}
