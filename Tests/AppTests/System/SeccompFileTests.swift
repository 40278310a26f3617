import Foundation
import Testing
@testable import App

/// The inspector's seccomp program is kept in one file per user and content, so restarts leave
/// nothing behind, and a file or folder that is not what Roster wrote is never used.
@Suite struct SeccompFileTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "/roster-seccomp-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    @Test func everyStartUsesTheSameFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let program: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        let first = try #require(SeccompFilter.stored(program, in: folder))
        for _ in 0..<5 { #expect(SeccompFilter.stored(program, in: folder) == first) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
        #expect(FileManager.default.contents(atPath: first) == Data(program))
        // Another program (a new release) gets its own file in the same folder.
        let second = try #require(SeccompFilter.stored([9, 9, 9, 9, 9, 9, 9, 9], in: folder))
        #expect(second != first && (second as NSString).deletingLastPathComponent == (first as NSString).deletingLastPathComponent)
    }

    @Test func aChangedFileOrAForeignFolderIsNotTrusted() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let program: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        let path = try #require(SeccompFilter.stored(program, in: folder))
        // The file changed behind Roster's back: written again before it is used.
        unlink(path)
        #expect(FileManager.default.createFile(atPath: path, contents: Data([0, 0, 0, 0, 0, 0, 0, 0])))
        #expect(SeccompFilter.stored(program, in: folder) == path)
        #expect(FileManager.default.contents(atPath: path) == Data(program))
        // The folder is a link to somewhere else: a private folder of its own instead.
        let elsewhere = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let linked = folder + "/linked"
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: linked + "/roster-seccomp-\(geteuid())", withDestinationPath: elsewhere)
        let fallback = try #require(SeccompFilter.stored(program, in: linked))
        #expect(!fallback.hasPrefix(linked + "/roster-seccomp-\(geteuid())/") && !fallback.hasPrefix(elsewhere))
        #expect(FileManager.default.contents(atPath: fallback) == Data(program))
    }
}
