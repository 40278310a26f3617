import Foundation

public enum Language: String, Sendable, CaseIterable, Codable {
    case cs, en

    /// The user's saved choice, then the browser's cookie, then Accept-Language, then the tenant's default.
    public static func negotiate(
        preferred: Language?, cookie: String?, acceptLanguage: String?, fallback: Language
    ) -> Language {
        if let preferred { return preferred }
        if let cookie, let chosen = Language(rawValue: cookie) { return chosen }
        if let acceptLanguage, let fromHeader = fromAcceptLanguage(acceptLanguage) { return fromHeader }
        return fallback
    }

    /// The supported language with the highest q-value in an Accept-Language header.
    public static func fromAcceptLanguage(_ header: String) -> Language? {
        var best: (language: Language, q: Double, order: Int)?
        for (order, part) in header.split(separator: ",").enumerated() {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = fields.first?.lowercased() else { continue }
            let primary = String(tag.split(separator: "-").first ?? "")
            guard let language = Language(rawValue: primary) else { continue }
            var q = 1.0
            for field in fields.dropFirst() where field.hasPrefix("q=") {
                q = Double(field.dropFirst(2)) ?? 0
            }
            guard q > 0 else { continue }
            if best == nil || q > best!.q { best = (language, q, order) }
        }
        return best?.language
    }
}
