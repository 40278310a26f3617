import Foundation

/// The HTML part of a mail, made from its plain text (so the two always say the same): each
/// paragraph (text between blank lines) a `<p>`, its lines kept apart, a paragraph that is one
/// http(s) address a link, and everything escaped. No images, no tracking, no outside styles. Pure.
public enum MailHTML {
    public static func from(text: String) -> String {
        let paragraphs = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
        var html: HTML = """
            <!DOCTYPE html><html><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1"></head>\
            <body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 40em;">
            """
        for paragraph in paragraphs {
            let trimmed = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            if isAddress(trimmed) {
                html.append("<p><a href=\"\(trimmed)\">\(trimmed)</a></p>\n")
                continue
            }
            var lines = HTML.empty
            for (index, line) in trimmed.components(separatedBy: "\n").enumerated() {
                if index > 0 { lines.append("<br>") }
                lines.append(HTML(text: line))
            }
            html.append("<p>\(lines)</p>\n")
        }
        html.append("</body></html>\n")
        return html.string
    }

    /// One http(s) address and nothing else: no spaces, quotes or angle brackets.
    static func isAddress(_ text: String) -> Bool {
        (text.hasPrefix("https://") || text.hasPrefix("http://")) && text.count <= 2_000
            && !text.contains(where: { $0.isWhitespace || "\"'<>`".contains($0) })
    }
}
