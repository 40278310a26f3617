import Foundation
import Testing
@testable import App

/// The use cases of clients and projects, without HTTP: admins only, and another company's
/// clients, projects, teams and people are not there (`ProjectActions`).
@Suite struct ProjectActionsTests {
    /// Another company's seeded client, project and team.
    static func theirs(_ world: TestWorld) async throws -> (client: UUID, project: UUID, team: UUID) {
        try await world.db.transaction(tenant: world.otherAdmin.tenantID) { db in
            let project = try await ProjectQueries.projects(on: db)[0]
            return (project.clientID, project.id, try await TeamQueries.names(on: db)[0].id)
        }
    }

    static func project(_ world: TestWorld, _ id: UUID) async throws -> ProjectRow? {
        try await world.db.transaction(tenant: world.admin.tenantID) { try await ProjectQueries.project(id, on: $0) }
    }

    @Test func adminsKeepClients() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let theirs = try await Self.theirs(world)
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await ProjectActions.saveClient(.init(id: nil, name: "Globus"), $0) }
                }
            }
            let id = try await world.act(as: world.admin) { try await ProjectActions.saveClient(.init(id: nil, name: "Globus"), $0) }.get()
            #expect(try await world.act(as: world.admin) { try await ProjectActions.saveClient(.init(id: nil, name: "Globus"), $0) }
                    == .failure(.duplicateName))
            #expect(try await world.act(as: world.admin) {
                try await ProjectActions.saveClient(.init(id: id, name: "Globus CZ", archived: true), $0)
            } == .success(id))
            let clients = try await world.db.transaction(tenant: world.admin.tenantID) { try await ProjectQueries.clients(on: $0) }
            let saved = clients.first { $0.id == id }
            #expect(saved?.name == "Globus CZ" && saved?.archived == true)
            // Another company's client is not there, to rename or to archive.
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.admin) { try await ProjectActions.saveClient(.init(id: theirs.client, name: "Mine"), $0) }
            }
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.otherAdmin) { try await ProjectActions.archiveClient(id, archived: false, $0) }
            }
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: world.employee) { try await ProjectActions.archiveClient(id, archived: false, $0) }
            }
            try await world.act(as: world.admin) { try await ProjectActions.archiveClient(id, archived: false, $0) }
            let restored = try await world.db.transaction(tenant: world.admin.tenantID) { try await ProjectQueries.clients(on: $0) }
            #expect(restored.first { $0.id == id }?.archived == false)
        }
    }

    @Test func adminsKeepProjectsOfTheirOwnClientsTeamsAndPeople() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let theirs = try await Self.theirs(world)
            let client = try await world.act(as: world.admin) { try await ProjectActions.saveClient(.init(id: nil, name: "Globus"), $0) }.get()
            let draft = ProjectDraft(client: client, name: "Web", billable: true, teams: [], people: [world.employee.id])
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await ProjectActions.saveProject(.init(id: nil, draft: draft), $0) }
                }
            }
            let id = try await world.act(as: world.admin) { try await ProjectActions.saveProject(.init(id: nil, draft: draft), $0) }.get()
            #expect(try await Self.project(world, id)?.people == [world.employee.id])
            #expect(try await world.act(as: world.admin) { try await ProjectActions.saveProject(.init(id: nil, draft: draft), $0) }
                    == .failure(.duplicateName))
            // Another company's client, team or person is none of this company's.
            let foreignClient = ProjectDraft(client: theirs.client, name: "App", billable: true, teams: [], people: [])
            #expect(try await world.act(as: world.admin) { try await ProjectActions.saveProject(.init(id: nil, draft: foreignClient), $0) }
                    == .failure(.unknownClient))
            let foreignTeam = ProjectDraft(client: client, name: "App", billable: true, teams: [theirs.team], people: [])
            #expect(try await world.act(as: world.admin) { try await ProjectActions.saveProject(.init(id: nil, draft: foreignTeam), $0) }
                    == .failure(.unknownMember))
            let foreignPerson = ProjectDraft(client: client, name: "App", billable: true, teams: [], people: [world.otherAdmin.id])
            #expect(try await world.act(as: world.admin) { try await ProjectActions.saveProject(.init(id: nil, draft: foreignPerson), $0) }
                    == .failure(.unknownMember))
            // Another company's project is not there, to change or to archive.
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.admin) { try await ProjectActions.saveProject(.init(id: theirs.project, draft: draft), $0) }
            }
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.admin) { try await ProjectActions.archiveProject(theirs.project, archived: true, $0) }
            }
            // Changed: open to everyone, not billable, archived.
            let open = ProjectDraft(client: client, name: "Web", billable: false, teams: [], people: [])
            #expect(try await world.act(as: world.admin) { try await ProjectActions.saveProject(.init(id: id, draft: open, archived: true), $0) }
                    == .success(id))
            let changed = try #require(try await Self.project(world, id))
            #expect(changed.people.isEmpty && !changed.billable && changed.archived)
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: world.leader) { try await ProjectActions.archiveProject(id, archived: false, $0) }
            }
            try await world.act(as: world.admin) { try await ProjectActions.archiveProject(id, archived: false, $0) }
            #expect(try await Self.project(world, id)?.archived == false)
        }
    }
}
