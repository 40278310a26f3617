import Foundation
import NIOConcurrencyHelpers

/// Text without case and accents, as a sort key ("Údržba" → "udrzba"). Foundation's folding
/// takes each string across to an NSString and back: for a month of time's projects that was
/// about a twentieth of the page's server time in a profile. The same few labels come back on
/// every page, so their keys are kept, at most `limit` of them (all forgotten when that many are
/// kept), and none of a label longer than `longest` bytes.
enum FoldedText {
    static let limit = 4_096
    static let longest = 256
    private static let keys = NIOLockedValueBox<[String: String]>([:])

    static func key(_ text: String) -> String {
        if let key = keys.withLockedValue({ $0[text] }) { return key }
        let key = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        guard text.utf8.count <= longest else { return key }
        keys.withLockedValue { keys in
            if keys.count >= limit { keys.removeAll(keepingCapacity: true) }
            keys[text] = key
        }
        return key
    }
}
