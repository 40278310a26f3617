import Testing
@testable import App

/// Reading invoices of several layouts, Czech and English.
@Suite struct InvoiceTextTests {
    @Test func aCzechInvoiceOfANonVATPayer() throws {
        let text = """
        Faktura č. 2026-05
        Dodavatel:                              Odběratel:
        Eva Dvořáková                           Acme s.r.o.
        IČO: 25596641                           IČO: 27082440
        Nejsem plátce DPH.
        Bankovní účet: 19-2000145399/0800
        Variabilní symbol: 202605
        Datum vystavení: 31.05.2026             Datum splatnosti: 14.06.2026
        Programování, květen 2026       120 h   600,00 Kč     72 000,00 Kč
        Celkem k úhradě:                                      72 000,00 Kč
        """
        let fields = InvoiceText.read(text)
        #expect(fields.total == InvoiceAmount(minor: 72_000_00, currency: "CZK"))
        #expect(fields.account?.description == "19-2000145399/0800")
        #expect(fields.variableSymbol == "202605")
        #expect(fields.invoiceNumber == "2026-05")
        #expect(fields.supplierID == "25596641")
        #expect(fields.dueDay == LocalDate(iso: "2026-06-14"))
    }

    @Test func dueDatesInTheirWritings() {
        let cases: [(String, String?)] = [
            ("Datum splatnosti: 14. 6. 2026", "2026-06-14"),
            ("Splatnost 2026-06-14", "2026-06-14"),
            ("Due date: 14 June 2026", "2026-06-14"),
            ("Payment due June 14, 2026", "2026-06-14"),
            ("Datum splatnosti:\n01.07.2026", "2026-07-01"),
            ("Due date: 06/07/2026", nil),
            ("Datum splatnosti: 31. 2. 2026", nil),
            ("Datum vystavení: 1. 6. 2026", nil),
            ("Splatnost: 14 dní\nDatum vystavení: 1. 11. 2026", nil),
            ("Payment due within 14 days\nIssued 1 November 2026", nil),
            ("Due date " + String(repeating: "a", count: 200_000) + " 2026", nil),
        ]
        for (text, expected) in cases {
            #expect(InvoiceText.read(text).dueDay == expected.flatMap(LocalDate.init(iso:)), "\(text)")
        }
    }

    @Test func aVATInvoiceCountsOnlyTheTotalToPay() {
        let text = """
        FAKTURA - DAŇOVÝ DOKLAD č. 2026005
        Dodavatel: Petr Svoboda, IČ: 45317054, DIČ: CZ7501011234
        Odběratel: Acme s.r.o., IČ: 27082440
        Mezisoučet                 100.000,00 CZK
        Základ DPH 21 %            100.000,00 CZK
        DPH 21 %                    21.000,00 CZK
        Celkem                     121.000,00 CZK
        Zaokrouhlení                     0,00 CZK
        K úhradě                   121.000,00 CZK
        IBAN: CZ65 0800 0000 1920 0014 5399 BIC GIBACZPX
        VS: 2026005
        """
        let fields = InvoiceText.read(text)
        #expect(fields.total == InvoiceAmount(minor: 121_000_00, currency: "CZK"))
        #expect(fields.iban?.value == "CZ6508000000192000145399")
        #expect(fields.account?.description == "19-2000145399/0800", "the Czech IBAN names the account")
        #expect(fields.variableSymbol == "2026005")
        #expect(fields.invoiceNumber == "2026005")
        #expect(fields.supplierID == "45317054")
    }

    @Test func anEnglishInvoice() {
        let text = """
        INVOICE
        Invoice number: INV-2026/05
        From: Jane Contractor, Company ID: 25596641
        Bill to: Acme s.r.o.
        Software development (May 2026)            EUR 3,600.00
        Total due                                  EUR 3,600.00
        IBAN: DE89 3704 0044 0532 0130 00
        Variable symbol: 202605
        """
        let fields = InvoiceText.read(text)
        #expect(fields.total == InvoiceAmount(minor: 3_600_00, currency: "EUR"))
        #expect(fields.iban?.value == "DE89370400440532013000")
        #expect(fields.account == nil)
        #expect(fields.invoiceNumber == "INV-2026/05")
        #expect(fields.variableSymbol == "202605")
        #expect(fields.supplierID == "25596641")
    }

    @Test func theFigureUnderItsLabelAndOtherWritings() {
        let text = """
        Celkem k zaplacení
        5 000,- Kč
        Účet 2000145399/0800
        """
        let fields = InvoiceText.read(text)
        #expect(fields.total == InvoiceAmount(minor: 5_000_00, currency: "CZK"))
        #expect(fields.account?.description == "2000145399/0800")
        #expect(InvoiceAmount.all(in: "Amount due: $1,234.5") == [InvoiceAmount(minor: 1_234_50, currency: "USD")])
        #expect(InvoiceAmount.all(in: "€ 1.234,56") == [InvoiceAmount(minor: 1_234_56, currency: "EUR")])
        #expect(InvoiceAmount.all(in: "72\u{00A0}000,00\u{00A0}Kč") == [InvoiceAmount(minor: 72_000_00, currency: "CZK")])
        #expect(InvoiceAmount.all(in: "12 hodin") == [])
    }

    @Test func nothingIsGuessed() {
        // Several totals without a "to pay" label, two different accounts, a bad checksum, no labels.
        let text = """
        Celkem práce      10 000,00 Kč
        Celkem materiál    2 000,00 Kč
        Účet: 2000145399/0800 nebo 19-2000145399/0800
        IBAN: CZ66 0800 0000 1920 0014 5399
        IČO: 25596641   IČO: 27082440
        12345678
        """
        let fields = InvoiceText.read(text)
        #expect(fields.total == nil)
        #expect(fields.account == nil && fields.iban == nil)
        #expect(fields.variableSymbol == nil && fields.invoiceNumber == nil)
        #expect(fields.supplierID == nil, "two company IDs and no supplier label")
        #expect(InvoiceText.read("") == InvoiceFields())
    }
}
