import Foundation

/// One project's settings (admins), or a new project's: its client, name, billing, and the teams
/// and people it is limited to. Shown again with the reason when a save is refused.
struct ProjectFormPage: HTMLPage {
    let layout: Layout
    let slug: String
    /// Nil: a new project.
    let project: ProjectRow?
    /// The clients it may belong to: the open ones, and its own client.
    let clients: [ClientRow]
    let teams: [(id: UUID, name: String)]
    let people: [(id: UUID, name: String)]
    /// Why the save was refused, and the form as typed; nil on a first view.
    let refused: Refused?
    let t: Translator

    /// A refused save: its reason and everything the form held, shown again as typed.
    struct Refused {
        let message: String
        let name: String
        let client: UUID?
        let billable: Bool
        let teams: Set<UUID>
        let people: Set<UUID>
    }

    private var formID: String { project.map { "project-" + $0.id.lowercasedString } ?? "project-new" }

    var body: HTML {
        let heading: HTML = project.map { "\($0.client) · \($0.name)" } ?? "\(t("projects.newProject"))"
        var html: HTML = """
            <p><a href="\(Paths.projects(slug))">← \(t("nav.projects"))</a></p>
            <h1>\(heading)</h1>

            """
        if let refused { html.append("<p class=\"error\" role=\"alert\">\(refused.message)</p>\n") }
        if clients.isEmpty {
            html.append("<p class=\"empty\">\(t("projects.noProjectsNoClient"))</p>\n")
            return html
        }
        html.append(form)
        return html
    }

    private var form: HTML {
        let id = formID
        let client = refused.map(\.client) ?? project?.clientID
        let clientOptions = clients.map { option -> HTML in
            "<option value=\"\(option.id.lowercasedString)\"\(if: option.id == client, " selected")>\(option.name)</option>"
        }
        let teamsChosen = refused?.teams ?? Set(project?.teams ?? [])
        let teamBoxes = teams.map { team -> HTML in
            """
            <label class="choice"><input type="checkbox" name="teams[]" value="\(team.id.lowercasedString)"\
            \(if: teamsChosen.contains(team.id), " checked")> \(team.name)</label>
            """
        }
        let chosen = refused?.people ?? Set(project?.people ?? [])
        let personOptions = people.map { person -> HTML in
            "<option value=\"\(person.id.lowercasedString)\"\(if: chosen.contains(person.id), " selected")>\(person.name)</option>"
        }
        let action = project.map { Paths.project(slug, $0.id) } ?? Paths.projects(slug)
        return """
            <form method="post" action="\(action)" class="form">
              \(PagePieces.csrf(layout.csrf))
              <div class="row-form">
                <div class="field">
                  <label for="\(id)-client">\(t("projects.client"))</label>
                  <select id="\(id)-client" name="client" required>\(clientOptions.joined())</select>
                </div>
                <div class="field grow">
                  <label for="\(id)-name">\(t("projects.projectName"))</label>
                  <input id="\(id)-name" name="name" value="\(refused?.name ?? project?.name ?? "")" maxlength="100" required>
                </div>
              </div>
              <label class="choice"><input type="checkbox" name="billable" value="1"\(if: refused?.billable ?? project?.billable ?? true, " checked")> \(t("projects.billableLabel"))</label>
              <fieldset>
                <legend>\(t("projects.limitTo"))</legend>
                <p class="hint">\(t("projects.limitHint"))</p>
                \(teamBoxes.joined())
                <div class="field">
                  <label for="\(id)-people">\(t("projects.people"))</label>
                  <select id="\(id)-people" name="people[]" multiple size="8">\(personOptions.joined())</select>
                </div>
              </fieldset>
              <button type="submit" class="primary">\(t(project == nil ? "projects.addProject" : "form.save"))</button>
            </form>

            """
    }
}
