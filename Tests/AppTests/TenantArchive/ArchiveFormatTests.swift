import Foundation
import Testing
@testable import App

/// The archive's tar format, its entry names and the order of tables, without a database.
@Suite struct ArchiveFormatTests {
    static func temporary() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("roster-tar-\(UUID().uuidString)").path
    }

    static func write(_ entries: [(String, Data)], to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let writer = TarWriter(handle: handle, modified: Date(timeIntervalSince1970: 1_700_000_000))
        for (name, content) in entries { try writer.add(name, content) }
        try writer.finish()
        try handle.close()
    }

    static func read(_ path: String, limit: Int = 1 << 30) throws -> [(String, Data)] {
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let reader = TarReader(handle: handle)
        var entries: [(String, Data)] = []
        while let entry = try reader.next() { entries.append((entry.name, try reader.content(limit: limit))) }
        return entries
    }

    static func readError(_ bytes: Data, limit: Int = 1 << 30) -> String? {
        let path = temporary()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        do {
            _ = try read(path, limit: limit)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let sample: [(String, Data)] = [
        ("header.json", Data("{}".utf8)), ("tables/users/00001.jsonl", Data()),
        ("documents/invoice_documents/1/content", Data((0..<1_300).map { UInt8($0 % 251) })),
        ("manifest.json", Data(repeating: 0x41, count: 512)),
    ]

    static func sampleBytes() throws -> Data {
        let path = temporary()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try write(sample, to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func whatIsWrittenIsReadBackByteForByte() throws {
        let path = Self.temporary()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.write(Self.sample, to: path)
        let read = try Self.read(path)
        #expect(read.map(\.0) == Self.sample.map(\.0))
        #expect(read.map(\.1) == Self.sample.map(\.1))
        // A standard tar tool reads it too.
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-tf", path]
        let out = Pipe()
        tar.standardOutput = out
        try tar.run()
        tar.waitUntilExit()
        let listed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(tar.terminationStatus == 0 && listed.split(separator: "\n").map(String.init) == Self.sample.map(\.0))
    }

    @Test func aDamagedOrHostileArchiveIsRefusedWithAReason() throws {
        let good = try Self.sampleBytes()
        #expect(Self.readError(good) == nil)
        // Cut short anywhere: in a header, in a file, before the end blocks.
        for cut in [100, 512 + 3, 3 * 512 + 700, good.count - 512 - 1] {
            let error = try #require(Self.readError(good.prefix(cut)), "cut at \(cut)")
            #expect(error.contains("ends early") || error.contains("single zero block"), "\(cut): \(error)")
        }
        // A flipped byte in a header: its checksum.
        var flipped = good
        flipped[10] ^= 0x01
        #expect(Self.readError(flipped)?.contains("checksum") == true)
        // A symbolic link, a directory, a GNU long name, a pax header: not regular files.
        for type in ["2", "5", "L", "x"] {
            var header = try TarWriter.header(name: "../../etc/passwd", size: 0, modified: 0)
            header[156] = Character(type).asciiValue!
            Self.fixChecksum(&header)
            #expect(Self.readError(Data(header) + Data(count: 1024))?.contains("not a regular file") == true, "type \(type)")
        }
        // A size in base-256, and a size beyond what the reader allows for the entry.
        var huge = try TarWriter.header(name: "documents/x/1/content", size: 0, modified: 0)
        huge.replaceSubrange(124..<136, with: [0x80] + Array(repeating: 0xFF, count: 11))
        Self.fixChecksum(&huge)
        #expect(Self.readError(Data(huge))?.contains("invalid size") == true)
        #expect(Self.readError(good, limit: 1_000)?.contains("more than the 1000") == true)
        // Bytes after the end.
        #expect(Self.readError(good + Data("junk".utf8))?.contains("after the end") == true)
        // Not a tar file at all.
        #expect(Self.readError(Data(repeating: 0x7B, count: 4_096))?.contains("checksum") == true)
        #expect(Self.readError(Data())?.contains("ends early") == true)
    }

    static func fixChecksum(_ header: inout [UInt8]) {
        header.replaceSubrange(148..<156, with: Array(repeating: 0x20, count: 8))
        let sum = header.reduce(0) { $0 + Int($1) }
        let digits = String(sum, radix: 8)
        header.replaceSubrange(148..<156, with: Array((String(repeating: "0", count: 6 - digits.count) + digits).utf8) + [0, 0x20])
    }

    @Test func onlyTheNamesAnExportWritesAreNames() {
        #expect(ArchiveLayout.parse("header.json") == .header)
        #expect(ArchiveLayout.parse("manifest.json") == .manifest)
        #expect(ArchiveLayout.parse("tables/users/00001.jsonl") == .chunk(table: "users", number: 1))
        #expect(ArchiveLayout.parse(ArchiveLayout.chunkName("users", 123_456)) == .chunk(table: "users", number: 123_456))
        #expect(ArchiveLayout.parse("documents/invoice_documents/17/content") == .document(table: "invoice_documents", row: 17, column: "content"))
        for name in ["../header.json", "/etc/passwd", "tables/../users/00001.jsonl", "tables/users/1.jsonl", "tables/users/00000.jsonl",
                     "tables/Users/00001.jsonl", "tables/users/00001.jsonl/", "documents/x/01/content", "documents/x/1/../../y",
                     "documents/x/0/content", "documents/x/1/content/", "tables/us\"ers/00001.jsonl", "./header.json",
                     "tables/users/-0001.jsonl", "documents/x/99999999999999999999/content", ""] {
            #expect(ArchiveLayout.parse(name) == nil, "\(name)")
        }
    }

    @Test func aRowsLineReferencesItsFiles() {
        let ref = ArchiveLayout.DocumentRef(file: "documents/t/1/content", sha256: String(repeating: "a", count: 64), bytes: 3)
        #expect(ArchiveLayout.line(json: #"{"id": 1}"#, documents: []) == #"{"id": 1}"#)
        #expect(ArchiveLayout.line(json: #"{"id": 1}"#, documents: [("content", ref), ("thumb", nil)])
                == #"{"id": 1,"content":{"file":"documents/t/1/content","sha256":"\#(String(repeating: "a", count: 64))","bytes":3},"thumb":null}"#)
    }

    static func key(_ table: String, _ referenced: String, _ column: String, nullable: Bool = false, deferrable: Bool = false) -> TableOrder.Key {
        .init(name: "\(table)_\(column)_fkey", table: table, referenced: referenced, columns: ["tenant_id", column],
              deferrable: deferrable, nullable: nullable)
    }

    @Test func tablesComeAfterTheTablesTheyReferToAndACycleIsBrokenAtANullableKey() throws {
        let plan = try TableOrder.plan(
            tables: ["users", "teams", "tenants", "invoices", "invoice_documents", "sessions"], root: "tenants",
            keys: [Self.key("users", "tenants", "tenant_id"), Self.key("users", "teams", "team_id", nullable: true),
                   Self.key("teams", "users", "leader_id", nullable: true), Self.key("sessions", "users", "user_id"),
                   Self.key("invoices", "users", "user_id"), Self.key("invoices", "invoice_documents", "document_id", deferrable: true),
                   Self.key("invoice_documents", "invoices", "invoice_id"), Self.key("users", "oauth_clients", "client_id")])
        #expect(plan.order == ["tenants", "teams", "users", "invoices", "invoice_documents", "sessions"])
        #expect(plan.deferred == ["teams": ["leader_id"]])
        // A table that refers to itself.
        let tree = try TableOrder.plan(tables: ["tenants", "nodes"], root: "tenants",
                                       keys: [Self.key("nodes", "nodes", "parent_id", nullable: true)])
        #expect(tree.order == ["tenants", "nodes"] && tree.deferred == ["nodes": ["parent_id"]])
        // A cycle of keys that are never NULL cannot be written.
        #expect(throws: OperatorCommands.Failure.self) {
            try TableOrder.plan(tables: ["tenants", "a", "b"], root: "tenants",
                                keys: [Self.key("a", "b", "b_id"), Self.key("b", "a", "a_id")])
        }
    }

    @Test func identifiersAreQuotedAndArchiveNamesArePlain() {
        #expect(SQLText.identifier(#"we"ird"#) == #""we""ird""#)
        #expect(SQLText.literal("it's") == "'it''s'")
        #expect(SQLText.isPlainName("invoice_documents") && !SQLText.isPlainName("1abc") && !SQLText.isPlainName("a-b")
                && !SQLText.isPlainName("") && !SQLText.isPlainName(String(repeating: "a", count: 64)))
    }
}
