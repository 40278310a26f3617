/// One choice of a `<select>` or a radio group, ready to print.
struct SelectOption: Equatable, Sendable {
    let value: String
    let label: String
    let selected: Bool
}
