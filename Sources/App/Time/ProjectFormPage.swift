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
    /// Why the save was refused, and the name as typed; nil on a first view.
    let refused: (message: String, name: String)?
    let t: Translator

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
        let clientOptions = clients.map { client -> HTML in
            "<option value=\"\(client.id.lowercasedString)\"\(if: client.id == project?.clientID, " selected")>\(client.name)</option>"
        }
        let teamBoxes = teams.map { team -> HTML in
            """
            <label class="choice"><input type="checkbox" name="teams[]" value="\(team.id.lowercasedString)"\
            \(if: project?.teams.contains(team.id) == true, " checked")> \(team.name)</label>
            """
        }
        let chosen = Set(project?.people ?? [])
        let personOptions = people.map { person -> HTML in
            "<option value=\"\(person.id.lowercasedString)\"\(if: chosen.contains(person.id), " selected")>\(person.name)</option>"
        }
        let action = project.map { Paths.project(slug, $0.id) } ?? Paths.projects(slug)
        return """
            <form method="post" action="\(action)" class="form">
              <input type="hidden" name="_csrf" value="\(layout.csrf)">
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
              <label class="choice"><input type="checkbox" name="billable" value="1"\(if: project?.billable ?? true, " checked")> \(t("projects.billableLabel"))</label>
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
