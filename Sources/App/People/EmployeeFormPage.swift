import Foundation

/// The form that adds a person or edits one: what was typed, the teams and contract kinds to
/// choose from, and each field's problem.
struct EmployeeFormPage: HTMLPage {
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
    let t: Translator

    /// The heading (and title): adding a person, or editing one.
    static func heading(editing id: UUID?, t: Translator) -> String { t(id == nil ? "employee.new" : "employee.edit") }

    /// - Parameters:
    ///   - id: the person edited; nil when one is added.
    ///   - errors: field → the key of its problem.
    init(layout: Layout, slug: String, id: UUID?, form: EmployeeForm, teams: [(id: UUID, name: String)],
         errors: [String: String], t: Translator) {
        self.layout = layout
        self.t = t
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

    var body: HTML {
        /// A labelled input with its problem under it.
        func input(_ name: String, _ label: String, type: String = "text", value: String?, maxLength: Int,
                   required: Bool = false) -> HTML {
            let problem = errors[name]
            return """
                <div class="field\(if: problem != nil, " invalid")">
                  <label for="\(name)">\(label)</label>
                  <input id="\(name)" name="\(name)" type="\(type)" value="\(value ?? "")" maxlength="\(maxLength)"\
                \(if: required, " required")\(PagePieces.invalid(problem, describedBy: "\(name)-error"))>
                  \(PagePieces.error(problem, id: "\(name)-error"))
                </div>

                """
        }
        var html: HTML = """
            <h1>\(heading)</h1>
            \(if: errorSummary != nil, "<p class=\"flash flash-error\" role=\"alert\">\(errorSummary ?? "")</p>\n")\
            <form method="post" action="\(action)" class="form" novalidate>
              \(PagePieces.csrf(layout.csrf))
            \(input("firstName", t("employee.firstName"), value: form.firstName, maxLength: 100, required: true))\
            \(input("lastName", t("employee.lastName"), value: form.lastName, maxLength: 100, required: true))\
            \(input("title", t("employee.title"), value: form.title, maxLength: 50))\
            \(input("position", t("person.position"), value: form.position, maxLength: 100))\
            \(input("email", t("person.email"), type: "email", value: form.email, maxLength: 254, required: true))\
            \(input("personalEmail", t("person.personalEmail"), type: "email", value: form.personalEmail, maxLength: 254))\
            \(input("phone", t("person.phone"), type: "tel", value: form.phone, maxLength: 20))\
              <div class="field\(if: errors["team"] != nil, " invalid")">
                <label for="team">\(t("person.team"))</label>
                <select id="team" name="team">
                  <option value="">\(t("employee.noTeam"))</option>
                  \(PagePieces.options(teams))
                </select>
                \(PagePieces.error(errors["team"], id: "team-error"))
              </div>
              <fieldset\(if: errors["admin"] != nil, " class=\"invalid\"")>
                <legend>\(t("person.roles"))</legend>
                <label class="choice"><input type="checkbox" checked disabled> \(t("role.employee"))</label>
                <label class="choice"><input type="checkbox" name="teamLeader" value="on"\(if: form.teamLeader != nil, " checked")> \
            \(t("role.team_leader"))</label>
                <label class="choice"><input type="checkbox" name="admin" value="on"\(if: form.admin != nil, " checked")> \
            \(t("role.admin"))</label>
                \(if: errors["admin"] != nil, "<p class=\"error\">\(errors["admin"] ?? "")</p>")
              </fieldset>

            """
        if creating {
            html.append("""
                  <fieldset>
                    <legend>\(t("employee.firstContract"))</legend>
                    <div class="field\(if: errors["contractKind"] != nil, " invalid")">
                      <label for="contractKind">\(t("people.contract"))</label>
                      <select id="contractKind" name="contractKind">
                        \(PagePieces.options(kinds))
                      </select>
                      \(if: errors["contractKind"] != nil, "<p class=\"error\">\(errors["contractKind"] ?? "")</p>")
                    </div>
                \(input("contractFrom", t("employee.contractFrom"), type: "date", value: form.contractFrom, maxLength: 10,
                        required: true))\
                \(input("capacity", t("employee.capacity"), value: form.capacity, maxLength: 4, required: true))\
                \(input("rate", t("employee.rate"), value: form.rate, maxLength: 15, required: true))\
                \(input("rateFrom", t("employee.rateFrom"), type: "date", value: form.rateFrom, maxLength: 10,
                        required: true))\
                  </fieldset>

                """)
        }
        html.append("""
              <div class="actions">
                <button type="submit" class="primary">\(t("form.save"))</button>
                <a href="\(cancelURL)">\(t("form.cancel"))</a>
              </div>
            </form>

            """)
        return html
    }
}
