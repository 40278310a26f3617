import Foundation
import PDFInspection
import Testing
@testable import App

/// The real `roster-pdf` over real Poppler, on the corpus `TestPDF` writes.
@Suite struct PDFInspectorTests {
    static func inspector(maxPages: Int = 20) -> PDFInspector {
        PDFInspector(command: [PDFInspector.defaultExecutable()], maxPages: maxPages, concurrency: 2)
    }

    static func report(_ bytes: Data, maxPages: Int = 20) async throws -> InspectionReport {
        let result = await inspector(maxPages: maxPages).inspect(bytes)
        guard case .inspected(let report) = result else {
            Issue.record("no report: \(result)")
            throw InspectionFailed()
        }
        return report
    }

    struct InspectionFailed: Error {}

    static let czechInvoice = TestPDF.invoice([
        "FAKTURA – DAŇOVÝ DOKLAD č. 2026-0042",
        "Dodavatel: Jan Dvořák, Květná 12, 602 00 Brno",
        "IČO: 25596641",
        "Odběratel: Acme s.r.o.",
        "Bankovní účet: 19-2000145399/0800",
        "Variabilní symbol: 20260042",
        "Datum splatnosti: 14. 11. 2026",
        "Celkem k úhradě: 84 700,00 Kč",
    ])

    @Test func readsACzechInvoice() async throws {
        let report = try await Self.report(Self.czechInvoice)
        #expect(report.verdict == .ok)
        #expect(report.pages == 1)
        #expect(report.text.contains("Dvořák"))
        #expect(report.text.contains("Celkem k úhradě"))
        let png = try #require(report.thumbnailPNG)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let fields = InvoiceText.read(report.text)
        #expect(fields.total == InvoiceAmount(minor: 8_470_000, currency: "CZK"))
        #expect(fields.account?.description == "19-2000145399/0800")
        #expect(fields.variableSymbol == "20260042")
        #expect(fields.invoiceNumber == "2026-0042")
        #expect(fields.supplierID == "25596641")
    }

    @Test func readsAnEnglishInvoiceWithTheTotalInAColumn() async throws {
        // A two-column layout: labels on the left, values on the right, on the same lines.
        let labels = ["Invoice no.", "Company ID", "IBAN", "Variable symbol", "Total due"]
        let values = ["INV-7781", "27082440", "CZ65 0800 0000 1920 0014 5399", "7781", "EUR 1,250.50"]
        var lines: [TestPDF.Line] = [TestPDF.Line(x: 50, y: 800, size: 16, text: "INVOICE")]
        for (index, label) in labels.enumerated() {
            let y = 740 - Double(index) * 20
            lines.append(TestPDF.Line(x: 50, y: y, text: label))
            lines.append(TestPDF.Line(x: 300, y: y, text: values[index]))
        }
        let report = try await Self.report(TestPDF.document([.text(lines), .text([TestPDF.Line(x: 50, y: 800, text: "Terms")])]))
        #expect(report.verdict == .ok)
        #expect(report.pages == 2)
        let fields = InvoiceText.read(report.text)
        #expect(fields.total == InvoiceAmount(minor: 125_050, currency: "EUR"))
        #expect(fields.iban?.value == "CZ6508000000192000145399")
        #expect(fields.invoiceNumber == "INV-7781")
        #expect(fields.variableSymbol == "7781")
        #expect(fields.supplierID == "27082440")
    }

    @Test func readsATotalFromASummaryTable() async throws {
        // Items in a table, the totals in a box at the right; the account only as an IBAN.
        var lines = [TestPDF.Line(x: 50, y: 800, size: 18, text: "Faktura č. FV-2026/118")]
        lines.append(TestPDF.Line(x: 50, y: 770, text: "Dodavatel"))
        lines.append(TestPDF.Line(x: 50, y: 755, text: "Ing. Tomáš Černý, IČO 27082440"))
        lines.append(TestPDF.Line(x: 320, y: 770, text: "Odběratel"))
        lines.append(TestPDF.Line(x: 320, y: 755, text: "Acme s.r.o., IČO 25596641"))
        lines.append(TestPDF.Line(x: 50, y: 720, text: "IBAN: CZ65 0800 0000 1920 0014 5399"))
        lines.append(TestPDF.Line(x: 50, y: 705, text: "VS: 2026118"))
        for (index, item) in ["Vývoj, 120 h", "Konzultace, 8 h"].enumerated() {
            let y = 660 - Double(index) * 16
            lines.append(TestPDF.Line(x: 50, y: y, text: item))
            lines.append(TestPDF.Line(x: 450, y: y, text: index == 0 ? "114 000,00" : "7 600,00"))
        }
        lines.append(TestPDF.Line(x: 320, y: 600, text: "Mezisoučet"))
        lines.append(TestPDF.Line(x: 450, y: 600, text: "121 600,00 Kč"))
        lines.append(TestPDF.Line(x: 320, y: 584, text: "Celkem k úhradě"))
        lines.append(TestPDF.Line(x: 450, y: 584, text: "121 600,00 Kč"))
        let report = try await Self.report(TestPDF.document([.text(lines)]))
        let fields = InvoiceText.read(report.text)
        #expect(fields.total == InvoiceAmount(minor: 12_160_000, currency: "CZK"))
        #expect(fields.iban?.value == "CZ6508000000192000145399")
        #expect(fields.account?.description == "19-2000145399/0800")
        #expect(fields.variableSymbol == "2026118")
        #expect(fields.invoiceNumber == "FV-2026/118")
        #expect(fields.supplierID == "27082440")
    }

    @Test func theInspectorReadsTheFieldsItself() async throws {
        let report = try await Self.report(Self.czechInvoice)
        #expect(report.fields.total == InvoiceAmount(minor: 8_470_000, currency: "CZK"))
        #expect(report.fields.dueDate == "2026-11-14")
        #expect(InvoiceText.read(report) == InvoiceText.read(report.text))
    }

    @Test func twentyThousandDigitsInATinyFontAfterTheTotalLabel() async throws {
        // Quadratic rules spent minutes of CPU on this page; the inspector reads it in about a
        // second and reads no total from it. The bound leaves room for a machine busy with the
        // whole suite and still tells seconds from minutes.
        let digits = String((0..<20_000).map { Character(String($0 % 10)) })
        let hostile = TestPDF.document([.text([
            TestPDF.Line(x: 50, y: 800, text: "Faktura č. 2026-7"),
            TestPDF.Line(x: 20, y: 400, size: 0.05, text: "Celkem k úhradě: " + digits),
        ])])
        let started = ContinuousClock.now
        let report = try await Self.report(hostile)
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(report.text.contains(String(digits.prefix(1_000))), "the digits are in the text")
        #expect(report.fields.total == nil)
        #expect(report.fields.invoiceNumber == "2026-7")
    }

    @Test func aScanHasPagesButNoText() async throws {
        let report = try await Self.report(TestPDF.document([.image]))
        #expect(report.verdict == .ok)
        #expect(report.pages == 1)
        #expect(report.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(report.thumbnailPNG != nil)
        #expect(InvoiceText.read(report.text) == InvoiceFields())
    }

    @Test func aPasswordProtectedPDFIsRecognised() async throws {
        let locked = try TestPDF.encrypted(Self.czechInvoice, userPassword: "letmein")
        #expect(try await Self.report(locked).verdict == .passwordProtected)
    }

    @Test func anEncryptedPDFThatOpensWithoutPasswordIsRecognised() async throws {
        let restricted = try TestPDF.encrypted(Self.czechInvoice, userPassword: "")
        #expect(try await Self.report(restricted).verdict == .encrypted)
    }

    @Test func tooManyPagesAreCounted() async throws {
        let report = try await Self.report(TestPDF.invoice(["Faktura"], pages: 4), maxPages: 3)
        #expect(report.verdict == .pageCount && report.pages == 4)
        #expect(try await Self.report(TestPDF.invoice(["Faktura"], pages: 3), maxPages: 3).verdict == .ok)
    }

    @Test func brokenAndHostileFilesAreRefusedQuickly() async throws {
        let inspector = Self.inspector()
        let cases: [(String, Data)] = [
            ("truncated", TestPDF.truncated()),
            ("garbage", TestPDF.garbage()),
            ("page-count bomb", TestPDF.pageCountBomb()),
            ("nesting bomb", TestPDF.nestingBomb()),
        ]
        for (name, bytes) in cases {
            let started = ContinuousClock.now
            let result = await inspector.inspect(bytes)
            let refusal = InvoiceRules.refusal(for: result, maxPages: inspector.maxPages)
            #expect(refusal != nil, "\(name) was accepted: \(result)")
            #expect(ContinuousClock.now - started < .seconds(15), "\(name) took too long")
        }
        // And the inspector still reads a good file afterwards.
        #expect(try await Self.report(Self.czechInvoice).verdict == .ok)
    }

    @Test func aJPEGIsNotAPDF() async throws {
        #expect(try await Self.report(TestPDF.jpeg()).verdict == .notPDF)
        // The inspector says the same when it is handed one anyway.
        let outcome = try await ChildProcess.run([PDFInspector.defaultExecutable()], input: TestPDF.jpeg(),
                                                 timeout: .seconds(10), maxOutput: 10_000)
        #expect(try JSONDecoder().decode(InspectionReport.self, from: outcome.output).verdict == .notPDF)
    }

    @Test func encryptionMarkersAreFoundInTheBytes() {
        #expect(InspectionReport.declaresEncryption(Array("trailer << /Root 1 0 R /Encrypt 5 0 R >>".utf8)))
        #expect(!InspectionReport.declaresEncryption(Array("<< /EncryptMetadata false >>".utf8)))
        #expect(!InspectionReport.declaresEncryption(Array("/Encryp".utf8)))
        #expect(InspectionReport.declaresEncryption(Array("/Encrypt".utf8)))
    }
}
