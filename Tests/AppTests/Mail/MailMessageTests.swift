import Foundation
import Testing
@testable import App

@Suite struct MailMessageTests {
    @Test func aMessageHasHeadersAndATextAndAnHTMLPart() throws {
        let message = try MailMessage(from: "Roster <roster@acme.example>", to: "eva@acme.example",
                                      subject: "Přihlášení do Acme s.r.o.", body: "Dobrý den,\nodkaz: <b>\n\nhttps://x/y\n")
        let text = message.rendered
        let ascii = text.allSatisfy { $0.isASCII }
        #expect(ascii, "8-bit clean for any SMTP server")
        let mail = try ReceivedMail.parse(text)
        #expect(mail.header("To") == "eva@acme.example")
        #expect(mail.header("Subject")?.hasPrefix("=?UTF-8?B?") == true)
        #expect(mail.header("Message-ID") == "<\(message.id.lowercasedString)@roster>")
        #expect(mail.header("List-Unsubscribe") == nil, "a sign-in link's mail has nothing to unsubscribe from")
        #expect(mail.text == "Dobrý den,\r\nodkaz: <b>\r\n\r\nhttps://x/y\r\n")
        #expect(mail.html.contains("<p>Dobrý den,<br>odkaz: &lt;b&gt;</p>"))
        #expect(mail.html.contains("<p><a href=\"https://x/y\">https://x/y</a></p>"))
        // The subject decodes back to the original.
        let words = mail.headers.matches(of: /=\?UTF-8\?B\?([A-Za-z0-9+\/=]+)\?=/).map { String($0.1) }
        let subject = words.compactMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(subject == "Přihlášení do Acme s.r.o.")
    }

    @Test func aNotificationCarriesOneClickUnsubscribe() throws {
        let url = "https://roster.example/t/acme/mail/stop/x/invoice-paid?s=abc"
        let message = try MailMessage(from: "r@x.cz", to: "a@x.cz", subject: "Hi", body: "Hi", unsubscribeURL: url)
        let mail = try ReceivedMail.parse(message.rendered)
        #expect(mail.header("List-Unsubscribe") == "<\(url)>")
        #expect(mail.header("List-Unsubscribe-Post") == "List-Unsubscribe=One-Click")
        for bad in ["https://x/y\r\nBcc: a@b.c", "javascript:alert(1)", "https://x/a b", "https://x/>", "https://x/ž"] {
            #expect(throws: MailMessage.Problem.unsafeHeader("List-Unsubscribe"), "\(bad)") {
                try MailMessage(from: "r@x.cz", to: "a@x.cz", subject: "Hi", body: "", unsubscribeURL: bad)
            }
        }
    }

    @Test func theHTMLPartEscapesEverythingAndLinksOnlyWebAddresses() {
        let html = MailHTML.from(text: "<script>alert(1)</script> & \"x\"\n\njavascript:alert(1)\n\nhttps://a.example/\"onmouseover=x\n\nhttp://ok.example/p?a=1&b=2")
        #expect(!html.contains("<script>") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"))
        #expect(!html.contains("href=\"javascript"))
        #expect(!html.contains("onmouseover=x\""), "an address with a quote is text, not a link")
        #expect(html.contains("<a href=\"http://ok.example/p?a=1&amp;b=2\">"))
        #expect(!html.contains("<img") && !html.contains("src="), "no tracking")
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

    @Test func linkRequestsAreThrottledByTheRequesterFirst() {
        typealias T = SignInThrottle
        #expect(T.decide(earlierFromClient: 0, earlierFromClientForEmail: 0, earlierForEmail: 0) == .allowed)
        #expect(T.decide(earlierFromClient: T.perClient - 1, earlierFromClientForEmail: T.perClientForEmail - 1,
                         earlierForEmail: T.perEmail - 1) == .allowed)
        #expect(T.decide(earlierFromClient: T.perClient, earlierFromClientForEmail: 0, earlierForEmail: 0) == .tooManyFromClient)
        #expect(T.decide(earlierFromClient: 3, earlierFromClientForEmail: T.perClientForEmail, earlierForEmail: 3) == .tooManyFromClient)
        // The address's ceiling: the usual answer, nothing sent; the requester's own limits first.
        #expect(T.decide(earlierFromClient: 0, earlierFromClientForEmail: 0, earlierForEmail: T.perEmail) == .quietlyDropped)
        #expect(T.decide(earlierFromClient: T.perClient, earlierFromClientForEmail: 0, earlierForEmail: T.perEmail) == .tooManyFromClient)
    }
}
