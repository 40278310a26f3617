import Foundation
import Testing
import Vapor
@testable import App

/// The time operations: what the web's timesheet, timer and projects page do, as JSON.
@Suite struct APITimeTests {
    @Test func aPhoneRecordsTimeAndRunsTheTimer() async throws {
        try await withWorld { world in
            let project = try await TimeTrackingTests.project(world).lowercasedString
            let eva = try await APIClient.signIn(world, world.employee)
            let projects = try await eva.get("/me/projects").decode(Operations.ListMyProjects.Output.Ok.Body.JsonPayload.self)
            #expect(projects.items.map(\.id).contains(project))

            let created = try await eva.send(.POST, "/me/time", json: #"{"day":"2026-11-18","projectId":"\#(project)","start":"09:00","end":"12:00","description":"Sprint"}"#)
            #expect(created.status == .created)
            let entry = try created.decode(Components.Schemas.TimeEntry.self)
            #expect(entry.start == "09:00" && entry.end == "12:00" && entry.seconds == 10_800 && entry.project.client == "Globus")
            let placed = try await eva.send(.POST, "/me/time", json: #"{"day":"2026-11-18","projectId":"\#(project)","durationMinutes":90}"#)
            #expect(try placed.decode(Components.Schemas.TimeEntry.self).start == "12:00")

            let overlap = try await eva.send(.POST, "/me/time", json: #"{"day":"2026-11-18","projectId":"\#(project)","start":"11:00","end":"11:30"}"#)
            #expect(overlap.status == .unprocessableEntity && overlap.problem?._type.hasSuffix("/time-refused") == true)
            #expect(overlap.problem?.detail?.contains("09:00–12:00") == true)
            let bad = try await eva.send(.POST, "/me/time", json: #"{"day":"someday","projectId":"x","start":"9","end":"8"}"#)
            #expect(bad.status == .unprocessableEntity
                && Set(bad.problem?.errors?.map(\.field) ?? []) == ["day", "projectId", "end"])
            let tooLong = try await eva.get("/me/time?from=2026-01-01&to=2026-12-31")
            #expect(tooLong.status == .unprocessableEntity)

            let changed = try await eva.send(.PUT, "/me/time/\(entry.id)", json: #"{"day":"2026-11-18","projectId":"\#(project)","start":"08:00","end":"09:00"}"#)
            let changedEntry = try changed.decode(Components.Schemas.TimeEntry.self)
            #expect(changed.status == .ok && changedEntry.start == "08:00")
            let week = try await eva.get("/me/time?from=2026-11-16&to=2026-11-22").decode(Components.Schemas.TimeEntriesPage.self)
            #expect(week.items.count == 2 && week.totalSeconds == 3_600 + 5_400)
            #expect(try await eva.send(.DELETE, "/me/time/\(entry.id)").status == .noContent)
            #expect(try await eva.send(.DELETE, "/me/time/\(entry.id)").status == .notFound)

            // Someone else's entry is not there for Petr.
            let petr = try await APIClient.signIn(world, world.leader)
            let other = week.items.first { $0.id != entry.id }!.id
            #expect(try await petr.send(.DELETE, "/me/time/\(other)").status == .notFound)
            #expect(try await petr.send(.PUT, "/me/time/\(other)", json: #"{"day":"2026-11-18","projectId":"\#(project)","durationMinutes":5}"#).status == .notFound)
            // The leader sees Eva's month; Eva does not see his.
            let month = try await petr.get("/people/\(world.employee.id.lowercasedString)/time?month=2026-11")
            let monthTime = try month.decode(Components.Schemas.MonthTime.self)
            #expect(month.status == .ok && monthTime.totalSeconds == 5_400)
            #expect(try await eva.get("/people/\(world.leader.id.lowercasedString)/time").status == .notFound)

            // The timer: started once, the second start that saw no timer changes nothing.
            let started = try await eva.send(.POST, "/me/timer", json: #"{"projectId":"\#(project)","description":"Call"}"#)
            #expect(started.status == .created)
            let timer = try #require(try started.decode(Components.Schemas.TimerState.self).running)
            let again = try await eva.send(.POST, "/me/timer", json: #"{"projectId":"\#(project)"}"#)
            #expect(again.status == .conflict && again.problem?._type.hasSuffix("/timer-changed") == true)
            #expect(try await eva.get("/me/timer").decode(Components.Schemas.TimerState.self).running?.id == timer.id)
            let stopped = try await eva.send(.POST, "/me/timer/stop", json: #"{"timerId":"\#(timer.id)"}"#)
            #expect(try stopped.decode(Components.Schemas.TimerStopResult.self).outcome == .tooShort)
            let twice = try await eva.send(.POST, "/me/timer/stop", json: #"{"timerId":"\#(timer.id)"}"#)
            #expect(try twice.decode(Components.Schemas.TimerStopResult.self).outcome == .alreadyStopped)
            #expect(try await eva.get("/me/timer").decode(Components.Schemas.TimerState.self).running == nil)

            // Over midnight: 409 until an end on its day is given.
            _ = try await eva.send(.POST, "/me/timer", json: #"{"projectId":"\#(project)"}"#)
            try await TimerTests.wind(world, world.employee, back: 18 * 3600)
            let overrun = try #require(try await eva.get("/me/timer").decode(Components.Schemas.TimerState.self).running)
            #expect(overrun.needsEnd == .overMidnight)
            let refused = try await eva.send(.POST, "/me/timer/stop", json: #"{"timerId":"\#(overrun.id)"}"#)
            #expect(refused.status == .conflict && refused.problem?._type.hasSuffix("/timer-needs-end") == true)
            let kept = try await eva.send(.POST, "/me/timer/stop", json: #"{"timerId":"\#(overrun.id)","end":"17:00"}"#)
            let result = try kept.decode(Components.Schemas.TimerStopResult.self)
            #expect(result.outcome == .recorded && result.entry?.day == "2026-11-17" && result.entry?.seconds == 3_600)
        }
    }

    @Test func aMonthSubmittedAndApproved() async throws {
        try await withWorld { world in
            let project = try await TimeTrackingTests.project(world).lowercasedString
            let eva = try await APIClient.signIn(world, world.employee), petr = try await APIClient.signIn(world, world.leader)
            #expect(try await eva.send(.POST, "/me/time", json: #"{"day":"2026-11-18","projectId":"\#(project)","durationMinutes":60}"#).status
                == .created)
            let submitted = try await eva.send(.POST, "/me/time/months/2026-11/submission")
            #expect(try submitted.decode(Components.Schemas.TimeMonthState.self).state == .submitted)
            #expect(try await eva.send(.POST, "/me/time/months/2027-01/submission").status == .unprocessableEntity)
            let closed = try await eva.send(.POST, "/me/time", json: #"{"day":"2026-11-19","projectId":"\#(project)","durationMinutes":60}"#)
            #expect(closed.status == .unprocessableEntity && closed.problem?._type.hasSuffix("/time-refused") == true)
            let waiting = try await petr.get("/time/months/2026-11")
                .decode(Operations.ListMonthClose.Output.Ok.Body.JsonPayload.self)
            #expect(waiting.items.first { $0.name == "Dvořáková Eva" }?.state == .submitted)
            let path = "/people/\(world.employee.id.lowercasedString)/time/months/2026-11"
            #expect(try await eva.send(.POST, path + "/decision", json: #"{"decision":"approve"}"#).status == .forbidden)
            let approved = try await petr.send(.POST, path + "/decision", json: #"{"decision":"approve"}"#)
            #expect(try approved.decode(Components.Schemas.TimeMonthState.self).state == .approved)
            #expect(try await petr.send(.POST, path + "/decision", json: #"{"decision":"approve"}"#).status == .conflict)
            #expect(try await petr.send(.POST, path + "/reopening", json: #"{"reason":"Fix"}"#).status == .forbidden)
            let month = try await petr.get("/people/\(world.employee.id.lowercasedString)/time?month=2026-11")
                .decode(Components.Schemas.MonthTime.self)
            #expect(month.state == .approved && month.totalSeconds == 3_600)
        }
    }

    @Test func adminsKeepProjectsOverTheAPI() async throws {
        try await withWorld { world in
            let jana = try await APIClient.signIn(world, world.admin)
            let client = try await jana.send(.POST, "/clients", json: #"{"name":"Kofola"}"#)
            #expect(client.status == .created)
            let clientID = try client.decode(Components.Schemas.Client.self).id
            #expect(try await jana.send(.POST, "/clients", json: #"{"name":"kofola"}"#).status == .unprocessableEntity)
            // Longer than the document allows, even if trimming would leave a good name.
            let spaces = String(repeating: "\u{00A0}", count: 500)
            let padded = try await jana.send(.PUT, "/clients/\(clientID)", json: "{\"name\":\"3\(spaces)\"}")
            #expect(padded.status == .unprocessableEntity && padded.problem?.errors?.map(\.field) == ["name"])
            let team = try await world.db.transaction(tenant: world.admin.tenantID) { try await TeamQueries.names(on: $0)[0].id }
            let project = try await jana.send(.POST, "/projects", json: #"{"clientId":"\#(clientID)","name":"App","teamIds":["\#(team.lowercasedString)"]}"#)
            #expect(project.status == .created)
            let made = try project.decode(Components.Schemas.Project.self)
            #expect(made.teamIds == [team.lowercasedString] && made.billable)
            let archived = try await jana.send(.PUT, "/projects/\(made.id)", json: #"{"clientId":"\#(clientID)","name":"App","archived":true,"billable":false}"#)
            let archivedProject = try archived.decode(Components.Schemas.Project.self)
            #expect(archivedProject.archived && archivedProject.teamIds.isEmpty && !archivedProject.billable)
            let catalog = try await jana.get("/projects").decode(Components.Schemas.ProjectCatalog.self)
            #expect(catalog.clients.contains { $0.name == "Kofola" && $0.projects == 1 })
            let badTeam = try await jana.send(.POST, "/projects", json: #"{"clientId":"\#(clientID)","name":"Web","teamIds":["\#(UUID().lowercasedString)"]}"#)
            #expect(badTeam.status == .unprocessableEntity)
            let eva = try await APIClient.signIn(world, world.employee)
            #expect(try await eva.get("/projects").status == .forbidden)
            #expect(try await eva.send(.POST, "/clients", json: #"{"name":"Mine"}"#).status == .forbidden)
        }
    }
}
