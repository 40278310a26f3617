import Vapor

/// Serves `Public/` through Vapor's `FileMiddleware`, but asks the file system only about paths
/// that can name one of its files: a GET or HEAD whose path is short segments of letters, digits,
/// `-`, `_` and `.` (no `.` or `..` segment, nothing percent-encoded). Anything else goes straight
/// to the routes, which answer 404 for what they do not know; the file system is never asked
/// about a 300-byte name (which it refuses with an error, a 500) or a NUL.
///
/// Nor is it asked about a page: a path is looked up only when its first segment is an entry of
/// `Public/` (`css`, `js`, `api`), read once at start. Every page of a company starts with `/t/`,
/// and a file lookup is a hop to the file system's threads and back on every one of them.
struct StaticFileMiddleware: AsyncMiddleware {
    let files: FileMiddleware
    /// The names at the top of `Public/`.
    let entries: Set<String>

    init(publicDirectory: String) {
        files = FileMiddleware(publicDirectory: publicDirectory)
        entries = Set((try? FileManager.default.contentsOfDirectory(atPath: publicDirectory)) ?? [])
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = request.url.path
        guard request.method == .GET || request.method == .HEAD, Self.mayNameFile(path),
              entries.contains(Self.firstSegment(of: path)) else {
            return try await next.respond(to: request)
        }
        return try await files.respond(to: request, chainingTo: next)
    }

    /// "/css/app.css" → "css"; "/favicon.ico" → "favicon.ico".
    static func firstSegment(of path: String) -> String {
        let rest = path.utf8.dropFirst()
        return String(Substring(rest.prefix { $0 != UInt8(ascii: "/") }))
    }

    /// The longest path and segment looked up; file names in `Public/` are far shorter.
    static let maxPathBytes = 512
    static let maxSegmentBytes = 100

    /// Whether `path` (as sent, percent-encoded) could name a file under `Public/`.
    static func mayNameFile(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.count >= 2, bytes.count <= maxPathBytes, bytes[0] == UInt8(ascii: "/") else { return false }
        for segment in bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard !segment.isEmpty, segment.count <= maxSegmentBytes else { return false }
            guard !segment.allSatisfy({ $0 == UInt8(ascii: ".") }) else { return false }
            guard segment.allSatisfy(isFileNameByte) else { return false }
        }
        return true
    }

    private static func isFileNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}
