import LeafKit
import Vapor

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
