import Foundation
import LeafKit
import Vapor

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

/// `#t("key", arg…)` in templates: the translated text, HTML-escaped like any other output.
struct TranslateTag: LeafTag {
    let translations: Translations

    func render(_ ctx: LeafContext) throws -> LeafData {
        guard let key = ctx.parameters.first?.string else {
            throw Abort(.internalServerError, reason: "#t needs a translation key as its first parameter")
        }
        let language = ctx.request?.language ?? .en
        let arguments = ctx.parameters.dropFirst().map { $0.string ?? "" }
        return .string(translations.text(key, language, Array(arguments)))
    }
}
