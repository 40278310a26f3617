/// The reason that goes with a decision a person reads (a returned month of time, a declined
/// absence, a returned work statement): one paragraph, cleaned as a time entry's text is, of at
/// most `maxLength` code points, as the tables' checks count (`storedLength`).
enum DecisionReason {
    static let maxLength = 500

    /// The cleaned reason (empty when none was given); nil when it is longer than `maxLength`.
    static func parse(_ text: String?) -> String? {
        let cleaned = TimeEntryRules.cleaned(String((text ?? "").prefix(4 * maxLength)))
        return cleaned.storedLength <= maxLength ? cleaned : nil
    }
}
