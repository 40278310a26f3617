import Foundation

/// An e-mail as handed to the system's sendmail (RFC 5322): a multipart/alternative of the plain
/// text and the HTML made from it (`MailHTML`), each UTF-8 in base64; a Message-ID made from the
/// outbox row, so a message sent twice is recognisably one; and, for a notification, the
/// one-click unsubscribe headers of RFC 8058.
public struct MailMessage: Sendable, Equatable {
    public let from: String
    public let to: String
    public let subject: String
    public let body: String
    /// Identifies the message (and its outbox row) in headers and logs.
    public let id: UUID
    public let date: Date
    /// Where one POST turns this kind of mail off (List-Unsubscribe); nil for a sign-in link.
    public let unsubscribeURL: String?

    public enum Problem: Error, Equatable {
        /// A header value with a line break or an address that is not a single plain address.
        case unsafeHeader(String)
    }

    public init(from: String, to: String, subject: String, body: String, id: UUID = UUID(), date: Date = Date(),
                unsubscribeURL: String? = nil) throws {
        for (name, value) in [("From", from), ("To", to), ("Subject", subject)] where value.contains(where: \.isNewline) {
            throw Problem.unsafeHeader(name)
        }
        if let unsubscribeURL, !MailHTML.isAddress(unsubscribeURL) || !unsubscribeURL.allSatisfy(\.isASCII) {
            throw Problem.unsafeHeader("List-Unsubscribe")
        }
        guard EmailAddress.normalized(to) != nil, !to.contains(where: { "<>,;\"".contains($0) }) else {
            throw Problem.unsafeHeader("To")
        }
        self.from = from
        self.to = to
        self.subject = subject
        self.body = body
        self.id = id
        self.date = date
        self.unsubscribeURL = unsubscribeURL
    }

    /// The bytes for `sendmail -t`: headers, a blank line, the two parts in base64 lines of 76.
    public var rendered: String {
        let boundary = "roster-" + id.lowercasedString
        var headers = [
            "From: \(Self.encodedWords(from))",
            "To: \(to)",
            "Subject: \(Self.encodedWords(subject))",
            "Date: \(Self.rfc5322Date(date))",
            "Message-ID: <\(id.lowercasedString)@roster>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "Auto-Submitted: auto-generated",
        ]
        if let unsubscribeURL {
            headers.append("List-Unsubscribe: <\(unsubscribeURL)>")
            headers.append("List-Unsubscribe-Post: List-Unsubscribe=One-Click")
        }
        let parts = [("text/plain", body), ("text/html", MailHTML.from(text: body))].map { type, text in
            "--\(boundary)\r\nContent-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
                + Self.base64Lines(text) + "\r\n"
        }
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + parts.joined() + "--\(boundary)--\r\n"
    }

    /// The text with CRLF line ends, in base64 lines of 76 characters.
    static func base64Lines(_ text: String) -> String {
        Data(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n").utf8)
            .base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
    }

    /// ASCII stays as it is; anything else becomes RFC 2047 encoded words (base64, UTF-8).
    /// In "Name <address>" only the name is encoded.
    static func encodedWords(_ text: String) -> String {
        if text.allSatisfy({ $0.isASCII }) { return text }
        if let open = text.lastIndex(of: "<"), text.hasSuffix(">") {
            let name = text[..<open].trimmingCharacters(in: .whitespaces)
            return encodedWords(String(name)) + " " + text[open...]
        }
        // Encoded words are at most 75 characters: split the text into chunks of whole characters.
        var words: [String] = [], chunk = ""
        for character in text {
            if (chunk + String(character)).utf8.count > 42 {
                words.append(chunk)
                chunk = ""
            }
            chunk.append(character)
        }
        if !chunk.isEmpty { words.append(chunk) }
        return words.map { "=?UTF-8?B?" + Data($0.utf8).base64EncodedString() + "?=" }.joined(separator: "\r\n ")
    }

    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
