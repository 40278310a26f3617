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
                    case .listMyEarnings: reply = try await client.get("/me/earnings")
                    case .listMissingInvoices: reply = try await client.get("/invoices/missing")
                    case .getReviewDesk: reply = try await client.get("/invoices/desk?month=2024-10")
                    case .exportPayments:
                        reply = try await client.send(.POST, "/invoices/exports", json: #"{"month":"2024-10","format":"csv","invoices":["\#(unknown)"]}"#)
                    case .listPersonRates: reply = try await client.get("/people/\(world.employee.id.lowercasedString)/rates")
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
                    case .addPersonContract:
                        reply = try await client.send(.POST, "/people/\(world.employee.id.lowercasedString)/contracts",
                                                      json: #"{"kind":"ico","validFrom":"2020-01-01","capacityHours":"0"}"#)
                    case .setPersonActive:
                        reply = try await client.send(.PUT, "/people/\(world.employee.id.lowercasedString)/status", json: #"{"active":true}"#)
                    }
                    let allowed = operation.reach(for: user) != nil
                    // The table, said once more in words: everyone has their own things, team
                    // leaders list their team, admins review.
                    let review: Set<APIOperation> = [.listInvoices, .listMissingInvoices, .getReviewDesk, .actOnInvoice,
                                                     .actOnInvoices, .exportPayments, .listPersonRates, .setPersonRate,
                                                     .changePersonRate, .deletePersonRate, .updatePerson, .setPersonActive,
                                                     .addPersonContract, .listRateIncreases, .getAverageIncrease]
                    #expect(allowed == (user.roles.contains(.admin) || !review.contains(operation)
                        && (operation != .listPeople || user.roles.contains(.teamLeader))))
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
}
