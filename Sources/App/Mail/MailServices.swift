import Foundation
import Vapor

extension Application {
    /// The transport the settings and the environment call for: `ROSTER_SENDMAIL` when set; in
    /// production the system's sendmail (msmtp-mta or any MTA provides it); otherwise the log,
    /// with the development mailbox page showing what would have been sent.
    public var mailTransport: any MailTransport {
        if let command = settings.sendmailCommand, let transport = SendmailTransport(commandLine: command) {
            return transport
        }
        if environment == .production, FileManager.default.isExecutableFile(atPath: "/usr/sbin/sendmail") {
            return SendmailTransport(command: ["/usr/sbin/sendmail", "-t", "-i"])
        }
        return LogTransport(logger: logger)
    }

    public var mailWorker: MailWorker {
        var worker = MailWorker(database: database, transport: mailTransport, from: settings.mailFrom, logger: logger)
        worker.metrics = metrics
        return worker
    }

    public var scheduledMail: ScheduledMail {
        ScheduledMail(database: database, clock: settings.clock, publicURL: settings.publicURL,
                         translations: translations, logger: logger)
    }
}
