import Crypto
import Foundation

/// What a company's archive holds, in this order (docs/ARCHITECTURE.md, "Tenant export, import and
/// erasure"):
///
/// - `header.json`: the format, the schema version, the company and its tables (`ArchiveHeader`),
///   first, so an import can refuse before it reads on;
/// - per table, in the order rows are written (`TableOrder`): `tables/<table>/<n>.jsonl`, chunks
///   numbered from 00001, one row per line as PostgreSQL's `to_jsonb` gives it, with each stored
///   file replaced by a reference `{"file": …, "sha256": …, "bytes": …}` (or null); each chunk is
///   followed by the files its rows reference, `documents/<table>/<row>/<column>` (the row's
///   number in the table, from 1), byte for byte;
/// - `manifest.json`: the rows of every table, their SHA-256, and every file with its SHA-256
///   (`ArchiveManifest`), last, as it is known only then.
public enum ArchiveLayout {
    public static let format = 1
    public static let kind = "roster-tenant-export"
    public static let headerName = "header.json"
    public static let manifestName = "manifest.json"

    /// The largest entries an import reads: a header or manifest, a chunk of rows, a stored file.
    public struct Limits: Sendable {
        public var header = 1 << 20
        public var manifest = 256 << 20
        public var chunk = 64 << 20
        public var document = 512 << 20
        public init() {}
    }

    public enum Name: Equatable, Sendable {
        case header
        case manifest
        case chunk(table: String, number: Int)
        case document(table: String, row: Int, column: String)
    }

    public static func chunkName(_ table: String, _ number: Int) -> String {
        "tables/\(table)/\(String(repeating: "0", count: max(0, 5 - String(number).count)))\(number).jsonl"
    }

    public static func documentName(_ table: String, row: Int, column: String) -> String {
        "documents/\(table)/\(row)/\(column)"
    }

    /// Reads an entry's name; nil for any name these archives never have (which includes every
    /// absolute path, `..`, and names that differ only in spelling from the canonical ones). Pure.
    public static func parse(_ name: String) -> Name? {
        if name == headerName { return .header }
        if name == manifestName { return .manifest }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 3, parts[0] == "tables", SQLText.isPlainName(parts[1]), parts[2].hasSuffix(".jsonl") {
            let digits = String(parts[2].dropLast(6))
            guard digits.count >= 5, digits.count <= 9, let number = Int(digits), number >= 1,
                  chunkName(parts[1], number) == name else { return nil }
            return .chunk(table: parts[1], number: number)
        }
        if parts.count == 4, parts[0] == "documents", SQLText.isPlainName(parts[1]), SQLText.isPlainName(parts[3]),
           parts[2].count <= 12, let row = Int(parts[2]), row >= 1, String(row) == parts[2] {
            return .document(table: parts[1], row: row, column: parts[3])
        }
        return nil
    }

    /// A reference to a stored file, in place of its bytes in the row's line.
    public struct DocumentRef: Codable, Sendable, Equatable {
        public let file: String
        public let sha256: String
        public let bytes: Int
    }

    /// A row's line: PostgreSQL's JSON of the row without its stored files, then a reference for
    /// each (null where the column is NULL), in the table's column order. Pure.
    public static func line(json: String, documents: [(column: String, ref: DocumentRef?)]) -> String {
        guard !documents.isEmpty, json.hasSuffix("}") else { return json }
        let refs = documents.map { document in
            "\"\(document.column)\":" + (document.ref.map { "{\"file\":\"\($0.file)\",\"sha256\":\"\($0.sha256)\",\"bytes\":\($0.bytes)}" } ?? "null")
        }
        return String(json.dropLast()) + (json == "{}" ? "" : ",") + refs.joined(separator: ",") + "}"
    }

    static func sha256(_ data: Data) -> String { SHA256.hash(data: data).hexString }

    static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// The first entry: enough to refuse an import before anything is read or written.
public struct ArchiveHeader: Codable, Sendable, Equatable {
    public struct Company: Codable, Sendable, Equatable {
        public let id: UUID
        public let slug: String
        public let name: String
    }

    public let kind: String
    public let format: Int
    public let schema: SchemaVersion
    public let tenant: Company
    public let exportedAt: String
    /// Every table, in the order of its chunks.
    public let tables: [String]
}

/// The last entry: what the archive holds, to be checked entry by entry.
public struct ArchiveManifest: Codable, Sendable, Equatable {
    public struct Table: Codable, Sendable, Equatable {
        public let name: String
        public let rows: Int
        public let chunks: Int
        /// SHA-256 of the table's lines, each followed by a line feed, in order.
        public let sha256: String
    }

    public let kind: String
    public let format: Int
    public let schema: SchemaVersion
    public let tenant: ArchiveHeader.Company
    public let exportedAt: String
    public let tables: [Table]
    public let documents: [ArchiveLayout.DocumentRef]
}
