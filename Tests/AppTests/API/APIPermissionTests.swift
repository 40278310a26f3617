import Foundation
import Testing
import Vapor
@testable import App

/// Every operation of the OpenAPI document × every role, against `APIOperation` and `Permissions`.
@Suite struct APIPermissionTests {
    /// The operation ids of the served document.
    static func documentedOperations() throws -> Set<String> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Public/api/v1/openapi.json")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let paths = document?["paths"] as? [String: [String: Any]] ?? [:]
        return Set(paths.values.flatMap { $0.values.compactMap { ($0 as? [String: Any])?["operationId"] as? String } })
    }

    @Test func everyDocumentedOperationHasItsPermission() throws {
        #expect(try Self.documentedOperations() == Set(APIOperation.allCases.map(\.rawValue)))
    }

    @Test func everyOperationByEveryRoleFollowsThePermissionTable() async throws {
        try await withWorld { world in
            let tenant = world.employee.tenantID
            let seeded = try await seededInvoice(world, tenant: tenant)
            let unknown = UUID().lowercasedString
            for user in [world.employee, world.leader, world.admin] {
                let client = try await APIClient.signIn(world, user)
                for operation in APIOperation.allCases {
                    let reply: APIClient.Reply
                    switch operation {
                    case .getMe: reply = try await client.get("/me")
                    case .getMyMailPreferences: reply = try await client.get("/me/mail")
                    case .setMyMailPreferences:
                        reply = try await client.send(.PUT, "/me/mail", json: #"{"wanted":["invoice-returned","rate-changed"]}"#)
                    case .listMyEarnings: reply = try await client.get("/me/earnings")
                    case .listStatements: reply = try await client.get("/statements")
                    case .importStatement: reply = try await client.uploadStatement(Data("%PDF-1.4".utf8))
                    case .getStatement: reply = try await client.get("/statements/\(unknown)")
                    case .payStatementMatches: reply = try await client.send(.POST, "/statements/\(unknown)/payments", json: "{}")
                    case .listMissingInvoices: reply = try await client.get("/invoices/missing")
                    case .getReviewDesk: reply = try await client.get("/invoices/desk?month=2024-10")
                    case .exportPayments:
                        reply = try await client.send(.POST, "/invoices/exports", json: #"{"month":"2024-10","format":"csv","invoices":["\#(unknown)"]}"#)
                    case .listPersonRates: reply = try await client.get("/people/\(world.employee.id.lowercasedString)/rates")
                    case .listPersonInvoices: reply = try await client.get("/people/\(world.employee.id.lowercasedString)/invoices")
                    case .setPersonRate:
                        reply = try await client.send(.POST, "/people/\(world.employee.id.lowercasedString)/rates",
                                                      json: #"{"amountMinor":0,"effectiveFrom":"2030-01-01"}"#)
                    case .changePersonRate:
                        reply = try await client.send(.PUT, "/people/\(world.employee.id.lowercasedString)/rates/\(unknown)",
                                                      json: #"{"amountMinor":1,"effectiveFrom":"2030-01-01"}"#)
                    case .deletePersonRate:
                        reply = try await client.send(.DELETE, "/people/\(world.employee.id.lowercasedString)/rates/\(unknown)")
                    case .listMyInvoices: reply = try await client.get("/me/invoices")
                    case .uploadInvoice: reply = try await client.upload(month: "2026-11", file: Data("not a pdf".utf8))
                    case .getInvoice: reply = try await client.get("/invoices/\(seeded.invoice.lowercasedString)")
                    case .downloadInvoiceDocument:
                        reply = try await client.get("/invoices/\(seeded.invoice.lowercasedString)/documents/\(seeded.document.lowercasedString)")
                    case .listInvoices: reply = try await client.get("/invoices?month=2024-10")
                    case .actOnInvoice:
                        reply = try await client.send(.POST, "/invoices/\(unknown)/actions", json: #"{"action":"approve","version":1}"#)
                    case .correctInvoice:
                        reply = try await client.send(.PUT, "/invoices/\(unknown)/fields", json: #"{"version":1,"fields":{}}"#)
                    case .exportReport: reply = try await client.get("/exports/invoices?month=2024-10")
                    case .getSupplierDetails:
                        reply = try await client.get("/people/\(world.employee.id.lowercasedString)/supplier-details")
                    case .setSupplierDetails:
                        reply = try await client.send(.PUT, "/people/\(unknown)/supplier-details", json: #"{"version":0}"#)
                    case .proposeSupplierDetails:
                        reply = try await client.send(.POST, "/people/\(user.id.lowercasedString)/supplier-details/proposal",
                                                      json: #"{"version":99}"#)
                    case .decideSupplierProposal:
                        reply = try await client.send(.POST, "/people/\(unknown)/supplier-details/proposal/decision",
                                                      json: #"{"proposalId":"\#(unknown)","decision":"decline"}"#)
                    case .actOnInvoices:
                        reply = try await client.send(.POST, "/invoices/actions",
                                                      json: #"{"action":"approve","invoices":[{"id":"\#(unknown)","version":1}]}"#)
                    case .listPeople: reply = try await client.get("/people")
                    case .getPerson: reply = try await client.get("/people/\(world.employee.id.lowercasedString)")
                    case .updatePerson:
                        reply = try await client.send(.PUT, "/people/\(world.employee.id.lowercasedString)",
                                                      json: #"{"firstName":"","lastName":"X","email":"bad","roles":[]}"#)
                    case .listRateIncreases: reply = try await client.get("/rates/increases")
                    case .getAverageIncrease: reply = try await client.get("/rates/average-increase?month=2025-09")
                    case .createPerson:
                        reply = try await client.send(.POST, "/people", json: #"{"person":{"firstName":"","lastName":"","email":"x","roles":[]},"contract":{"kind":"ico","validFrom":"2026-01-01","capacityHours":"40"},"rate":{"amountMinor":0,"effectiveFrom":"2026-01-01"}}"#)
                    case .addPersonContract:
                        reply = try await client.send(.POST, "/people/\(world.employee.id.lowercasedString)/contracts",
                                                      json: #"{"kind":"ico","validFrom":"2020-01-01","capacityHours":"0"}"#)
                    case .setPersonActive:
                        reply = try await client.send(.PUT, "/people/\(world.employee.id.lowercasedString)/status", json: #"{"active":true}"#)
                    case .setContractVacationDays:
                        reply = try await client.send(.PUT, "/people/\(world.employee.id.lowercasedString)/contracts/\(unknown)/vacation-days",
                                                      json: #"{"vacationDays":"25"}"#)
                    case .listMyTimeEntries: reply = try await client.get("/me/time?from=2026-11-16&to=2026-11-22")
                    case .createTimeEntry:
                        reply = try await client.send(.POST, "/me/time", json: #"{"day":"2026-11-18","projectId":"\#(unknown)","start":"9:00","end":"8:00"}"#)
                    case .updateTimeEntry:
                        reply = try await client.send(.PUT, "/me/time/\(unknown)", json: #"{"day":"2026-11-18","projectId":"\#(unknown)","durationMinutes":30}"#)
                    case .deleteTimeEntry: reply = try await client.send(.DELETE, "/me/time/\(unknown)")
                    case .listMyProjects: reply = try await client.get("/me/projects")
                    case .getTimer: reply = try await client.get("/me/timer")
                    case .startTimer: reply = try await client.send(.POST, "/me/timer", json: #"{"projectId":"\#(unknown)"}"#)
                    case .stopTimer: reply = try await client.send(.POST, "/me/timer/stop", json: #"{"timerId":"\#(unknown)"}"#)
                    case .getPersonMonthTime: reply = try await client.get("/people/\(user.id.lowercasedString)/time?month=2026-11")
                    case .exportTime: reply = try await client.get("/time/export?format=toggl&month=2026-11")
                    case .listProjects: reply = try await client.get("/projects")
                    case .createProject:
                        reply = try await client.send(.POST, "/projects", json: #"{"clientId":"\#(unknown)","name":""}"#)
                    case .updateProject:
                        reply = try await client.send(.PUT, "/projects/\(unknown)", json: #"{"clientId":"\#(unknown)","name":"X"}"#)
                    case .createClient: reply = try await client.send(.POST, "/clients", json: #"{"name":""}"#)
                    case .updateClient: reply = try await client.send(.PUT, "/clients/\(unknown)", json: #"{"name":"X"}"#)
                    case .listMyAbsences: reply = try await client.get("/me/absences")
                    case .requestAbsence: reply = try await client.send(.POST, "/me/absences", json: #"{"kind":"nap","firstDay":"2026-12-21"}"#)
                    case .withdrawAbsence: reply = try await client.send(.POST, "/me/absences/\(unknown)/withdrawal")
                    case .listTeamAbsences: reply = try await client.get("/absences?month=2026-12")
                    case .decideAbsence:
                        reply = try await client.send(.POST, "/absences/\(unknown)/decision", json: #"{"decision":"approve"}"#)
                    case .listDaysOff: reply = try await client.get("/days-off?year=2026")
                    case .setDayOff: reply = try await client.send(.PUT, "/days-off/2026-12-26", json: #"{"name":"Saturday"}"#)
                    case .deleteDayOff: reply = try await client.send(.DELETE, "/days-off/2026-12-30")
                    case .submitMonth: reply = try await client.send(.POST, "/me/time/months/2027-05/submission")
                    case .decideMonth:
                        reply = try await client.send(.POST, "/people/\(unknown)/time/months/2026-11/decision", json: #"{"decision":"approve"}"#)
                    case .reopenMonth:
                        reply = try await client.send(.POST, "/people/\(unknown)/time/months/2026-11/reopening", json: #"{"reason":"x"}"#)
                    case .listMonthClose: reply = try await client.get("/time/months/2026-11")
                    case .listWorkStatements: reply = try await client.get("/work-statements?month=2024-10")
                    case .downloadWorkStatementWorkbook: reply = try await client.get("/work-statements/workbook?month=2024-10")
                    case .decideWorkStatements:
                        reply = try await client.send(.POST, "/work-statements/decisions",
                                                      json: #"{"decision":"approve","statements":[{"id":"\#(unknown)","version":1}]}"#)
                    case .downloadWorkStatement: reply = try await client.get("/work-statements/\(unknown)/file")
                    }
                    let allowed = operation.reach(for: user) != nil
                    // The table, said once more in words: everyone has their own things, team
                    // leaders list their team, admins review.
                    let review: Set<APIOperation> = [.listInvoices, .listMissingInvoices, .getReviewDesk, .actOnInvoice,
                                                     .actOnInvoices, .exportPayments, .listPersonRates, .setPersonRate,
                                                     .changePersonRate, .deletePersonRate, .updatePerson, .setPersonActive,
                                                     .addPersonContract, .setContractVacationDays, .listRateIncreases, .getAverageIncrease, .createPerson,
                                                     .listPersonInvoices, .correctInvoice, .setSupplierDetails,
                                                     .decideSupplierProposal, .exportReport, .listStatements,
                                                     .importStatement, .getStatement, .payStatementMatches, .listProjects,
                                                     .createProject, .updateProject, .createClient, .updateClient, .setDayOff,
                                                     .deleteDayOff, .reopenMonth, .listWorkStatements,
                                                     .downloadWorkStatementWorkbook, .decideWorkStatements]
                    #expect(allowed == (user.roles.contains(.admin) || !review.contains(operation)
                        && (![.listPeople, .decideAbsence, .decideMonth, .listMonthClose].contains(operation)
                            || user.roles.contains(.teamLeader))))
                    if allowed {
                        #expect(reply.status != .forbidden && reply.status != .unauthorized && reply.status.code < 500,
                                "\(operation) as \(user.roles): \(reply.status)")
                    } else {
                        #expect(reply.status == .forbidden && reply.isProblem, "\(operation) as \(user.roles): \(reply.status)")
                    }
                }
            }
        }
    }

    @Test func theDocumentAndItsPageAreServed() async throws {
        try await withWorld { world in
            let document = try await world.app.testing().sendRequest(.GET, "/api/v1/openapi.json")
            #expect(document.status == .ok && document.headers.contentType?.subType == "json")
            let page = try await world.app.testing().sendRequest(.GET, "/api/v1/docs")
            #expect(page.status == .ok && page.headers.contentType == .html)
            for operation in APIOperation.allCases {
                #expect(page.body.string.contains("id=\"\(operation.rawValue)\""), "\(operation) is not on the page")
            }
            // Texts of the document are escaped like any other.
            #expect(page.body.string.contains("Authorization: Bearer &lt;access token&gt;"))
        }
    }

    /// Every operation, called by another company's admin with this company's ids: what names an
    /// id is a 404, what lists shows none of this company, and nothing changes.
    @Test func anotherCompanysAdminFindsNothingOnAnyOperation() async throws {
        try await withWorld { world in
            let acme = try await seededInvoice(world, tenant: world.employee.tenantID)
            let rate = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                try await RateQueries.history(of: world.employee.id, on: db)[0].rate.id
            }
            let statement = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                try await db.query("SELECT id FROM bank_statements").collect()[0].decode(UUID.self).lowercasedString
            }
            // Acme's client, project, entry and running timer (the seed's).
            let time = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                let ids = try await db.query("""
                    SELECT (SELECT id FROM clients), (SELECT id FROM projects), (SELECT id FROM time_entries), (SELECT id FROM running_timers)
                    """).collect()[0].decode((UUID, UUID, UUID, UUID).self)
                return (client: ids.0.lowercasedString, project: ids.1.lowercasedString, entry: ids.2.lowercasedString,
                        timer: ids.3.lowercasedString)
            }
            func text(_ reply: APIClient.Reply) -> String { String(decoding: reply.bytes, as: UTF8.self) }
            let contract = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                try await PeopleQueries.contracts(of: world.employee.id, on: db)[0].id.lowercasedString
            }
            let workStatement = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                try await db.query("SELECT id FROM work_statements").collect()[0].decode(UUID.self).lowercasedString
            }
            let absence = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                try await db.query("SELECT id FROM absences").collect()[0].decode(UUID.self).lowercasedString
            }
            let globex = try await APIClient.signIn(world, world.otherAdmin, slug: "globex")
            let before = try await RouteSafetyTests.fingerprint(world.database)
            let invoice = acme.invoice.lowercasedString, person = world.employee.id.lowercasedString
            let acmeNames = [world.admin.lastName, world.leader.lastName, world.employee.lastName]
            for operation in APIOperation.allCases {
                let reply: APIClient.Reply
                var namesAnID = true
                switch operation {
                case .getMe, .listMyEarnings, .listMyInvoices, .listInvoices, .listMissingInvoices, .getReviewDesk,
                     .listPeople, .listRateIncreases, .getAverageIncrease:
                    namesAnID = false
                    let paths: [APIOperation: String] = [
                        .getMe: "/me", .listMyEarnings: "/me/earnings", .listMyInvoices: "/me/invoices",
                        .listInvoices: "/invoices?month=2024-10", .listMissingInvoices: "/invoices/missing",
                        .getReviewDesk: "/invoices/desk?month=2024-10", .listPeople: "/people?status=all",
                        .listRateIncreases: "/rates/increases", .getAverageIncrease: "/rates/average-increase?month=2025-09",
                    ]
                    reply = try await globex.get(paths[operation]!)
                case .getMyMailPreferences:
                    namesAnID = false
                    reply = try await globex.get("/me/mail")
                case .setMyMailPreferences:
                    // Only one's own choices exist to be changed; a kind that does not exist changes nothing.
                    namesAnID = false
                    reply = try await globex.send(.PUT, "/me/mail", json: #"{"wanted":["no-such-kind"]}"#)
                case .uploadInvoice:
                    namesAnID = false
                    reply = try await globex.upload(month: "2024-02", file: Data("not a pdf".utf8))
                case .createPerson:
                    // Acme's people are not Globex's: nothing of Acme is read (the bad rate refuses it).
                    namesAnID = false
                    reply = try await globex.send(.POST, "/people", json: #"{"person":{"firstName":"Eva","lastName":"X","email":"\#(world.employee.email)","roles":["employee"]},"contract":{"kind":"ico","validFrom":"2026-01-01","capacityHours":"40"},"rate":{"amountMinor":0,"effectiveFrom":"2026-01-01"}}"#)
                case .listStatements:
                    namesAnID = false
                    reply = try await globex.get("/statements")
                    #expect(!String(decoding: reply.bytes, as: UTF8.self).contains("SEED-2024-10"), "Acme's statement listed")
                case .importStatement:
                    // Acme's statement file is no business of Globex; a refused file changes nothing.
                    namesAnID = false
                    reply = try await globex.uploadStatement(Data("<!DOCTYPE x><x/>".utf8))
                    #expect(reply.status == .unprocessableEntity)
                case .getStatement: reply = try await globex.get("/statements/\(statement)")
                case .payStatementMatches:
                    reply = try await globex.send(.POST, "/statements/\(statement)/payments",
                                                  json: #"{"invoices":[{"id":"\#(invoice)","version":\#(acme.version)}]}"#)
                case .getInvoice: reply = try await globex.get("/invoices/\(invoice)")
                case .downloadInvoiceDocument:
                    reply = try await globex.get("/invoices/\(invoice)/documents/\(acme.document.lowercasedString)")
                case .actOnInvoice:
                    reply = try await globex.send(.POST, "/invoices/\(invoice)/actions", json: #"{"action":"approve","version":\#(acme.version)}"#)
                case .exportReport:
                    // Globex's own report: Acme's people are not in it (checked below by name).
                    namesAnID = false
                    reply = try await globex.get("/exports/people?status=all")
                case .getSupplierDetails: reply = try await globex.get("/people/\(person)/supplier-details")
                case .proposeSupplierDetails:
                    reply = try await globex.send(.POST, "/people/\(person)/supplier-details/proposal",
                                                  json: #"{"version":0,"account":"19-2000145399/0800"}"#)
                case .decideSupplierProposal:
                    reply = try await globex.send(.POST, "/people/\(person)/supplier-details/proposal/decision",
                                                  json: #"{"proposalId":"\#(UUID().lowercasedString)","decision":"confirm"}"#)
                case .setSupplierDetails:
                    reply = try await globex.send(.PUT, "/people/\(person)/supplier-details",
                                                  json: #"{"version":0,"account":"19-2000145399/0800"}"#)
                case .correctInvoice:
                    reply = try await globex.send(.PUT, "/invoices/\(invoice)/fields",
                                                  json: #"{"version":\#(acme.version),"fields":{"variableSymbol":"1"}}"#)
                case .actOnInvoices:
                    namesAnID = false
                    reply = try await globex.send(.POST, "/invoices/actions",
                                                  json: #"{"action":"approve","invoices":[{"id":"\#(invoice)","version":\#(acme.version)}]}"#)
                case .exportPayments:
                    namesAnID = false
                    reply = try await globex.send(.POST, "/invoices/exports", json: #"{"month":"2024-10","format":"csv","invoices":["\#(invoice)"],"again":true}"#)
                case .getPerson: reply = try await globex.get("/people/\(person)")
                case .updatePerson:
                    reply = try await globex.send(.PUT, "/people/\(person)",
                                                  json: #"{"firstName":"X","lastName":"Y","email":"x@globex.example","roles":["employee"]}"#)
                case .setPersonActive: reply = try await globex.send(.PUT, "/people/\(person)/status", json: #"{"active":false}"#)
                case .setContractVacationDays:
                    reply = try await globex.send(.PUT, "/people/\(person)/contracts/\(contract)/vacation-days", json: #"{"vacationDays":"30"}"#)
                case .addPersonContract:
                    reply = try await globex.send(.POST, "/people/\(person)/contracts",
                                                  json: #"{"kind":"hpp","validFrom":"2030-01-01","capacityHours":"40"}"#)
                case .listPersonRates: reply = try await globex.get("/people/\(person)/rates")
                case .listPersonInvoices: reply = try await globex.get("/people/\(person)/invoices")
                case .setPersonRate:
                    reply = try await globex.send(.POST, "/people/\(person)/rates", json: #"{"amountMinor":1000,"effectiveFrom":"2030-01-01"}"#)
                case .changePersonRate:
                    reply = try await globex.send(.PUT, "/people/\(person)/rates/\(rate)", json: #"{"amountMinor":1000,"effectiveFrom":"2030-01-01"}"#)
                case .deletePersonRate: reply = try await globex.send(.DELETE, "/people/\(person)/rates/\(rate)")
                case .listMyTimeEntries, .listMyProjects, .getTimer, .listProjects:
                    // Globex's own: none of Acme's time, projects or timers.
                    namesAnID = false
                    let paths: [APIOperation: String] = [.listMyTimeEntries: "/me/time?from=2024-09-20&to=2024-10-20",
                                                         .listMyProjects: "/me/projects", .getTimer: "/me/timer",
                                                         .listProjects: "/projects"]
                    reply = try await globex.get(paths[operation]!)
                    #expect(![time.project, time.entry, time.client, time.timer].contains { text(reply).contains($0) },
                            "\(operation) showed Acme's time")
                case .createTimeEntry:
                    reply = try await globex.send(.POST, "/me/time", json: #"{"day":"2024-10-02","projectId":"\#(time.project)","start":"9:00","end":"10:00"}"#)
                    #expect(reply.status == .unprocessableEntity)
                    namesAnID = false
                case .updateTimeEntry:
                    reply = try await globex.send(.PUT, "/me/time/\(time.entry)", json: #"{"day":"2024-10-01","projectId":"\#(time.project)","start":"9:00","end":"11:00"}"#)
                case .deleteTimeEntry: reply = try await globex.send(.DELETE, "/me/time/\(time.entry)")
                case .startTimer:
                    reply = try await globex.send(.POST, "/me/timer", json: #"{"projectId":"\#(time.project)","seen":"\#(time.timer)"}"#)
                    #expect(reply.status == .conflict)  // Globex's admin has a timer of their own running
                    namesAnID = false
                case .stopTimer:
                    reply = try await globex.send(.POST, "/me/timer/stop", json: #"{"timerId":"\#(time.timer)","discard":true}"#)
                    #expect(try reply.decode(Components.Schemas.TimerStopResult.self).outcome == .alreadyStopped)
                    namesAnID = false
                case .getPersonMonthTime: reply = try await globex.get("/people/\(person)/time?month=2024-10")
                case .exportTime: reply = try await globex.get("/time/export?month=2024-10&person=\(person)")
                case .createProject:
                    reply = try await globex.send(.POST, "/projects", json: #"{"clientId":"\#(time.client)","name":"Taken"}"#)
                    #expect(reply.status == .unprocessableEntity)
                    namesAnID = false
                case .updateProject:
                    reply = try await globex.send(.PUT, "/projects/\(time.project)", json: #"{"clientId":"\#(time.client)","name":"Taken"}"#)
                case .createClient:
                    // Globex's own client of the same name as Acme's: the seed has one already.
                    reply = try await globex.send(.POST, "/clients", json: #"{"name":"Seed client"}"#)
                    #expect(reply.status == .unprocessableEntity)
                    namesAnID = false
                case .updateClient: reply = try await globex.send(.PUT, "/clients/\(time.client)", json: #"{"name":"Taken"}"#)
                case .listMyAbsences, .listTeamAbsences, .listDaysOff:
                    namesAnID = false
                    let paths: [APIOperation: String] = [.listMyAbsences: "/me/absences?year=2024", .listTeamAbsences: "/absences?month=2024-10",
                                                         .listDaysOff: "/days-off?year=2024"]
                    reply = try await globex.get(paths[operation]!)
                    #expect(!text(reply).contains(absence) && !text(reply).contains("2024-10-31"), "\(operation) showed Acme's absences")
                case .requestAbsence:
                    // Globex's own request, refused (no such kind): nothing of Acme is touched.
                    namesAnID = false
                    reply = try await globex.send(.POST, "/me/absences", json: #"{"kind":"nap","firstDay":"2024-10-14"}"#)
                    #expect(reply.status == .unprocessableEntity)
                case .withdrawAbsence: reply = try await globex.send(.POST, "/me/absences/\(absence)/withdrawal")
                case .decideAbsence:
                    reply = try await globex.send(.POST, "/absences/\(absence)/decision", json: #"{"decision":"decline","reason":"No"}"#)
                case .setDayOff:
                    namesAnID = false
                    reply = try await globex.send(.PUT, "/days-off/2024-10-26", json: #"{"name":"A Saturday"}"#)
                    #expect(reply.status == .unprocessableEntity)
                case .deleteDayOff: reply = try await globex.send(.DELETE, "/days-off/2024-10-31")
                case .submitMonth:
                    // Globex's admin's own month of the future: refused, nothing changes.
                    namesAnID = false
                    reply = try await globex.send(.POST, "/me/time/months/2099-01/submission")
                    #expect(reply.status == .unprocessableEntity)
                case .decideMonth:
                    reply = try await globex.send(.POST, "/people/\(person)/time/months/2024-10/decision",
                                                  json: #"{"decision":"return","reason":"No"}"#)
                case .reopenMonth:
                    reply = try await globex.send(.POST, "/people/\(person)/time/months/2024-10/reopening", json: #"{"reason":"No"}"#)
                case .listMonthClose:
                    namesAnID = false
                    reply = try await globex.get("/time/months/2024-10")
                case .listWorkStatements, .downloadWorkStatementWorkbook:
                    // Globex's own month: its own statement only.
                    namesAnID = false
                    reply = try await globex.get(operation == .listWorkStatements ? "/work-statements?month=2024-10"
                                                 : "/work-statements/workbook?month=2024-10")
                case .decideWorkStatements:
                    namesAnID = false
                    reply = try await globex.send(.POST, "/work-statements/decisions",
                                                  json: #"{"decision":"approve","statements":[{"id":"\#(workStatement)","version":1}]}"#)
                    #expect(try reply.decode(Components.Schemas.BulkActionResult.self).results.map(\.outcome) == [.notFound])
                case .downloadWorkStatement: reply = try await globex.get("/work-statements/\(workStatement)/file")
                }
                let text = String(decoding: reply.bytes, as: UTF8.self)
                if namesAnID {
                    #expect(reply.status == .notFound, "\(operation): \(reply.status)")
                } else {
                    #expect(reply.status.code < 500, "\(operation): \(reply.status)")
                    #expect(!acmeNames.contains { text.contains($0) }, "\(operation) showed Acme's data")
                    if operation == .actOnInvoices {
                        #expect(try reply.decode(Components.Schemas.BulkActionResult.self).results.map(\.outcome) == [.notFound])
                    } else {
                        #expect(!text.contains(invoice), "\(operation) showed Acme's invoice")
                    }
                }
            }
            #expect(try await RouteSafetyTests.fingerprint(world.database) == before, "another company's admin changed data")
        }
    }
}
