import Foundation

/// A small deterministic generator (SplitMix64): the same seed gives the same requests.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Who sends a request: the cookies it carries and the CSRF token that matches them, so that
/// bodies get past the CSRF check and reach decoding.
struct FuzzIdentity: Sendable {
    let name: String
    let cookie: String
    let csrf: String
}

/// One malformed request, as bytes on the wire.
struct FuzzRequest: Sendable {
    let method: String
    let path: String
    let caseName: String
    let identity: String
    let bytes: [UInt8]
    /// The request promises more body than it sends: the sending side is shut, and no answer
    /// (the server closing) is as good as a 4xx.
    let closeWrite: Bool

    /// The request as text for a report, bytes outside printable ASCII escaped, long runs cut.
    var printable: String {
        var text = ""
        for byte in bytes.prefix(700) {
            switch byte {
            case 13: text += "\\r"
            case 10: text += "\\n"
            case 32...126: text.append(Character(UnicodeScalar(byte)))
            default: text += String(format: "\\x%02X", byte)
            }
        }
        if bytes.count > 700 { text += "… (\(bytes.count) bytes)" }
        return text
    }
}

/// The malformed requests of the fuzz suite: for one method and path, the ways a client can
/// get a body, its type, its encoding or its framing wrong.
enum FuzzCases {
    /// Field names the forms use, so duplicates and junk land on fields that are really decoded.
    static let fieldNames = ["_csrf", "email", "month", "name", "first_name", "last_name", "amount", "currency", "from",
                             "kind", "valid_from", "valid_to", "capacity", "action", "reason", "version", "ids", "state",
                             "team", "leader", "role", "language", "grant_type", "code", "client_id", "token", "file",
                             "issuer", "iban", "typo_fix", "include_exported", "format", "redirect_uri", "decision"]

    /// Values for path parameters that are not identifiers at all.
    static let junkSegments = ["%00", "%ZZ", String(repeating: "a", count: 300), "..", "%FF%FE", "-1", "%2e%2e%2f",
                               "a%2Fb", "%C0%AF", "0x7fffffff", "99999999999999999999999", "%E2%80%AE"]

    static func request(_ method: String, _ path: String, identity: FuzzIdentity, headers: [(String, String)] = [],
                        body: [UInt8]? = nil, contentLength: Int? = nil) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAccept-Language: en\r\n"
        if !identity.cookie.isEmpty { head += "Cookie: \(identity.cookie)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body, !headers.contains(where: { $0.0.lowercased() == "transfer-encoding" }) {
            head += "Content-Length: \(contentLength ?? body.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + (body ?? [])
    }

    static func form(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func multipart(boundary: String, csrf: String, extra: String = "") -> [UInt8] {
        Array("""
            --\(boundary)\r
            Content-Disposition: form-data; name="_csrf"\r
            \r
            \(csrf)\r
            --\(boundary)\r
            Content-Disposition: form-data; name="month"\r
            \r
            2024-10\r
            \(extra)--\(boundary)--\r

            """.utf8)
    }

    static let formType = ("Content-Type", "application/x-www-form-urlencoded")

    static func nested(depth: Int) -> String {
        "a" + String(repeating: "[b]", count: depth)
    }

    /// Every body case, for a route that takes a body.
    static func bodyCases(method: String, path: String, identity: FuzzIdentity) -> [(String, [UInt8], Bool)] {
        let token = identity.csrf
        let csrfHeader = ("X-CSRF-Token", token)
        // Forms carry their token in the body; as the admin, multipart requests also send it as a
        // header, so the handler's own decoding is reached whichever way the token is read.
        func multipartRequest(_ contentType: String, _ body: [UInt8]) -> [UInt8] {
            let headers = [("Content-Type", contentType)] + (identity.name == "admin" ? [csrfHeader] : [])
            return request(method, path, identity: identity, headers: headers, body: body)
        }
        // Form bodies send the token as a header too: a body the CSRF check cannot read still
        // reaches the handler.
        let formType = [FuzzCases.formType, csrfHeader]
        func entry(_ name: String, _ bytes: [UInt8], _ closeWrite: Bool = false) -> (String, [UInt8], Bool) {
            (name, bytes, closeWrite)
        }
        let longBoundary = String(repeating: "b", count: 100)
        var cases: [(String, [UInt8], Bool)] = [
            entry("multipart-empty-boundary",
             multipartRequest("multipart/form-data; boundary=", multipart(boundary: "", csrf: token)), false),
            entry("multipart-long-boundary",
             multipartRequest("multipart/form-data; boundary=\(longBoundary)", multipart(boundary: longBoundary, csrf: token)), false),
            entry("multipart-illegal-boundary",
             multipartRequest("multipart/form-data; boundary=a<b> c@d:é", multipart(boundary: "a<b> c@d:é", csrf: token)), false),
            entry("multipart-quoted-boundary",
             multipartRequest("multipart/form-data; boundary=\"q-b; x\"", multipart(boundary: "q-b; x", csrf: token)), false),
            entry("multipart-unterminated-quote",
             multipartRequest("multipart/form-data; boundary=\"abc", multipart(boundary: "abc", csrf: token)), false),
            entry("multipart-missing-boundary",
             multipartRequest("multipart/form-data", multipart(boundary: "xyz", csrf: token)), false),
            entry("multipart-two-boundaries",
             multipartRequest("multipart/form-data; boundary=one; boundary=", multipart(boundary: "one", csrf: token)), false),
            entry("multipart-truncated",
             multipartRequest("multipart/form-data; boundary=cut", Array(multipart(boundary: "cut", csrf: token, extra: """
                --cut\r
                Content-Disposition: form-data; name="file"; filename="a.pdf"\r
                Content-Type: application/pdf\r
                \r
                %PDF-1.4 truncated

                """).prefix(180))), false),
            entry("multipart-no-headers",
             multipartRequest("multipart/form-data; boundary=nh", form("--nh\r\n\r\nvalue\r\n--nh\r\nContent-Disposition\r\n\r\nx\r\n--nh--\r\n")), false),
            entry("multipart-nul-and-traversal",
             multipartRequest("multipart/form-data; boundary=nul", multipart(boundary: "nul", csrf: token, extra: """
                --nul\r
                Content-Disposition: form-data; name="fi\u{0}le"; filename="../../etc/passwd\u{0}.pdf"\r
                Content-Type: application/pdf\r
                \r
                %PDF-1.4\u{0}\r

                """)), false),
            entry("multipart-huge-part-header",
             multipartRequest("multipart/form-data; boundary=hh", multipart(boundary: "hh", csrf: token, extra: """
                --hh\r
                Content-Disposition: form-data; name="\(String(repeating: "n", count: 20_000))"\r
                X-\(String(repeating: "h", count: 20_000)): 1\r
                \r
                v\r

                """)), false),
            entry("multipart-many-parts",
             multipartRequest("multipart/form-data; boundary=mp", multipart(boundary: "mp", csrf: token, extra: (0..<3000).map {
                 "--mp\r\nContent-Disposition: form-data; name=\"f\($0 % 7)\"\r\n\r\n\($0)\r\n"
             }.joined())), false),
            entry("multipart-deep-names",
             multipartRequest("multipart/form-data; boundary=dn", multipart(boundary: "dn", csrf: token, extra: """
                --dn\r
                Content-Disposition: form-data; name="\(nested(depth: 10_000))"\r
                \r
                1\r

                """)), false),
            entry("form-invalid-utf8",
             request(method, path, identity: identity, headers: formType,
                     body: form("_csrf=\(token)&name=%FF%FE%FD&email=") + [0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80] + form("&month=%C0%AF"))),
            entry("form-bad-percent",
             request(method, path, identity: identity, headers: formType, body: form("_csrf=\(token)&month=%ZZ&name=%&amount=%4&%=x"))),
            entry("form-nul",
             request(method, path, identity: identity, headers: formType,
                     body: form("_csrf=\(token)&name=%00&email=a%00@b.c&month=") + [0] + form("&am\u{0}ount=1"))),
            entry("form-duplicates",
             request(method, path, identity: identity, headers: formType,
                     body: form("_csrf=\(token)&" + fieldNames.flatMap { ["\($0)=1", "\($0)=2", "\($0)[]=3", "\($0)[x]=4"] }
                        .joined(separator: "&") + "&_csrf=other"))),
            entry("form-huge-field",
             request(method, path, identity: identity, headers: formType,
                     body: form("_csrf=\(token)&name=" + String(repeating: "é", count: 100_000)))),
            entry("form-many-fields",
             request(method, path, identity: identity, headers: formType,
                     body: form("_csrf=\(token)&" + (0..<20_000).map { "f\($0)=1" }.joined(separator: "&")))),
            entry("form-deep-nesting",
             request(method, path, identity: identity, headers: formType, body: form("_csrf=\(token)&\(nested(depth: 10_000))=1"))),
            entry("form-deep-arrays",
             request(method, path, identity: identity, headers: formType,
                     body: form("_csrf=\(token)&ids" + String(repeating: "[]", count: 10_000) + "=1"))),
            entry("form-unbalanced-brackets",
             request(method, path, identity: identity, headers: formType,
                     body: form("_csrf=\(token)&a[[[[=1&]]]]=2&ids[=3&ids]=4&[]=5&a[b]=1&a=2&a[]=3"))),
            entry("form-charset-unknown",
             request(method, path, identity: identity, headers: [("Content-Type", "application/x-www-form-urlencoded; charset=utf-7")],
                     body: form("_csrf=\(token)&name=+AGEAYgBj-"))),
            entry("json-to-form",
             request(method, path, identity: identity, headers: [("Content-Type", "application/json"), csrfHeader],
                     body: form("{\"_csrf\":\"\(token)\",\"a\":" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"))),
            entry("json-invalid",
             request(method, path, identity: identity, headers: [("Content-Type", "application/json"), csrfHeader],
                     body: form("{\"_csrf\": \"\(token)\", \"month\": \"\u{0}") + [0xFF])),
            entry("json-deep-objects",
             request(method, path, identity: identity, headers: [("Content-Type", "application/json; charset=utf-8"), csrfHeader],
                     body: form(String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)))),
            entry("xml-entity-body",
             request(method, path, identity: identity, headers: [("Content-Type", "application/xml"), csrfHeader],
                     body: form("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaa\">]><x>&a;</x>"))),
            entry("content-type-garbage",
             request(method, path, identity: identity, headers: [("Content-Type", ";;;=é/; boundary; multipart/form-data;="), csrfHeader],
                     body: form("_csrf=\(token)"))),
            entry("empty-body",
             request(method, path, identity: identity, headers: formType, body: [])),
            entry("content-length-short",
             request(method, path, identity: identity, headers: formType, body: form("_csrf=\(token)&a=1"), contentLength: 4000), true),
            entry("content-length-long",
             request(method, path, identity: identity, headers: formType,
                     body: form("_csrf=\(token)&month=2024-01GARBAGE / HTTP/1.1\r\n\r\n"), contentLength: 10)),
            entry("content-length-negative",
             Array("\(method) \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: \(identity.cookie)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: -5\r\n\r\n_csrf=\(token)".utf8)),
            entry("content-length-twice",
             Array("\(method) \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: \(identity.cookie)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nContent-Length: 70\r\n\r\n_csrf=\(token)".utf8)),
            entry("chunked-bad-size",
             request(method, path, identity: identity, headers: formType + [("Transfer-Encoding", "chunked")],
                     body: form("zz\r\n_csrf=\(token)\r\n0\r\n\r\n"))),
            entry("chunked-and-length",
             Array("\(method) \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: \(identity.cookie)\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\n_csrf\r\n0\r\n\r\n".utf8)),
        ]
        // Multipart: the upload's boundary problems once more, for a truncated file.
        cases.append(("multipart-empty-boundary-quoted",
                      multipartRequest("multipart/form-data; boundary=\"\"", multipart(boundary: "", csrf: token)), false))
        return cases
    }

    /// Cases for any route, whatever its method: the query string, the path and the headers.
    static func addressCases(method: String, path: String, identity: FuzzIdentity) -> [(String, [UInt8], Bool)] {
        [
            ("query-junk", request(method, path + "?page=-1&month=9999-99&state=%00&q=%FF%FE&id=..%2F&from=1e309&to=&sort=%27%22", identity: identity)),
            ("query-bad-percent", request(method, path + "?q=%ZZ%&x=%E0%A4&%=1&month=%", identity: identity)),
            ("query-deep-nesting", request(method, path + "?" + nested(depth: 10_000) + "=1", identity: identity)),
            ("query-duplicates", request(method, path + "?page=1&page=2&month=2024-01&month=x&state=a&state[]=b&q[a]=1&q=2", identity: identity)),
            ("query-huge", request(method, path + "?q=" + String(repeating: "x", count: 60_000), identity: identity)),
            ("path-nul", request(method, path + "%00", identity: identity)),
            ("path-long-segment", request(method, path + "/" + String(repeating: "a", count: 300), identity: identity)),
            ("headers-junk", request(method, path, identity: FuzzIdentity(name: identity.name, cookie: identity.cookie + "; roster_lang=%FF%FE; roster_session=%00; roster_csrf=" + String(repeating: "c", count: 5000), csrf: identity.csrf),
                                     headers: [("Accept-Language", String(repeating: "zz-ZZ;q=0.1, ", count: 2000)), ("X-Forwarded-For", "::::, 999.1.1.1, é")])),
        ].map { ($0.0, $0.1, false) }
    }
}
