import Foundation
import NIOCore
import Testing
@testable import App

/// The pure rules every request body meets first: its Content-Type, a multipart form, NUL bytes.
@Suite struct RequestBodyRulesTests {
    @Test func contentTypesAreReadStrictly() throws {
        #expect(try BodyContentType(header: "application/x-www-form-urlencoded") == .urlEncodedForm)
        #expect(try BodyContentType(header: "application/x-www-form-urlencoded; charset=UTF-8") == .urlEncodedForm)
        #expect(try BodyContentType(header: "Multipart/Form-Data; boundary=abc") == .multipartForm(boundary: "abc"))
        #expect(try BodyContentType(header: "multipart/form-data; boundary=\"a b:c\"") == .multipartForm(boundary: "a b:c"))
        #expect(try BodyContentType(header: "application/json") == .json)
        let seventy = String(repeating: "x", count: 70)
        #expect(try BodyContentType(header: "multipart/form-data; boundary=\(seventy)") == .multipartForm(boundary: seventy))

        let malformed = [
            "multipart/form-data; boundary=",                   // empty: the parser used to abort the process
            "multipart/form-data; boundary=\"\"",
            "multipart/form-data",
            "multipart/form-data; boundary=" + String(repeating: "x", count: 71),
            "multipart/form-data; boundary=\"ab \"",              // ends in a space
            "multipart/form-data; boundary=a<b",
            "multipart/form-data; boundary=\"a\\\"b\"",
            "multipart/form-data; boundary=a; boundary=b",        // twice
            "multipart/form-data; boundary=\"abc",
            "multipart/form-data; boundary=ä",
            "text",
            "",
            ";",
            "a/b/c",
            "application/x-www-form-urlencoded; charset",
            String(repeating: "a", count: 600) + "/b",
        ]
        for header in malformed {
            #expect(throws: BodyContentType.Problem.malformed, "\(header.prefix(60))") { try BodyContentType(header: header) }
        }
        for header in ["text/plain", "application/xml", "multipart/mixed; boundary=abc"] {
            #expect(throws: BodyContentType.Problem.unsupported, "\(header)") { try BodyContentType(header: header) }
        }
    }

    static func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    @Test func aMultipartFormIsParsedOnce() throws {
        let text = "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"month\"\r\n\r\n2026-10\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"fa\\\"ktura;1.pdf\"\r\n"
            + "Content-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--Xy\r\nbinary\r\n--XyZ--\r\nepilogue"
        let form = try MultipartForm.parse(Self.body(text), boundary: "XyZ")
        #expect(form.field("month") == "2026-10")
        let file = try #require(form.file("file"))
        #expect(file.filename == "fa\"ktura;1.pdf")
        #expect(file.contentType == "application/pdf")
        #expect(file.content.getString(at: file.content.readerIndex, length: file.content.readableBytes) == "%PDF-1.4\r\n--Xy\r\nbinary")
        #expect(try MultipartForm.parse(Self.body("--b--\r\n"), boundary: "b").fields.isEmpty)
    }

    @Test func malformedMultipartIsAProblemNeverACrash() {
        let header = "Content-Disposition: form-data; name=\"a\"\r\n\r\n"
        let cases: [(String, String)] = [
            ("", "b"),
            ("--b", "b"),                                              // truncated after the delimiter
            ("--b\r\n", "b"),
            ("--b\r\n\(header)value", "b"),                            // no closing delimiter
            ("--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--", "b"),          // no name
            ("--b\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nx\r\n--b--", "b"),
            ("--b\r\nContent-Disposition: form-data; name=\"a\r\n\r\nx\r\n--b--", "b"),  // unclosed quote
            ("--b\r\nX-Other: 1\r\n\r\nx\r\n--b--", "b"),
            ("--b\r\n\(header)\u{FFFD}\r\n--b--", ""),                 // an empty boundary is refused
            ("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n" + String(repeating: "X: y\r\n", count: 2000) + "\r\nx\r\n--b--", "b"),
            (String(repeating: "--b\r\n\(header)x\r\n", count: 40) + "--b--", "b"),     // too many parts
            ("--b\r\n\(header)" + String(repeating: "v", count: 70_000) + "\r\n--b--", "b"),
        ]
        for (text, boundary) in cases {
            #expect(throws: MultipartForm.Problem.malformed, "\(text.prefix(80))") {
                try MultipartForm.parse(Self.body(text), boundary: boundary)
            }
        }
        var invalid = ByteBuffer(string: "--b\r\n\(header)")
        invalid.writeBytes([0xC3, 0x28])
        invalid.writeString("\r\n--b--")
        #expect(throws: MultipartForm.Problem.malformed) { try MultipartForm.parse(invalid, boundary: "b") }
    }

    @Test func aNulInAFieldOrFileNameIsNamed() {
        #expect(throws: MultipartForm.Problem.nulCharacter(field: "month")) {
            try MultipartForm.parse(Self.body("--b\r\nContent-Disposition: form-data; name=\"month\"\r\n\r\n20\u{0}26\r\n--b--"), boundary: "b")
        }
        #expect(throws: MultipartForm.Problem.nulCharacter(field: "file")) {
            try MultipartForm.parse(Self.body("--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\u{0}.pdf\"\r\n\r\nx\r\n--b--"), boundary: "b")
        }
    }

    @Test func hostileMultipartBodiesTakeLinearTime() throws {
        // Near-delimiters everywhere: each position is compared at most once per delimiter length.
        let boundary = String(repeating: "q", count: 70)
        let noise = String(repeating: "\r\n--" + String(repeating: "q", count: 69) + "x", count: 60_000)   // ~4.5 MB
        let text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n\(noise)\r\n--\(boundary)--"
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let form = try MultipartForm.parse(Self.body(text), boundary: boundary)
            #expect(form.file("file")?.content.readableBytes == noise.utf8.count)
        }
        #expect(elapsed < .seconds(2), "\(elapsed)")
    }

    @Test func nulBytesAreFoundInEncodedForms() {
        #expect(FormText.fieldWithNUL(urlEncoded: "q=Nov%C3%A1k&team=") == nil)
        #expect(FormText.fieldWithNUL(urlEncoded: "a=%25000") == nil, "%25 is a percent sign, then 000")
        #expect(FormText.fieldWithNUL(urlEncoded: "q=ab%00c") == "q")
        #expect(FormText.fieldWithNUL(urlEncoded: "x=1&last%5Fname=%%00") == "last_name")
        #expect(FormText.fieldWithNUL(urlEncoded: "first+name=a\u{0}b") == "first name")
        #expect(FormText.fieldWithNUL(urlEncoded: "%00=1") == "?")
        #expect(FormText.fieldWithNUL(urlEncoded: String(repeating: "%0", count: 100_000)) == nil)
    }

    @Test func serveRefusesAnExposedDevelopmentServerAndProductionWithoutMail() {
        let development = ServeChecks.Situation(environment: "development", publicURL: "http://localhost:8080",
                                                hostname: "127.0.0.1", mailCommand: nil, mailCommandRuns: false)
        #expect(ServeChecks.refusals(development).isEmpty)
        for host in ["localhost", "::1", "[::1]", "127.0.0.2"] {
            var situation = development
            situation.hostname = host
            #expect(ServeChecks.refusals(situation).isEmpty, "\(host)")
        }
        for host in ["0.0.0.0", "192.168.1.10", "::", "example.com", "127.0.0.1.example.com", "1270.0.0.1"] {
            var situation = development
            situation.hostname = host
            #expect(ServeChecks.refusals(situation).count == 1, "\(host)")
        }
        var https = development
        https.publicURL = "https://roster.example.com"
        #expect(ServeChecks.refusals(https).count == 1)

        var production = development
        production.environment = "production"
        production.hostname = "0.0.0.0"
        production.publicURL = "https://roster.example.com"
        #expect(ServeChecks.refusals(production).count == 1, "no mail command")
        production.mailCommand = ["/nonexistent/sendmail", "-t"]
        #expect(ServeChecks.refusals(production).count == 1, "a mail command that does not run")
        production.mailCommandRuns = true
        #expect(ServeChecks.refusals(production).isEmpty)
        #expect(ServeChecks.runs("sh") && ServeChecks.runs("/bin/sh") && !ServeChecks.runs("/nonexistent/sendmail"))
    }
}
