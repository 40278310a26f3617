import Foundation
@testable import App

/// The project's own texts, for page models built in tests without a server.
enum TestTranslator {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let translations = try! Translations.load(directory: root + "/Localization")
    static let en = Translator(translations, .en)
    static let cs = Translator(translations, .cs)
}
