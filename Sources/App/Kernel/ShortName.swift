/// The name of a client, a project, a team or a company day off: one line of 1–100 characters
/// (counted as the tables count them, `storedLength`), cleaned as a time entry's text is.
enum ShortName {
    static let maxLength = 100

    /// The cleaned name, or nil when it is empty or longer than `maxLength`.
    static func parse(_ text: String?) -> String? {
        let name = TimeEntryRules.cleaned(String((text ?? "").prefix(4 * maxLength)))
        return (1...maxLength).contains(name.storedLength) ? name : nil
    }
}
