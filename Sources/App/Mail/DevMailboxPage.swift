import Foundation

/// Development only: the mail Roster would have sent, newest first, with the sign-in link of
/// each (so a developer can follow it).
struct DevMailboxPage: Encodable {
    struct MessageView: Encodable, Equatable {
        let recipient: String
        let subject: String
        let body: String
        let at: String
        let state: String
        let link: String?
    }

    let layout: Layout
    let messages: [MessageView]

    init(layout: Layout, mails: [OutboxMail], t: Translator) {
        let formatter = ISO8601DateFormatter()
        self.layout = layout
        messages = mails.map { mail in
            MessageView(
                recipient: mail.recipient, subject: mail.subject, body: mail.body, at: formatter.string(from: mail.createdAt),
                state: t(mail.sentAt != nil ? "mailbox.sent" : mail.failedAt != nil ? "mailbox.failed" : "mailbox.queued"),
                link: Self.signInLink(in: mail.body))
        }
    }

    /// The first sign-in link of a mail's text.
    static func signInLink(in body: String) -> String? {
        body.firstMatch(of: /https?:\/\/\S+\/login\/[A-Za-z0-9_-]+/).map { String($0.output) }
    }
}
