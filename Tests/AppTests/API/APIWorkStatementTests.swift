import Foundation
import Testing
import Vapor
@testable import App

/// Work statements over the API: what the web's list, decisions and downloads do, as JSON.
@Suite struct APIWorkStatementTests {
    @Test func aPayrollClientListsDecidesAndDownloads() async throws {
        try await withWorld { world in
            _ = try await WorkStatementRoutesTests.evaSubmitsNovember(world)
            let petr = try await APIClient.signIn(world, world.leader)
            let approved = try await petr.send(.POST, "/people/\(world.employee.id.lowercasedString)/time/months/2026-11/decision",
                                               json: #"{"decision":"approve"}"#)
            #expect(approved.status == .ok)
            let jana = try await APIClient.signIn(world, world.admin)
            let page = try await jana.get("/work-statements?month=2026-11").decode(Components.Schemas.WorkStatementsPage.self)
            let statement = try #require(page.items.first)
            #expect(page.items.count == 1 && statement.state == .submitted && statement.seconds == 41_400
                && statement.total == .init(amountMinor: 4_600_00, currency: "CZK") && statement.basis == .hours)
            #expect(!page.waiting.contains { $0.personId == world.employee.id.lowercasedString })

            // Eva's months name it; her file is hers and the admins'.
            let evaAPI = try await APIClient.signIn(world, world.employee)
            let months = try await evaAPI.get("/me/invoices").decode(Components.Schemas.MyInvoicesPage.self)
            let november = try #require(months.items.first { $0.month == "2026-11" })
            #expect(november.status == .statement && november.statement?.id == statement.id)
            #expect(try await evaAPI.get("/work-statements/\(statement.id)/file").status == .ok)
            #expect(try await petr.get("/work-statements/\(statement.id)/file").status == .notFound)
            #expect(try await evaAPI.get("/work-statements?month=2026-11").status == .forbidden)

            // Bad input: an empty list, a garbage id, a return without a reason or with too long a one.
            let empty = try await jana.send(.POST, "/work-statements/decisions", json: #"{"decision":"approve","statements":[]}"#)
            #expect(empty.status.code == 400 || empty.status == .unprocessableEntity)
            let garbage = try await jana.send(.POST, "/work-statements/decisions",
                                              json: #"{"decision":"approve","statements":[{"id":"nope","version":1}]}"#)
            #expect(garbage.status.code == 400 || garbage.status == .unprocessableEntity)
            let pick = #"[{"id":"\#(statement.id)","version":\#(statement.version)}]"#
            let noReason = try await jana.send(.POST, "/work-statements/decisions", json: #"{"decision":"return","statements":\#(pick)}"#)
            #expect(noReason.status == .unprocessableEntity && noReason.problem?.errors?.first?.field == "reason")
            let long = String(repeating: "x", count: 501)
            let tooLong = try await jana.send(.POST, "/work-statements/decisions",
                                              json: #"{"decision":"return","reason":"\#(long)","statements":\#(pick)}"#)
            #expect(tooLong.status.code == 400 || tooLong.status == .unprocessableEntity)

            // Approved, then a second approval of the same version is stale.
            let result = try await jana.send(.POST, "/work-statements/decisions", json: #"{"decision":"approve","statements":\#(pick)}"#)
            #expect(try result.decode(Components.Schemas.BulkActionResult.self).results.map(\.outcome) == [.changed])
            let again = try await jana.send(.POST, "/work-statements/decisions", json: #"{"decision":"approve","statements":\#(pick)}"#)
            #expect(try again.decode(Components.Schemas.BulkActionResult.self).results.map(\.outcome) == [.stale])
            let workbook = try await jana.get("/work-statements/workbook?month=2026-11")
            let sheets = try ExportTests.readXLSX(Data(workbook.bytes))
            #expect(workbook.status == .ok && Array(sheets.keys) == ["Dvořáková Eva"])
        }
    }
}
