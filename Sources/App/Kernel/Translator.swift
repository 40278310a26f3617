import Foundation

/// Every UI string, per language, from `Localization/<language>.json` (flat "key": "text").
public struct Translations: Sendable {
    public let strings: [Language: [String: String]]

    public init(strings: [Language: [String: String]]) {
        self.strings = strings
    }

    public static func load(directory: String) throws -> Translations {
        var strings: [Language: [String: String]] = [:]
        for language in Language.allCases {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + language.rawValue + ".json"))
            strings[language] = try JSONDecoder().decode([String: String].self, from: data)
        }
        return Translations(strings: strings)
    }

    public func has(_ key: String) -> Bool {
        Language.allCases.allSatisfy { strings[$0]?[key] != nil }
    }

    /// The text of `key`, with `{0}`, `{1}`… replaced by the arguments. A missing key shows
    /// itself, so it is visible on the page (and a test fails).
    public func text(_ key: String, _ language: Language, _ arguments: [String] = []) -> String {
        Translator(self, language).text(key, arguments)
    }

    /// `template` with each `{n}` replaced by `arguments[n]`, in one pass: an argument's own
    /// text is never searched again (a name written "{1}" stays as written), and a placeholder
    /// with no argument stays as it is.
    static func fill(_ template: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return template }
        let bytes = Array(template.utf8)
        var result = ""
        result.reserveCapacity(bytes.count + arguments.reduce(0) { $0 + $1.utf8.count })
        var index = 0, copied = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            var end = index + 1, number = 0
            while end < bytes.count, end - index <= 3, let digit = Self.digit(bytes[end]) {
                number = number * 10 + digit
                end += 1
            }
            if end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: "}"), number < arguments.count {
                result += String(decoding: bytes[copied..<index], as: UTF8.self)
                result += arguments[number]
                index = end + 1
                copied = index
            } else {
                index += 1
            }
        }
        result += String(decoding: bytes[copied...], as: UTF8.self)
        return result
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}

/// The texts of one language: how page models say things, built from data and a translator,
/// without a request.
public struct Translator: Sendable {
    public let translations: Translations
    public let language: Language
    /// The language's texts and the English ones, found once: a page asks for hundreds of texts,
    /// each then one lookup by its key.
    private let texts: [String: String], english: [String: String]

    public init(_ translations: Translations, _ language: Language) {
        self.translations = translations
        self.language = language
        texts = translations.strings[language] ?? [:]
        english = translations.strings[.en] ?? [:]
    }

    /// The text of `key` with `{0}`, `{1}`… replaced.
    public func callAsFunction(_ key: String, _ arguments: String...) -> String {
        text(key, arguments)
    }

    /// The language's text of `key`, else the English one, else the key itself; with `{0}`,
    /// `{1}`… replaced (`Translations.fill`).
    public func text(_ key: String, _ arguments: [String]) -> String {
        Translations.fill(texts[key] ?? english[key] ?? key, arguments)
    }

    /// "November 2026" / "listopad 2026".
    public func month(_ month: Month) -> String {
        self("month.name.\(month.month)") + " " + String(month.year)
    }

    /// "20. 11. 2026" / "20 November 2026".
    public func day(_ date: LocalDate) -> String {
        language == .cs ? "\(date.day). \(date.month). \(date.year)"
            : "\(date.day) " + self("month.name.\(date.month)") + " \(date.year)"
    }

    /// "1 000,50 Kč" / "CZK 1,000.50".
    public func money(minor: Int64, currency: String) -> String {
        Money.format(minor: minor, currency: currency, language: language)
    }
}
