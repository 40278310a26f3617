import Foundation

/// Development only: the mail Roster would have sent, newest first, with the sign-in link of
/// each (so a developer can follow it).
struct DevMailboxPage: HTMLPage {
    struct MessageView: Equatable {
        let recipient: String
        let subject: String
        let body: String
        let at: String
        let state: String
        let link: String?
    }

    let layout: Layout
    let messages: [MessageView]
    let t: Translator

    init(layout: Layout, mails: [OutboxMail], t: Translator) {
        let formatter = ISO8601DateFormatter()
        self.layout = layout
        self.t = t
        messages = mails.map { mail in
            MessageView(
                recipient: mail.recipient, subject: mail.subject, body: mail.body, at: formatter.string(from: mail.createdAt),
                state: t(mail.sentAt != nil ? "mailbox.sent" : mail.failedAt != nil ? "mailbox.failed" : "mailbox.queued"),
                link: Self.signInLink(in: mail.body))
        }
    }

    var body: HTML {
        var html: HTML = """
            <h1>\(t("mailbox.title"))</h1>
            <p class="hint">\(t("mailbox.intro"))</p>

            """
        guard !messages.isEmpty else {
            html.append("<p class=\"empty\">\(t("mailbox.empty"))</p>\n")
            return html
        }
        let items = messages.map { message -> HTML in
            let link: HTML = message.link.map { "<p><a href=\"\($0)\">\($0)</a></p>\n" } ?? .empty
            return """
                  <li class="card-row">
                    <p><strong>\(message.subject)</strong> · \(message.recipient) · <time>\(message.at)</time> · \(message.state)</p>
                    \(link)<pre class="mail">\(message.body)</pre>
                  </li>

                """
        }
        html.append("<ul class=\"teams\">\n\(items.joined())</ul>\n")
        return html
    }

    /// The first sign-in link of a mail's text.
    static func signInLink(in body: String) -> String? {
        body.firstMatch(of: /https?:\/\/\S+\/login\/[A-Za-z0-9_-]+/).map { String($0.output) }
    }
}
