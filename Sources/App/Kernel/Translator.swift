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
        var text = strings[language]?[key] ?? strings[.en]?[key] ?? key
        for (index, argument) in arguments.enumerated() {
            text = text.replacingOccurrences(of: "{\(index)}", with: argument)
        }
        return text
    }
}

/// The texts of one language: how page models say things, built from data and a translator,
/// without a request.
public struct Translator: Sendable {
    public let translations: Translations
    public let language: Language

    public init(_ translations: Translations, _ language: Language) {
        self.translations = translations
        self.language = language
    }

    /// The text of `key` with `{0}`, `{1}`… replaced.
    public func callAsFunction(_ key: String, _ arguments: String...) -> String {
        translations.text(key, language, arguments)
    }

    public func text(_ key: String, _ arguments: [String]) -> String {
        translations.text(key, language, arguments)
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
