import Foundation
import Testing
@testable import App

/// Sort keys without case and accents (`FoldedText`): the same as Foundation's folding, whether
/// the key was kept or not, and after the kept keys were forgotten.
@Suite struct FoldedTextTests {
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    @Test func aKeyIsTheTextWithoutCaseAndAccentsKeptOrNot() {
        for text in ["Údržba · Škoda Auto", "ČEZ · Žádosti", "acme · ŘÍJEN", "", "Ångström · ǅ", "a\u{301} · e\u{30C}"] {
            #expect(FoldedText.key(text) == Self.folded(text))
            #expect(FoldedText.key(text) == Self.folded(text))
        }
        #expect(FoldedText.key("Údržba") == "udrzba")
        let long = String(repeating: "Ž", count: FoldedText.longest)
        #expect(FoldedText.key(long) == Self.folded(long) && FoldedText.key(long) == String(repeating: "z", count: FoldedText.longest))
    }

    @Test func moreLabelsThanAreKeptStillFoldEachRight() {
        for index in 0..<(FoldedText.limit + 10) {
            let text = "Projekt \(index) · Čí\(index % 7)"
            #expect(FoldedText.key(text) == Self.folded(text))
        }
        #expect(FoldedText.key("Projekt 0 · Čí0") == "projekt 0 · ci0")
    }
}
