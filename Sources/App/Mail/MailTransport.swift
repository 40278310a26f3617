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

    /// What sendmail sees of the server's environment: where programs are, the home directory
    /// (msmtp reads ~/.msmtprc), the language and time zone; never the database URLs or the
    /// secret key.
    static func environment(_ server: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var kept = ["PATH": server["PATH"] ?? "/usr/sbin:/usr/bin:/sbin:/bin"]
        for name in ["HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TZ", "TMPDIR"] { kept[name] = server[name] }
        return kept
    }

    public func send(_ message: MailMessage) async throws {
        let outcome: ChildProcess.Outcome
        do {
            outcome = try await ChildProcess.run(command, input: Data(message.rendered.utf8), timeout: timeout,
                                                 maxOutput: 2_000, mergeStandardError: true,
                                                 environment: Self.environment())
        } catch let failure as ChildProcess.StartFailure {
            throw Failure(description: failure.description)
        }
        let executable = command[0]
        let said = String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !outcome.timedOut else { throw Failure(description: "\(executable) did not finish in time: \(said)") }
        guard outcome.status == 0, !outcome.signaled else {
            throw Failure(description: "\(executable) exited with \(outcome.status): \(said)")
        }
        guard outcome.inputDelivered else { throw Failure(description: "\(executable) stopped reading the message: \(said)") }
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
