import Foundation

/// Clients and projects (admins): each client with its rename and archive forms, each project
/// with what it is (billable, open or limited, the time booked on it), a link to its settings
/// (`ProjectFormPage`) and its archive form, and the forms to add both. A project's settings have
/// a page of their own: their choice of people lists everyone of the company, and ten projects'
/// forms on this page were most of a megabyte with a thousand people.
struct ProjectsPage: HTMLPage {
    /// A refused form shown again: which one ("client-new", "client-<id>") and why.
    struct Refused: Sendable {
        let form: String
        let message: String
        let name: String
    }

    let layout: Layout
    let slug: String
    let clients: [ClientRow]
    let projects: [ProjectRow]
    let refused: Refused?
    let t: Translator

    private func error(_ form: String) -> HTML {
        guard let refused, refused.form == form else { return .empty }
        return "<p class=\"error\" role=\"alert\">\(refused.message)</p>"
    }

    private func name(_ form: String, _ fallback: String) -> String {
        refused?.form == form ? refused?.name ?? fallback : fallback
    }

    private var csrf: HTML { PagePieces.csrf(layout.csrf) }

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
        if projects.isEmpty { html.append("<p class=\"empty\">\(t(clients.isEmpty ? "projects.noProjectsNoClient" : "projects.noProjects"))</p>\n") }
        for project in projects {
            let summary = project.teams.isEmpty && project.people.isEmpty ? t("projects.openToAll") : t("projects.limited")
            html.append("""
                <section class="card-row\(if: project.archived, " archived")">
                  <h3>\(project.client) · \(project.name)</h3>
                  <p class="muted">\(t(project.billable ? "projects.billable" : "projects.notBillable")) · \(summary) · \
                \(t("projects.booked", WorkDuration.text(seconds: project.hoursSeconds)))\(if: project.archived, " · \(t("projects.archived"))")</p>
                  <p><a href="\(Paths.project(slug, project.id))">\(t("projects.edit"))<span class="visually-hidden"> \(project.client) · \(project.name)</span></a></p>
                  \(archiveForm(Paths.archiveProject(slug, project.id), archived: project.archived))
                </section>

                """)
        }
        if clients.contains(where: { !$0.archived }) {
            html.append("<p><a class=\"button primary\" href=\"\(Paths.newProject(slug))\">\(t("projects.newProject"))</a></p>\n")
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
}
