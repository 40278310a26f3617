import Foundation
import Vapor

/// A message as the test SMTP server stored it, read the way a mail program would: unfolded
/// headers, and each part of the multipart/alternative body decoded from base64.
struct ReceivedMail {
    let headers: String
    let text: String
    let html: String

    func header(_ name: String) -> String? {
        headers.split(separator: "\n").first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
    }

    /// The message with Roster's Message-ID for outbox row `id`, from the Maildir's new/.
    static func find(in maildir: String, id: UUID) throws -> ReceivedMail {
        let folder = maildir + "/new"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let raw = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            guard raw.contains("<\(id.uuidString.lowercased())@roster>") else { continue }
            return try parse(raw)
        }
        throw Abort(.notFound, reason: "no message \(id) in \(folder)")
    }

    static func parse(_ raw: String) throws -> ReceivedMail {
        let normalized = raw.replacingOccurrences(of: "\r\n", with: "\n")
        guard let split = normalized.range(of: "\n\n") else { throw Abort(.badRequest, reason: "no body") }
        let headers = String(normalized[..<split.lowerBound]).replacingOccurrences(of: "\n ", with: " ")
        let body = String(normalized[split.upperBound...])
        guard let boundary = headers.firstMatch(of: /boundary="([^"]+)"/)?.1 else { throw Abort(.badRequest, reason: "not multipart") }
        var parts: [String: String] = [:]
        for chunk in body.components(separatedBy: "--" + boundary) {
            guard let end = chunk.range(of: "\n\n") else { continue }
            let partHeaders = chunk[..<end.lowerBound]
            guard let type = partHeaders.firstMatch(of: /Content-Type: ([a-z\/]+)/)?.1 else { continue }
            let encoded = chunk[end.upperBound...].replacingOccurrences(of: "\n", with: "")
            parts[String(type)] = Data(base64Encoded: encoded).map { String(decoding: $0, as: UTF8.self) }
        }
        return ReceivedMail(headers: headers, text: parts["text/plain"] ?? "", html: parts["text/html"] ?? "")
    }
}
