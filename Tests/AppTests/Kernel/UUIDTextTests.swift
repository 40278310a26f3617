import Foundation
import Testing
@testable import App

/// The id as pages print it is Foundation's text in lowercase, for any id.
@Suite struct UUIDTextTests {
    @Test func printsWhatFoundationPrintsInLowercase() {
        let fixed = [UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
                     UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!,
                     UUID(uuidString: "0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9")!]
        for id in fixed + (0..<2_000).map({ _ in UUID() }) {
            #expect(id.lowercasedString == id.uuidString.lowercased())
            #expect(UUID(uuidString: id.lowercasedString) == id)
        }
        #expect(fixed[2].lowercasedString == "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9")
    }
}
