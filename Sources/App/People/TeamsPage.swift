import Foundation

/// The teams page: each team with its leader and members, the form to add one, and a refused
/// change shown again in its own form.
struct TeamsPage: HTMLPage {
    struct TeamView: Equatable {
        let name: String
        let members: String
        let action: String
        let deleteURL: String?
        /// What the deletion's dialog asks (`confirm.js`).
        let deleteQuestion: String
        let leaders: [SelectOption]
        let error: String?
        let fieldID: String
    }

    /// A refused change: which team's form (nil: the new team's), what was typed, why.
    struct Refused: Sendable {
        let team: UUID?
        let name: String
        let leader: String?
        let problem: String
    }

    let layout: Layout
    let teams: [TeamView]
    let createAction: String
    let createName: String
    let createLeaders: [SelectOption]
    let createError: String?
    let t: Translator

    /// - Parameter candidates: the people who may lead a team.
    init(layout: Layout, slug: String, teams: [TeamRow], candidates: [(id: UUID, name: String)], refused: Refused?,
         t: Translator) {
        func leaders(selected: String?) -> [SelectOption] {
            [SelectOption(value: "", label: t("teams.noLeader"), selected: (selected ?? "").isEmpty)]
                + candidates.map {
                    SelectOption(value: $0.id.lowercasedString, label: $0.name,
                                 selected: $0.id.lowercasedString == selected?.lowercased())
                }
        }
        let creating = refused.flatMap { $0.team == nil ? $0 : nil }
        self.layout = layout
        self.t = t
        self.teams = teams.map { team in
            let failed = refused?.team == team.id ? refused : nil
            return TeamView(
                name: failed?.name ?? team.name,
                members: t("teams.members", String(team.members)),
                action: Paths.team(slug, team.id),
                deleteURL: team.members == 0 ? Paths.deleteTeam(slug, team.id) : nil,
                deleteQuestion: t("confirm.deleteTeam", team.name),
                leaders: leaders(selected: failed != nil ? failed?.leader : team.leaderID?.uuidString),
                error: failed.map { t($0.problem) },
                fieldID: "team-" + team.id.lowercasedString)
        }
        createAction = Paths.teams(slug)
        createName = creating?.name ?? ""
        createLeaders = leaders(selected: creating?.leader)
        createError = creating.map { t($0.problem) }
    }

    var body: HTML {
        var html: HTML = "<h1>\(t("nav.teams"))</h1>\n"
        if teams.isEmpty {
            html.append("<p class=\"empty\">\(t("teams.empty"))</p>\n")
        } else {
            let items = teams.map { team -> HTML in
                let id = team.fieldID
                var item: HTML = """
                      <li class="card-row\(if: team.error != nil, " invalid")">
                        <form method="post" action="\(team.action)" class="row-form">
                          \(PagePieces.csrf(layout.csrf))
                          <div class="field grow">
                            <label for="\(id)-name">\(t("teams.name"))</label>
                            <input id="\(id)-name" name="name" value="\(team.name)" maxlength="100" required\
                    \(PagePieces.invalid(team.error, describedBy: "\(id)-error"))>
                          </div>
                          <div class="field">
                            <label for="\(id)-leader">\(t("teams.leader"))</label>
                            <select id="\(id)-leader" name="leader">
                              \(PagePieces.options(team.leaders))
                            </select>
                          </div>
                          <button type="submit">\(t("form.save"))</button>
                        </form>
                        \(PagePieces.error(team.error, id: "\(id)-error"))
                        <p class="muted">\(team.members)</p>

                    """
                if let deleteURL = team.deleteURL {
                    item.append("""
                            <form method="post" action="\(deleteURL)" data-confirm="\(team.deleteQuestion)" \
                        data-confirm-button="\(t("confirm.deleteTeamButton"))" data-confirm-cancel="\(t("confirm.cancel"))">
                              \(PagePieces.csrf(layout.csrf))
                              <button type="submit" class="link">\(t("teams.delete"))</button>
                            </form>

                        """)
                }
                item.append("  </li>\n")
                return item
            }
            html.append("<ul class=\"teams\">\n\(items.joined())</ul>\n")
        }
        html.append("""
            <h2>\(t("teams.new"))</h2>
            <form method="post" action="\(createAction)" class="row-form\(if: createError != nil, " invalid")">
              \(PagePieces.csrf(layout.csrf))
              <div class="field grow">
                <label for="new-name">\(t("teams.name"))</label>
                <input id="new-name" name="name" value="\(createName)" maxlength="100" required\
            \(PagePieces.invalid(createError, describedBy: "new-error"))>
              </div>
              <div class="field">
                <label for="new-leader">\(t("teams.leader"))</label>
                <select id="new-leader" name="leader">
                  \(PagePieces.options(createLeaders))
                </select>
              </div>
              <button type="submit" class="primary">\(t("teams.create"))</button>
            </form>
            \(PagePieces.error(createError, id: "new-error"))

            """)
        return html
    }
}
