import Foundation
import Testing
@testable import App

@Suite struct MailMessageTests {
    @Test func aMessageHasHeadersAndABase64Body() throws {
        let message = try MailMessage(from: "Roster <roster@acme.example>", to: "eva@acme.example",
                                      subject: "Přihlášení do Acme s.r.o.", body: "Dobrý den,\nodkaz: https://x/y\n")
        let text = message.rendered
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts.count == 2)
        let headers = parts[0]
        #expect(headers.contains("To: eva@acme.example\r\n"))
        #expect(headers.contains("Subject: =?UTF-8?B?"))
        #expect(headers.contains("Content-Transfer-Encoding: base64"))
        let ascii = text.allSatisfy { $0.isASCII }
        #expect(ascii, "8-bit clean for any SMTP server")
        let body = Data(base64Encoded: parts[1].replacingOccurrences(of: "\r\n", with: ""))
        #expect(body.map { String(decoding: $0, as: UTF8.self) } == "Dobrý den,\r\nodkaz: https://x/y\r\n")
        // The subject decodes back to the original.
        let words = headers.matches(of: /=\?UTF-8\?B\?([A-Za-z0-9+\/=]+)\?=/).map { String($0.1) }
        let subject = words.compactMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(subject == "Přihlášení do Acme s.r.o.")
    }

    @Test func aNameIsEncodedButTheAddressIsNot() {
        #expect(MailMessage.encodedWords("Roster <r@x.cz>") == "Roster <r@x.cz>")
        let encoded = MailMessage.encodedWords("Účtárna <r@x.cz>")
        #expect(encoded.hasPrefix("=?UTF-8?B?") && encoded.hasSuffix(" <r@x.cz>"))
    }

    @Test func headerInjectionIsRefused() {
        #expect(throws: MailMessage.Problem.unsafeHeader("Subject")) {
            try MailMessage(from: "r@x.cz", to: "a@x.cz", subject: "Hi\r\nBcc: everyone@x.cz", body: "")
        }
        #expect(throws: MailMessage.Problem.unsafeHeader("To")) {
            try MailMessage(from: "r@x.cz", to: "a@x.cz, b@x.cz", subject: "Hi", body: "")
        }
        #expect(throws: MailMessage.Problem.unsafeHeader("To")) {
            try MailMessage(from: "r@x.cz", to: "a@x.cz\nBcc: b@x.cz", subject: "Hi", body: "")
        }
    }

    @Test func retriesBackOffAndStop() {
        #expect(OutboxRetry.delay(afterAttempt: 1) == .seconds(60))
        #expect(OutboxRetry.delay(afterAttempt: 2) == .seconds(120))
        #expect(OutboxRetry.delay(afterAttempt: 4) == .seconds(480))
        #expect(OutboxRetry.delay(afterAttempt: 30) == .seconds(3_600))
        #expect(OutboxRetry.maxAttempts > 3)
    }

    @Test func linkRequestsAreThrottledPerAddressAndClient() {
        #expect(SignInThrottle.decide(earlierForEmail: 0, earlierFromClient: 0) == .allowed)
        #expect(SignInThrottle.decide(earlierForEmail: SignInThrottle.perEmail - 1, earlierFromClient: 0) == .allowed)
        #expect(SignInThrottle.decide(earlierForEmail: SignInThrottle.perEmail, earlierFromClient: 0) == .tooManyForEmail)
        #expect(SignInThrottle.decide(earlierForEmail: 0, earlierFromClient: SignInThrottle.perClient) == .tooManyFromClient)
    }
}
