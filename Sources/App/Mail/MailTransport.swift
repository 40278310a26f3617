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

    public func send(_ message: MailMessage) async throws {
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
        try? input.fileHandleForWriting.write(contentsOf: Data(message.rendered.utf8))
        try? input.fileHandleForWriting.close()
        let timeout = self.timeout
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            if process.isRunning { process.terminate() }
        }
        var status: Int32 = -1
        for await code in finished.stream { status = code }
        watchdog.cancel()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile().prefix(2_000), as: UTF8.self)
        guard status == 0 else {
            throw Failure(description: "\(executable) exited with \(status): \(said.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
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
