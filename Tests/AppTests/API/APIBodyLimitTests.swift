import Foundation
import Testing
@testable import App

/// Every list the API document allows, at its `maxItems`, reaches the operation: the JSON body
/// limit (`APIRoutesBuilder.maxJSONBodyBytes`, stated in the document) is above them, and a body
/// beyond it is a 413 problem document.
@Suite struct APIBodyLimitTests {
    @Test func theLongestDocumentedListsAreReadAndALargerBodyIs413() async throws {
        try await withWorld { world in
            let admin = try await APIClient.signIn(world, world.admin)
            // 20,000 payments of a statement (about 1.2 MB): read, not refused for its size.
            let item = #"{"id":"\#(UUID().uuidString.lowercased())","version":2147483647}"#
            let payments = #"{"invoices":["# + Array(repeating: item, count: 20_000).joined(separator: ",") + "]}"
            #expect(payments.utf8.count > 1_000_000 && payments.utf8.count < APIRoutesBuilder.maxJSONBodyBytes)
            let paid = try await admin.send(.POST, "/statements/\(UUID().uuidString.lowercased())/payments", json: payments)
            #expect(paid.status != .payloadTooLarge && paid.status.code < 500, "\(paid.status)")
            // A body over the bound: 413, as the document says.
            let huge = #"{"invoices":["# + Array(repeating: item, count: 40_000).joined(separator: ",") + "]}"
            let refused = try await admin.send(.POST, "/statements/\(UUID().uuidString.lowercased())/payments", json: huge)
            #expect(refused.status == .payloadTooLarge && refused.isProblem)
        }
    }
}
