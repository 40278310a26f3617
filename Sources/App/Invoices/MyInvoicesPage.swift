import Foundation

/// "My invoices": a person's months, newest first, a page at a time, each with its invoice, a
/// missing one to upload, or none needed. Built from the months (`InvoiceMonths.rows`) and a
/// translator. An admin sees another person's months the same way (`owner`), without uploads.
struct MyInvoicesPage: HTMLPage {
    static let pageSize = 12

    struct Row: Equatable {
        let month: String
        let state: String?
        let stateCode: String
        let amount: String?
        let uploadedOn: String?
        let href: String?
        let documentURL: String?
        let uploadURL: String?
        let uploadLabel: String?
        let note: String?
        /// The document link's text, when it is not "Open PDF" (a statement's XLSX).
        var documentLabel: String? = nil
    }

    let layout: Layout
    let heading: String
    let rows: [Row]
    let uploadURL: String?
    let newerURL: String?
    let olderURL: String?
    let empty: String?
    let t: Translator

    /// - Parameters:
    ///   - currency: the tenant's, for an amount read without one.
    ///   - canUpload: whether some month takes a file now.
    ///   - owner: whose months they are, when not the viewer's own (an admin's view: no uploads).
    init(layout: Layout, slug: String, currency: String, months: [MonthRow], page: PageRequest, canUpload: Bool,
         owner: (id: UUID, name: String)? = nil, t: Translator) {
        self.init(layout: layout, slug: slug, currency: currency, shown: page.page(of: months), canUpload: canUpload,
                  owner: owner, t: t)
    }

    /// - Parameter shown: the page of months shown (a list without months has one page without rows).
    init(layout: Layout, slug: String, currency: String, shown: Page<MonthRow>, canUpload: Bool,
         owner: (id: UUID, name: String)? = nil, t: Translator) {
        let own = owner == nil
        self.layout = layout
        self.t = t
        heading = owner.map { t("invoice.list.of", $0.name) } ?? t("nav.invoices")
        rows = shown.rows.map { row in
            let month = t.month(row.month)
            switch row.status {
            case .invoice(let invoice):
                return Row(month: month, state: t("invoice.state.\(invoice.state.rawValue)"), stateCode: invoice.state.rawValue,
                           amount: invoice.amountMinor.map { t.money(minor: $0, currency: invoice.currency ?? currency) },
                           uploadedOn: invoice.uploadedOn.iso,
                           href: Paths.invoice(slug, invoice.id),
                           documentURL: Paths.invoiceDocument(slug, invoice.id, invoice.documentID),
                           uploadURL: own && invoice.state.acceptsUpload ? Paths.uploadInvoice(slug, month: row.month) : nil,
                           uploadLabel: own && invoice.state.acceptsUpload ? t("invoice.replace") : nil,
                           note: invoice.returnReason.map { t("invoice.returnedBecause", $0) })
            case .missing:
                return Row(month: month, state: t("invoice.state.missing"), stateCode: "missing",
                           amount: nil, uploadedOn: nil, href: nil, documentURL: nil,
                           uploadURL: own ? Paths.uploadInvoice(slug, month: row.month) : nil,
                           uploadLabel: own ? t("invoice.upload") : nil, note: nil)
            case .statement(let statement):
                return Row(month: month, state: t("statement.state.title") + " · " + t("invoice.state.\(statement.state.rawValue)"),
                           stateCode: statement.state.rawValue,
                           amount: statement.amountMinor.map { t.money(minor: $0, currency: statement.currency ?? currency) },
                           uploadedOn: statement.generatedOn.iso, href: nil,
                           documentURL: Paths.workStatementFile(slug, statement.id), uploadURL: nil, uploadLabel: nil,
                           note: statement.returnReason.map { t("statement.returnedBecause", $0) },
                           documentLabel: t("statement.download"))
            case .notRequired:
                return Row(month: month, state: t("invoice.state.notRequired"), stateCode: "not-required",
                           amount: nil, uploadedOn: nil, href: nil, documentURL: nil, uploadURL: nil, uploadLabel: nil, note: nil)
            }
        }
        uploadURL = own && canUpload ? Paths.uploadInvoice(slug) : nil
        let address = owner.map { Paths.personInvoices(slug, $0.id) } ?? Paths.invoices(slug)
        let links = shown.links { address + "?page=\($0)" }
        newerURL = links.previousURL
        olderURL = links.nextURL
        empty = shown.rows.isEmpty ? t(own ? "invoice.list.empty" : "invoice.list.emptyOther") : nil
    }

    var body: HTML {
        var html: HTML = """
            <div class="heading"><h1>\(heading)</h1>\
            \(if: uploadURL != nil, "<a class=\"button primary\" href=\"\(uploadURL ?? "")\">\(t("invoice.upload"))</a>")</div>

            """
        if let empty {
            html.append("<p class=\"empty\">\(empty)</p>\n")
            return html
        }
        let state = t("invoice.state"), total = t("invoice.field.total"), uploaded = t("invoice.uploadedOn")
        let notRead = t("invoice.notRead"), open = t("invoice.openPDF")
        let lines = rows.map { row -> HTML in
            let month: HTML = row.href.map { "<a href=\"\($0)\">\(row.month)</a>" } ?? HTML(text: row.month)
            let amount: HTML = row.amount.map { HTML(text: $0) }
                ?? (row.href != nil ? "<span class=\"muted\">\(notRead)</span>" : .empty)
            let document: HTML = row.documentURL.map { url -> HTML in
                row.documentLabel.map { "<a href=\"\(url)\">\($0)</a>" } ?? "<a href=\"\(url)\" target=\"_blank\" rel=\"noopener\">\(open)</a>"
            } ?? .empty
            let upload: HTML = row.uploadURL.map { "<a class=\"button\" href=\"\($0)\">\(row.uploadLabel ?? "")</a>" } ?? .empty
            return """
                <tr class="state-\(row.stateCode)">
                  <th scope="row">\(month)</th>
                  <td data-label="\(state)"><span class="badge state \(row.stateCode)">\(row.state ?? "")</span>\
                \(if: row.note != nil, "<p class=\"hint\">\(row.note ?? "")</p>")</td>
                  <td data-label="\(total)" class="num">\(amount)</td>
                  <td data-label="\(uploaded)">\(row.uploadedOn ?? "")</td>
                  <td class="row-actions">\(document) \(upload)</td>
                </tr>

                """
        }
        html.append(PagePieces.list(empty: nil, headings: [t("invoice.month"), state, total, uploaded], rows: lines,
                                    hiddenLast: t("invoice.actions"), tableClass: "list invoices"))
        html.append(PagePieces.pager(previousURL: newerURL, nextURL: olderURL,
                                     previousText: t("invoice.newer"), nextText: t("invoice.older"), t: t))
        return html
    }
}
