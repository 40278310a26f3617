import Foundation
import NIOCore
import Testing
@testable import App

/// A property the API document does not allow to be null is refused when sent as null (422 with
/// its path), wherever it is in the body; where the document allows null, null is read.
@Suite struct APINullCheckTests {
    @Test func aNullTheDocumentDoesNotAllowIsRefused() async throws {
        try await withWorld { world in
            let project = try await TimeTrackingTests.project(world).lowercasedString
            let eva = try await APIClient.signIn(world, world.employee)
            let refused = try await eva.send(.POST, "/me/timer", json: #"{"projectId":null}"#)
            #expect(refused.status == .unprocessableEntity && refused.problem?.errors?.map(\.field) == ["projectId"])
            #expect(refused.problem?.errors?.first?.message.contains("null") == true)
            // `seen` may be null (the document says so): the same start with it is fine.
            let started = try await eva.send(.POST, "/me/timer", json: #"{"projectId":"\#(project)","seen":null}"#)
            #expect(started.status.code < 300, "\(started.status)")
            // Nested: an item of a list.
            let admin = try await APIClient.signIn(world, world.admin)
            let nested = try await admin.send(.POST, "/invoices/actions",
                                              json: #"{"action":"approve","invoices":[{"id":"\#(UUID().uuidString.lowercased())","version":null}]}"#)
            #expect(nested.status == .unprocessableEntity && nested.problem?.errors?.map(\.field) == ["invoices[0].version"])
            // Where the document allows null (a bulk decision's reason), it is read.
            let allowed = try await admin.send(.POST, "/invoices/actions",
                                               json: #"{"action":"approve","invoices":[{"id":"\#(UUID().uuidString.lowercased())","version":1,"reason":null}]}"#)
            #expect(allowed.status == .ok, "\(allowed.status)")
        }
    }

    @Test func theCheckReadsTheDocumentsTypes() throws {
        let check = APINullCheck(documentAt: FileManager.default.currentDirectoryPath + "/Public/api/v1/openapi.json")
        let body = ByteBuffer(string: #"{"projectId":null,"description":null,"seen":null}"#)
        // `description` and `seen` may be null; `projectId` may not.
        #expect(check.refusedNulls(in: body, route: "POST /api/v1/me/timer") == ["projectId"])
        #expect(check.refusedNulls(in: body, route: "POST /api/v1/no/such/operation").isEmpty)
        #expect(check.refusedNulls(in: ByteBuffer(string: "not json"), route: "POST /api/v1/me/timer").isEmpty)
        // Deep nesting is bounded, not a stall.
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(check.refusedNulls(in: ByteBuffer(string: deep), route: "POST /api/v1/me/timer").isEmpty)
    }
}
