import Foundation
import Testing
@testable import App

/// Downloads name their file as RFC 6266 says, on the web and in the API alike.
@Suite struct ContentDispositionTests {
    @Test func aNameIsPlainASCIIOrGivenExactlyInFilenameStar() {
        #expect(ContentDisposition.attachment("report-2026-10.xlsx") == #"attachment; filename="report-2026-10.xlsx""#)
        #expect(ContentDisposition.inline("faktura říjen.pdf")
                == #"inline; filename="faktura __jen.pdf"; filename*=UTF-8''faktura%20%C5%99%C3%ADjen.pdf"#)
        // Quotes, backslashes, percent signs and line breaks never reach the header as they are.
        let hostile = ContentDisposition.attachment("a\"b\\c%d\r\nSet-Cookie: x=1.pdf")
        #expect(!hostile.contains("\r") && !hostile.contains("\n"))
        #expect(hostile.hasPrefix(#"attachment; filename="a_b_c_d__Set-Cookie: x=1.pdf"; filename*=UTF-8''a%22b%5Cc%25d%0D%0ASet-Cookie"#))
    }

    @Test func theAPIsDownloadIsNotPercentEncoded() async throws {
        try await withWorld { world in
            let eva = try await APIClient.signIn(world, world.employee)
            let stored = try await eva.upload(month: TestClock.thisMonth.iso, file: PDFInspectorTests.czechInvoice,
                                              filename: "faktura říjen.pdf")
            let invoice = try stored.decode(Components.Schemas.Invoice.self)
            let file = try await eva.get("/invoices/\(invoice.id)/documents/\(invoice.documentId)")
            // The stored name is made safe first (`InvoiceRules.safeFilename`), then written plainly.
            #expect(file.headers.first(name: .contentDisposition) == #"attachment; filename="faktura_rijen.pdf""#)
        }
    }
}
