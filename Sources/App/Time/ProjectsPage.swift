import Foundation

/// Clients and projects (admins): each client with its rename and archive forms, each project
/// with its settings (client, name, billable, the teams and people it is limited to), and the
/// forms to add both.
struct ProjectsPage: HTMLPage {
    /// A refused form shown again: which one ("client-new", "client-<id>", "project-new",
    /// "project-<id>") and why.
    struct Refused: Sendable {
        let form: String
        let message: String
        let name: String
    }

    let layout: Layout
    let slug: String
    let clients: [ClientRow]
    let projects: [ProjectRow]
    let teams: [(id: UUID, name: String)]
    let people: [(id: UUID, name: String)]
    let refused: Refused?
    let t: Translator

    private func error(_ form: String) -> HTML {
        guard let refused, refused.form == form else { return .empty }
        return "<p class=\"error\" role=\"alert\">\(refused.message)</p>"
    }

    private func name(_ form: String, _ fallback: String) -> String {
        refused?.form == form ? refused?.name ?? fallback : fallback
    }

    private var csrf: HTML { "<input type=\"hidden\" name=\"_csrf\" value=\"\(layout.csrf)\">" }

    var body: HTML {
        var html: HTML = """
            <h1>\(t("nav.projects"))</h1>
            <p class="hint">\(t("projects.explain"))</p>
            <h2>\(t("projects.clients"))</h2>

            """
        if clients.isEmpty { html.append("<p class=\"empty\">\(t("projects.noClients"))</p>\n") }
        for client in clients {
            let form = "client-" + client.id.lowercasedString
            html.append("""
                <section class="card-row\(if: client.archived, " archived")">
                  <form method="post" action="\(Paths.client(slug, client.id))" class="row-form">
                    \(csrf)
                    <div class="field grow">
                      <label for="\(form)">\(t("projects.clientName"))</label>
                      <input id="\(form)" name="name" value="\(name(form, client.name))" maxlength="100" required>
                    </div>
                    <button type="submit">\(t("form.save"))</button>
                  </form>
                  \(error(form))
                  <p class="muted">\(t("projects.projectCount", String(client.projects)))\(if: client.archived, " · \(t("projects.archived"))")</p>
                  \(archiveForm(Paths.archiveClient(slug, client.id), archived: client.archived))
                </section>

                """)
        }
        html.append("""
            <form method="post" action="\(Paths.clients(slug))" class="row-form">
              \(csrf)
              <div class="field grow">
                <label for="client-new">\(t("projects.newClient"))</label>
                <input id="client-new" name="name" value="\(name("client-new", ""))" maxlength="100" required>
              </div>
              <button type="submit" class="primary">\(t("projects.addClient"))</button>
            </form>
            \(error("client-new"))
            <h2>\(t("projects.projects"))</h2>

            """)
        let active = clients.filter { !$0.archived }
        if projects.isEmpty { html.append("<p class=\"empty\">\(t(clients.isEmpty ? "projects.noProjectsNoClient" : "projects.noProjects"))</p>\n") }
        for project in projects {
            let form = "project-" + project.id.lowercasedString
            let summary = project.teams.isEmpty && project.people.isEmpty ? t("projects.openToAll") : t("projects.limited")
            html.append("""
                <section class="card-row\(if: project.archived, " archived")">
                  <h3>\(project.client) · \(project.name)</h3>
                  <p class="muted">\(t(project.billable ? "projects.billable" : "projects.notBillable")) · \(summary) · \
                \(t("projects.booked", WorkDuration.text(seconds: project.hoursSeconds)))\(if: project.archived, " · \(t("projects.archived"))")</p>
                  \(error(form))
                  <details\(if: refused?.form == form, " open")><summary>\(t("projects.edit"))</summary>
                  \(projectForm(action: Paths.project(slug, project.id), id: form, project: project, clients: clients))
                  </details>
                  \(archiveForm(Paths.archiveProject(slug, project.id), archived: project.archived))
                </section>

                """)
        }
        if !active.isEmpty {
            html.append("""
                <h3>\(t("projects.newProject"))</h3>
                \(error("project-new"))
                \(projectForm(action: Paths.projects(slug), id: "project-new", project: nil, clients: active))
                """)
        }
        return html
    }

    private func archiveForm(_ action: String, archived: Bool) -> HTML {
        """
        <form method="post" action="\(action)">
          \(csrf)
          <input type="hidden" name="archived" value="\(archived ? "0" : "1")">
          <button type="submit" class="link">\(t(archived ? "projects.restore" : "projects.archive"))</button>
        </form>
        """
    }

    private func projectForm(action: String, id: String, project: ProjectRow?, clients: [ClientRow]) -> HTML {
        let clientOptions = clients.map { client -> HTML in
            "<option value=\"\(client.id.lowercasedString)\"\(if: client.id == project?.clientID, " selected")>\(client.name)</option>"
        }
        let teamBoxes = teams.map { team -> HTML in
            """
            <label class="choice"><input type="checkbox" name="teams[]" value="\(team.id.lowercasedString)"\
            \(if: project?.teams.contains(team.id) == true, " checked")> \(team.name)</label>
            """
        }
        let personOptions = people.map { person -> HTML in
            "<option value=\"\(person.id.lowercasedString)\"\(if: project?.people.contains(person.id) == true, " selected")>\(person.name)</option>"
        }
        return """
            <form method="post" action="\(action)" class="form">
              \(csrf)
              <div class="row-form">
                <div class="field">
                  <label for="\(id)-client">\(t("projects.client"))</label>
                  <select id="\(id)-client" name="client" required>\(clientOptions.joined())</select>
                </div>
                <div class="field grow">
                  <label for="\(id)-name">\(t("projects.projectName"))</label>
                  <input id="\(id)-name" name="name" value="\(name(id, project?.name ?? ""))" maxlength="100" required>
                </div>
              </div>
              <label class="choice"><input type="checkbox" name="billable" value="1"\(if: project?.billable ?? true, " checked")> \(t("projects.billableLabel"))</label>
              <fieldset>
                <legend>\(t("projects.limitTo"))</legend>
                <p class="hint">\(t("projects.limitHint"))</p>
                \(teamBoxes.joined())
                <div class="field">
                  <label for="\(id)-people">\(t("projects.people"))</label>
                  <select id="\(id)-people" name="people[]" multiple size="6">\(personOptions.joined())</select>
                </div>
              </fieldset>
              <button type="submit" class="primary">\(t(project == nil ? "projects.addProject" : "form.save"))</button>
            </form>
            """
    }
}
