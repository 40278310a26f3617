import Foundation

/// The teams page: each team with its leader and members, the form to add one, and a refused
/// change shown again in its own form.
struct TeamsPage: Encodable {
    struct TeamView: Encodable, Equatable {
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
}
