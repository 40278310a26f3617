import Foundation

/// The form that adds a person or edits one: what was typed, the teams and contract kinds to
/// choose from, and each field's problem.
struct EmployeeFormPage: Encodable {
    let layout: Layout
    let heading: String
    let action: String
    let cancelURL: String
    let creating: Bool
    let form: EmployeeForm
    let teams: [SelectOption]
    let kinds: [SelectOption]
    let errors: [String: String]
    let errorSummary: String?

    /// The heading (and title): adding a person, or editing one.
    static func heading(editing id: UUID?, t: Translator) -> String { t(id == nil ? "employee.new" : "employee.edit") }

    /// - Parameters:
    ///   - id: the person edited; nil when one is added.
    ///   - errors: field → the key of its problem.
    init(layout: Layout, slug: String, id: UUID?, form: EmployeeForm, teams: [(id: UUID, name: String)],
         errors: [String: String], t: Translator) {
        self.layout = layout
        heading = Self.heading(editing: id, t: t)
        action = id.map { Paths.editPerson(slug, $0) } ?? Paths.newPerson(slug)
        cancelURL = id.map { Paths.person(slug, $0) } ?? Paths.people(slug)
        creating = id == nil
        self.form = form
        self.teams = teams.map {
            SelectOption(value: $0.id.lowercasedString, label: $0.name,
                         selected: $0.id.lowercasedString == form.team.lowercased())
        }
        kinds = ContractKind.allCases.map {
            SelectOption(value: $0.rawValue, label: t("contract.\($0.rawValue)"), selected: $0.rawValue == form.contractKind)
        }
        self.errors = errors.mapValues { t($0) }
        errorSummary = errors.isEmpty ? nil : t("employee.error.summary")
    }
}
