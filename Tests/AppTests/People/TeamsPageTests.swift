import Foundation
import Testing
@testable import App

/// The teams page as a model: deletable empty teams, the chosen leader, a refused form.
@Suite struct TeamsPageTests {
    static let petr = UUID(), dev = UUID(), empty = UUID()
    static let teams = [TeamRow(id: dev, name: "Vývoj", leaderID: petr, leaderName: "Petr", members: 3),
                        TeamRow(id: empty, name: "Nový", leaderID: nil, leaderName: nil, members: 0)]

    @Test func teamsWithTheirLeadersAndTheNewTeamForm() {
        let page = TeamsPage(layout: Layout(title: "x", language: .en), slug: "acme", teams: Self.teams,
                             candidates: [(Self.petr, "Petr Svoboda")], refused: nil, t: TestTranslator.en)
        #expect(page.teams[0].deleteURL == nil && page.teams[1].deleteURL == Paths.deleteTeam("acme", Self.empty))
        #expect(page.teams[0].leaders.first { $0.selected }?.value == Self.petr.uuidString.lowercased())
        #expect(page.teams[1].leaders.first { $0.selected }?.value == "")
        #expect(page.createName == "" && page.createError == nil)
    }

    @Test func aRefusedChangeComesBackInItsOwnForm() {
        let renamed = TeamsPage(layout: Layout(title: "x", language: .en), slug: "acme", teams: Self.teams, candidates: [],
                                refused: .init(team: Self.dev, name: "Nový", leader: nil, problem: "teams.error.duplicate"),
                                t: TestTranslator.en)
        #expect(renamed.teams[0].name == "Nový" && renamed.teams[0].error != nil && renamed.teams[1].error == nil)
        #expect(renamed.createError == nil)
        let created = TeamsPage(layout: Layout(title: "x", language: .en), slug: "acme", teams: Self.teams, candidates: [],
                                refused: .init(team: nil, name: "  ", leader: nil, problem: "teams.error.name"),
                                t: TestTranslator.en)
        #expect(created.createName == "  " && created.createError != nil && created.teams.allSatisfy { $0.error == nil })
    }
}
