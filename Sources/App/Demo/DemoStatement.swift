import Foundation
import PDFInspection

/// The bank's statement of the demo company's account: the bank has paid the invoices of the
/// month before last that wait for payment, one of them a haléř more than the invoice (a near
/// miss to look at), and a customer has paid the company. Written as a camt.053 file and
/// imported by the statement reader and store like an admin's upload, so "Bank statements" shows
/// matches waiting for "Mark paid". One statement a month; loading again finds it.
enum DemoStatement {
    static func importPayments(tenant: Tenant, admin: User, today: LocalDate, on db: TenantConnection) async throws {
        let month = Month(today).adding(months: -2)
        let payable = try await ReviewQueries.desk(month: month, state: .approved, on: db).map(\.payable)
            .filter { $0.payable && $0.fields.variableSymbol != nil }
        guard !payable.isEmpty else { return }
        let account = try await PaymentSettingsQueries.debtor(on: db)?.iban.value ?? "CZ6508000000192000145399"
        let xml = camt(id: "DEMO-\(Month(today).iso)", account: account, payments: payable, today: today)
        guard case .success(let statement) = StatementReader.read(Array(xml.utf8)) else { return }
        _ = try await StatementQueries.store(statement, filename: "vypis-\(Month(today).iso).xml", bytes: Array(xml.utf8),
                                             by: admin.id, on: db)
    }

    /// The statement as the bank writes it: a debit per payment (the last a haléř more), one credit.
    static func camt(id: String, account: String, payments: [PayableInvoice], today: LocalDate) -> String {
        var xml = XMLWriter()
        xml.element("Document", ["xmlns": "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"]) { xml in
            xml.element("BkToCstmrStmt") { xml in
                xml.element("GrpHdr") { xml in
                    xml.element("MsgId", text: id)
                    xml.element("CreDtTm", text: today.iso + "T08:00:00")
                }
                xml.element("Stmt") { xml in
                    xml.element("Id", text: id)
                    xml.element("FrToDt") { xml in
                        xml.element("FrDtTm", text: Month(today).first.iso + "T00:00:00")
                        xml.element("ToDtTm", text: today.iso + "T23:59:59")
                    }
                    xml.element("Acct") { $0.element("Id") { $0.element("IBAN", text: account) } }
                    for (index, payment) in payments.enumerated() {
                        guard let total = payment.fields.total, let iban = payment.creditorIBAN else { continue }
                        let minor = total.minor + (index == payments.count - 1 && payments.count > 1 ? 1 : 0)
                        entry(&xml, amount: InvoiceAmount(minor: minor, currency: total.currency), debit: true, day: today,
                              symbol: payment.fields.variableSymbol ?? "", iban: iban.value, name: payment.name)
                    }
                    entry(&xml, amount: InvoiceAmount(minor: 350_000_00, currency: "CZK"), debit: false, day: today,
                          symbol: "2026001", iban: "CZ5508000000001234567899", name: "Zákazník a.s.")
                }
            }
        }
        return xml.string
    }

    private static func entry(
        _ xml: inout XMLWriter, amount: InvoiceAmount, debit: Bool, day: LocalDate, symbol: String, iban: String, name: String
    ) {
        xml.element("Ntry") { xml in
            xml.element("Amt", ["Ccy": amount.currency], text: Money.decimal(minor: amount.minor))
            xml.element("CdtDbtInd", text: debit ? "DBIT" : "CRDT")
            xml.element("Sts", text: "BOOK")
            xml.element("BookgDt") { $0.element("Dt", text: day.iso) }
            xml.element("NtryDtls") { xml in
                xml.element("TxDtls") { xml in
                    xml.element("Refs") { $0.element("EndToEndId", text: symbol) }
                    xml.element("RltdPties") { xml in
                        if debit {
                            xml.element("Cdtr") { $0.element("Nm", text: name) }
                            xml.element("CdtrAcct") { $0.element("Id") { $0.element("IBAN", text: iban) } }
                        } else {
                            xml.element("Dbtr") { $0.element("Nm", text: name) }
                            xml.element("DbtrAcct") { $0.element("Id") { $0.element("IBAN", text: iban) } }
                        }
                    }
                }
            }
        }
    }
}
