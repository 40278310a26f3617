import Foundation
import Logging

/// Where the outbox worker hands messages.
public protocol MailTransport: Sendable {
    func send(_ message: MailMessage) async throws
}

/// The system's sendmail interface (`/usr/sbin/sendmail -t -i`, which msmtp provides, or any
/// command that reads a message on stdin and takes its recipients from the headers).
public struct SendmailTransport: MailTransport {
    public let command: [String]
    public let timeout: Duration

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(command: [String], timeout: Duration = .seconds(30)) {
        self.command = command
        self.timeout = timeout
    }

    /// "msmtp --host=… -t" → ["msmtp", "--host=…", "-t"]: words split on spaces, no shell.
    public init?(commandLine: String, timeout: Duration = .seconds(30)) {
        let words = commandLine.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return nil }
        self.init(command: words, timeout: timeout)
    }

    /// Writing to a child that stopped reading must fail with EPIPE, not kill the process.
    static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    public func send(_ message: MailMessage) async throws {
        _ = Self.ignoreBrokenPipes
        let process = Process()
        let executable = command[0]
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = Array(command.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
        }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let finished = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished.continuation.yield($0.terminationStatus); finished.continuation.finish() }
        do {
            try process.run()
        } catch {
            throw Failure(description: "\(executable) could not be started: \(error)")
        }
        // Only the child holds the reading end of its stdin (Process closes ours): if it stops
        // reading, our write fails (EPIPE, SIGPIPE being ignored); the watchdog ends a child that hangs.
        let timeout = self.timeout
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            // SIGKILL: a hung child may block or ignore SIGTERM.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        // A blocking write, so on a thread of its own: neither the concurrency pool nor Dispatch's
        // shared threads may wait on a child process.
        let writer = input.fileHandleForWriting
        let bytes = Data(message.rendered.utf8)
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Thread {
                do {
                    try writer.write(contentsOf: bytes)
                    try writer.close()
                    continuation.resume(returning: true)
                } catch {
                    try? writer.close()
                    continuation.resume(returning: false)
                }
            }.start()
        }
        var status: Int32 = -1
        for await code in finished.stream { status = code }
        watchdog.cancel()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile().prefix(2_000), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0 else { throw Failure(description: "\(executable) exited with \(status): \(said)") }
        guard delivered else { throw Failure(description: "\(executable) stopped reading the message: \(said)") }
    }
}

/// Development without a mail set-up: the message goes to the log (and stays in the outbox,
/// where the development mailbox page shows it).
public struct LogTransport: MailTransport {
    public let logger: Logger

    public init(logger: Logger) { self.logger = logger }

    public func send(_ message: MailMessage) async throws {
        logger.notice("mail to \(message.to): \(message.subject)\n\(message.body)")
    }
}
