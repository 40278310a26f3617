import Foundation
import PDFInspection

/// One statement matched against the invoices: the lines that pay an invoice (with one button
/// to mark them paid), the ones an admin must look at, those that pay nothing known, and a
/// count of the lines that are not payments.
struct StatementPage: HTMLPage {
    struct Near: Equatable {
        let invoice: String
        let href: String
        let differences: String
    }

    struct Row: Equatable {
        let number: Int
        let booked: String
        let amount: String
        let variableSymbol: String
        let account: String
        let name: String
        let message: String
        /// The invoice it pays (matched or already paid).
        let invoice: String?
        let invoiceHref: String?
        let status: String
        let near: [Near]
    }

    /// Matched (with the button), ambiguous, unmatched, already paid; the last three only when not empty.
    struct Section: Equatable {
        let id: String
        let heading: String
        let hint: String?
        let empty: String?
        let rows: [Row]
        let pay: Bool
    }

    let layout: Layout
    let tabs: [ReviewTabs.Tab]
    let backURL: String
    let heading: String
    let facts: String
    let sections: [Section]
    let asideNote: String?
    let payURL: String
    /// "id:version" of each matched invoice: what the button pays.
    let picks: [String]
    let payLabel: String
    let payQuestion: String
    let payButton: String
    let summary: String
    let t: Translator

    init(layout: Layout, slug: String, month: Month, reconciled: ReconciledStatement, t: Translator) {
        let statement = reconciled.statement.summary
        self.layout = layout
        self.t = t
        tabs = ReviewTabs.tabs(slug: slug, month: month, current: .statements, t: t)
        backURL = Paths.reviewStatements(slug)
        heading = t("statement.title", statement.reference)
        facts = [
            t("statement.format.\(statement.format.rawValue)"),
            statement.account.isEmpty ? nil : t("statement.account", statement.account),
            Self.period(statement.from, statement.to, t: t),
            t("statement.imported", statement.importedAt, statement.importedBy),
        ].compactMap { $0 }.joined(separator: " · ")
        var matched: [Row] = [], ambiguous: [Row] = [], unmatched: [Row] = [], paid: [Row] = [], aside = 0
        for (line, verdict) in zip(reconciled.statement.lines, reconciled.verdicts) {
            let row = { (status: String, invoice: PaymentCandidate?, near: [Near]) in
                Self.row(line, status: status, invoice: invoice, near: near, slug: slug, t: t)
            }
            switch verdict {
            case .matched(let id): matched.append(row(t("statement.status.matched"), reconciled.candidates[id], []))
            case .alreadyPaid(let id): paid.append(row(t("statement.status.alreadyPaid"), reconciled.candidates[id], []))
            case .ambiguous(let near):
                ambiguous.append(row(t("statement.status.ambiguous"), nil, near.compactMap { miss in
                    reconciled.candidates[miss.invoice].map { Self.near(miss, $0, line: line, slug: slug, t: t) }
                }))
            case .unmatched: unmatched.append(row(t("statement.status.unmatched"), nil, []))
            case .aside: aside += 1
            }
        }
        let section = { (id: String, rows: [Row], hint: Bool) in
            Section(id: id, heading: t("statement.section.\(id)"), hint: hint ? t("statement.section.\(id).hint") : nil,
                    empty: id == "matched" ? t("statement.section.matched.empty") : nil, rows: rows, pay: id == "matched" && !rows.isEmpty)
        }
        sections = [section("matched", matched, false)]
            + (ambiguous.isEmpty ? [] : [section("ambiguous", ambiguous, true)])
            + (unmatched.isEmpty ? [] : [section("unmatched", unmatched, true)])
            + (paid.isEmpty ? [] : [section("alreadyPaid", paid, false)])
        asideNote = aside > 0 ? t(aside == 1 ? "statement.aside.one" : "statement.aside", String(aside)) : nil
        payURL = Paths.reviewStatementPay(slug, statement.id)
        let pairs = reconciled.matched
        picks = pairs.map { "\($0.invoice.id.lowercasedString):\($0.invoice.version)" }
        let totals = Self.totals(pairs.map(\.line.amount))
        payLabel = t(pairs.count == 1 ? "statement.pay.one" : "statement.pay", String(pairs.count))
        payQuestion = InvoiceAction.markPaid.confirmation(count: pairs.count, totals: totals, cancelURL: "", t: t)?.question ?? ""
        payButton = t("review.action.pay")
        summary = t("statement.summary", String(matched.count), String(paid.count), String(ambiguous.count), String(unmatched.count))
    }

    var body: HTML {
        var html: HTML = """
            <p><a href="\(backURL)">← \(t("statement.back"))</a></p>
            <h1>\(heading)</h1>
            \(ReviewTabs.html(tabs, t: t))\
            <p class="hint">\(facts)</p>
            <p>\(summary)</p>

            """
        let booked = t("statement.booked"), amount = t("statement.amount"), symbol = t("invoice.field.variableSymbol")
        let counterparty = t("statement.counterparty"), invoice = t("statement.invoice")
        for section in sections {
            html.append("""
                <section aria-labelledby="\(section.id)-heading">
                <h2 id="\(section.id)-heading">\(section.heading)</h2>
                \(if: section.hint != nil, "<p class=\"hint\">\(section.hint ?? "")</p>\n")\

                """)
            if section.rows.isEmpty {
                html.append("<p class=\"empty\">\(section.empty ?? "")</p>\n")
            } else {
                let lines = section.rows.map { row -> HTML in
                    let near = row.near.map { miss -> HTML in
                        "<li><a href=\"\(miss.href)\">\(miss.invoice)</a>: \(miss.differences)</li>"
                    }
                    let paid: HTML = if let href = row.invoiceHref {
                        "<a href=\"\(href)\">\(row.invoice ?? "")</a>"
                    } else if row.near.isEmpty {
                        HTML(text: row.status)
                    } else {
                        "<ul class=\"near\">\(near.joined())</ul>"
                    }
                    return """
                          <tr>
                            <th scope="row">\(row.number)</th>
                            <td data-label="\(booked)">\(row.booked)</td>
                            <td data-label="\(amount)" class="num">\(row.amount)</td>
                            <td data-label="\(symbol)">\(row.variableSymbol)</td>
                            <td data-label="\(counterparty)">\(row.account)\
                        \(if: !row.name.isEmpty, "<br><span class=\"hint\">\(row.name)</span>")\
                        \(if: !row.message.isEmpty, "<br><span class=\"hint\">\(row.message)</span>")</td>
                            <td data-label="\(invoice)">\(paid)</td>
                          </tr>

                        """
                }
                html.append(PagePieces.list(empty: nil, headings: [t("statement.line"), booked, amount, symbol, counterparty, invoice],
                                            rows: lines, tableClass: "list statement-lines"))
                if section.pay {
                    let fields = picks.map { pick -> HTML in "<input type=\"hidden\" name=\"pick[]\" value=\"\(pick)\">" }
                    html.append("""
                        <form method="post" action="\(payURL)" class="inline" data-confirm="\(payQuestion)" \
                        data-confirm-button="\(payButton)" data-confirm-cancel="\(t("confirm.cancel"))">
                          \(PagePieces.csrf(layout.csrf))
                          \(fields.joined())
                          <button type="submit" class="primary">\(payLabel)</button>
                        </form>

                        """)
                }
            }
            html.append("</section>\n")
        }
        if let asideNote { html.append("<p class=\"hint\">\(asideNote)</p>\n") }
        return html
    }

    /// The sum per currency, in the order the currencies first appear.
    static func totals(_ amounts: [InvoiceAmount]) -> [InvoiceAmount] {
        var order: [String] = [], sums: [String: Int64] = [:]
        for amount in amounts {
            if sums[amount.currency] == nil { order.append(amount.currency) }
            sums[amount.currency, default: 0] += amount.minor
        }
        return order.map { InvoiceAmount(minor: sums[$0] ?? 0, currency: $0) }
    }

    static func period(_ from: LocalDate?, _ to: LocalDate?, t: Translator) -> String {
        switch (from, to) {
        case let (from?, to?) where from == to: t.day(from)
        case let (from?, to?): t("statement.period", t.day(from), t.day(to))
        case let (day?, nil), let (nil, day?): t.day(day)
        case (nil, nil): ""
        }
    }

    private static func row(
        _ line: StatementLine, status: String, invoice: PaymentCandidate?, near: [Near], slug: String, t: Translator
    ) -> Row {
        Row(number: line.number, booked: t.day(line.bookedOn), amount: t.money(minor: line.amount.minor, currency: line.amount.currency),
            variableSymbol: line.variableSymbol ?? "—", account: line.counterpartyAccount ?? "—", name: line.counterpartyName ?? "",
            message: line.message ?? "", invoice: invoice.map { $0.name + " · " + t.month($0.month) },
            invoiceHref: invoice.map { Paths.invoice(slug, $0.id) }, status: status, near: near)
    }

    private static func near(_ miss: NearMiss, _ invoice: PaymentCandidate, line: StatementLine, slug: String, t: Translator) -> Near {
        let differences = miss.differences.map { difference -> String in
            if difference == .amount, let delta = miss.amountDifference {
                return t(delta > 0 ? "statement.differs.amountMore" : "statement.differs.amountLess",
                         t.money(minor: abs(delta), currency: line.amount.currency))
            }
            return t("statement.differs.\(difference.rawValue)")
        }
        return Near(invoice: invoice.name + " · " + t.month(invoice.month) + " · "
                        + (invoice.amount.map { t.money(minor: $0.minor, currency: $0.currency) } ?? "—"),
                    href: Paths.invoice(slug, invoice.id), differences: differences.joined(separator: ", "))
    }
}
