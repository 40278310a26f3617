import Foundation
import Testing
import Vapor
@testable import App

/// Time off over the API: asked for, decided by the right person only, and the days off.
@Suite struct APIAbsenceTests {
    @Test func askedForAndDecidedByTheTeamsLeader() async throws {
        try await withWorld { world in
            let eva = try await APIClient.signIn(world, world.employee), petr = try await APIClient.signIn(world, world.leader)
            let jana = try await APIClient.signIn(world, world.admin)
            let asked = try await eva.send(.POST, "/me/absences", json: #"{"kind":"vacation","firstDay":"2026-12-21","lastDay":"2026-12-31","note":"Skiing"}"#)
            #expect(asked.status == .created)
            let request = try asked.decode(Components.Schemas.Absence.self)
            #expect(request.status == .pending && request.workingDays == 7)  // 24 and 25 December are public holidays
            let overlap = try await eva.send(.POST, "/me/absences", json: #"{"kind":"sick","firstDay":"2026-12-30"}"#)
            #expect(overlap.status == .unprocessableEntity && overlap.problem?._type.hasSuffix("/absence-refused") == true)
            let bad = try await eva.send(.POST, "/me/absences", json: #"{"kind":"vacation","firstDay":"2026-12-21","lastDay":"2026-12-22","halfDay":true}"#)
            #expect(bad.problem?.errors?.map(\.field) == ["lastDay"])

            // Eva cannot decide; Petr sees it waiting and declines it without a reason only once.
            #expect(try await eva.send(.POST, "/absences/\(request.id)/decision", json: #"{"decision":"approve"}"#).status == .forbidden)
            let team = try await petr.get("/absences?month=2026-12").decode(Components.Schemas.TeamAbsences.self)
            #expect(team.waiting.map(\.id) == [request.id] && team.people.contains { $0.name == "Dvořáková Eva" })
            let noReason = try await petr.send(.POST, "/absences/\(request.id)/decision", json: #"{"decision":"decline"}"#)
            #expect(noReason.status == .unprocessableEntity && noReason.problem?.errors?.map(\.field) == ["reason"])
            let declined = try await petr.send(.POST, "/absences/\(request.id)/decision", json: #"{"decision":"decline","reason":"Release week"}"#)
            let decided = try declined.decode(Components.Schemas.Absence.self)
            #expect(decided.status == .declined && decided.reason == "Release week" && decided.decidedBy == "Petr Svoboda")
            let again = try await jana.send(.POST, "/absences/\(request.id)/decision", json: #"{"decision":"approve"}"#)
            #expect(again.status == .conflict)
            #expect(try await eva.send(.POST, "/me/absences/\(request.id)/withdrawal").status == .conflict)

            // Petr's own request is the admin's to decide, not his.
            let own = try await petr.send(.POST, "/me/absences", json: #"{"kind":"doctor","firstDay":"2026-12-22","halfDay":true}"#)
            let ownID = try own.decode(Components.Schemas.Absence.self).id
            #expect(try await petr.send(.POST, "/absences/\(ownID)/decision", json: #"{"decision":"approve"}"#).status == .notFound)
            let approved = try await jana.send(.POST, "/absences/\(ownID)/decision", json: #"{"decision":"approve"}"#)
            #expect(try approved.decode(Components.Schemas.Absence.self).status == .approved)
            let mine = try await petr.get("/me/absences?year=2026").decode(Components.Schemas.MyAbsences.self)
            #expect(mine.items.map(\.workingDays) == [0.5] && mine.balance == nil)  // a contractor: no vacation balance
            // Eva's withdrawal of Petr's request: not hers.
            #expect(try await eva.send(.POST, "/me/absences/\(ownID)/withdrawal").status == .notFound)
        }
    }

    @Test func adminsGiveDaysOff() async throws {
        try await withWorld { world in
            let jana = try await APIClient.signIn(world, world.admin), eva = try await APIClient.signIn(world, world.employee)
            let set = try await jana.send(.PUT, "/days-off/2026-12-31", json: #"{"name":"New Year's Eve"}"#)
            #expect(set.status == .ok)
            #expect(try await jana.send(.PUT, "/days-off/2026-12-25", json: #"{"name":"Christmas"}"#).status == .unprocessableEntity)
            #expect(try await eva.send(.PUT, "/days-off/2026-12-30", json: #"{"name":"Mine"}"#).status == .forbidden)
            let year = try await eva.get("/days-off?year=2026").decode(Components.Schemas.DaysOff.self)
            #expect(year.items.filter { $0.kind == .publicHoliday }.count == 13)
            #expect(year.items.contains { $0.day == "2026-12-31" && $0.kind == .company && $0.name == "New Year's Eve" })
            #expect(try await jana.send(.DELETE, "/days-off/2026-12-31").status == .noContent)
            #expect(try await jana.send(.DELETE, "/days-off/2026-12-31").status == .notFound)
        }
    }
}
