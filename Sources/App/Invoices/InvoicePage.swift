import Foundation

/// One invoice's page: what was read, its versions and history, the admin's actions, and what
/// the owner may still do. Built from the invoice, the same file's other uploads, the viewer and
/// a translator.
struct InvoicePage: HTMLPage {
    struct Field {
        let label: String
        let value: String?
        /// "corrected", where an admin corrected the value read.
        var corrected: String? = nil
    }

    struct Version {
        let label: String
        let filename: String
        let detail: String
        let href: String
        let current: Bool
    }

    struct HistoryRow {
        let at: String
        let actor: String
        let change: String
        let reason: String?
        /// "own invoice", when the actor changed their own invoice.
        let own: String?
    }

    struct ActionButton {
        let value: String
        let label: String
        let needsReason: Bool
        /// The confirmation dialog's question (`confirm.js`), for an action that is asked about.
        let confirm: String?
    }

    let layout: Layout
    let actionURL: String
    let version: Int
    let actions: [ActionButton]
    let heading: String
    let state: String
    let stateCode: String
    /// "Own invoice", to an admin looking at their own.
    let ownInvoice: String?
    let documentURL: String
    let thumbnailURL: String?
    let fields: [Field]
    let noText: Bool
    let duplicates: [String]
    let replaceURL: String?
    /// The correction form, for an admin while the invoice can be corrected.
    let correctURL: String?
    let lockedNote: String?
    let versions: [Version]
    let history: [HistoryRow]
    let backURL: String
    let t: Translator

    init(layout: Layout, slug: String, viewer user: User, invoice: InvoiceDetail, duplicates: [DuplicateUpload], t: Translator) {
        let f = invoice.fields
        let own = invoice.userID == user.id
        let reviews = Permissions.can(user, .reviewInvoices, .company)
        let stateLabel = { (state: InvoiceState?) in t("invoice.state.\(state?.rawValue ?? "missing")") }
        self.init(
            layout: layout,
            actionURL: Paths.invoiceAction(slug, invoice.id),
            version: invoice.version,
            actions: !reviews ? [] : InvoiceAction.allowed(from: invoice.state).map {
                ActionButton(value: $0.rawValue, label: t("review.action.\($0.rawValue)"), needsReason: $0.needsReason,
                             confirm: $0.confirmation(count: 1, totals: f.total.map { [$0] } ?? [], cancelURL: "", t: t)?.question)
            },
            heading: own ? t("invoice.title", t.month(invoice.month))
                : t("invoice.titleOf", invoice.personName, t.month(invoice.month)),
            state: stateLabel(invoice.state),
            stateCode: invoice.state.rawValue,
            ownInvoice: own && reviews ? t("review.flag.own") : nil,
            documentURL: Paths.invoiceDocument(slug, invoice.id, invoice.documentID),
            thumbnailURL: invoice.hasThumbnail ? Paths.invoiceThumbnail(slug, invoice.id, invoice.documentID) : nil,
            fields: InvoiceField.allCases.map { field in
                Field(label: t("invoice.field.\(field.labelKey)"), value: field.display(f, t: t),
                      corrected: invoice.corrected.contains(field) ? t("invoice.corrected") : nil)
            } + [Field(label: t("invoice.field.pages"), value: String(invoice.pages))],
            noText: !invoice.hasText,
            // Reviewers see whose upload it was; a person sees their own, and of others only that
            // the file is not new.
            duplicates: duplicates.map {
                if reviews {
                    return t("invoice.duplicate", $0.personName, t.month($0.month), $0.uploadedOn.iso)
                }
                return $0.userID == user.id
                    ? t("invoice.duplicateOwn", t.month($0.month), $0.uploadedOn.iso)
                    : t("invoice.duplicateOther")
            },
            replaceURL: own && invoice.state.acceptsUpload ? Paths.uploadInvoice(slug, month: invoice.month) : nil,
            correctURL: reviews && invoice.correctable ? Paths.invoiceCorrection(slug, invoice.id) : nil,
            lockedNote: own && !invoice.state.acceptsUpload
                ? t(UploadRefusal.locked(invoice.state).message.key) : nil,
            versions: invoice.documents.map {
                Version(label: t("invoice.version", String($0.versionNo)), filename: $0.filename,
                        detail: t("invoice.versionDetail", $0.uploadedAt, $0.uploadedBy,
                                                  Self.sizeLabel($0.sizeBytes), String($0.pages)),
                        href: Paths.invoiceDocument(slug, invoice.id, $0.id), current: $0.id == invoice.documentID)
            },
            history: (invoice.history.map {
                HistoryRow(at: $0.at, actor: $0.actor,
                           change: Self.historyLabel($0, t: t, stateLabel: stateLabel),
                           reason: $0.reason, own: $0.ownInvoice ? t("invoice.history.own") : nil)
            } + invoice.corrections.map {
                HistoryRow(at: $0.at, actor: $0.actor, change: Self.correctionLabel($0, t: t), reason: nil, own: nil)
            }).sorted { $0.at > $1.at },
            backURL: own ? Paths.invoices(slug) : Paths.person(slug, invoice.userID), t: t)
    }

    private init(
        layout: Layout, actionURL: String, version: Int, actions: [ActionButton], heading: String, state: String,
        stateCode: String, ownInvoice: String?, documentURL: String, thumbnailURL: String?, fields: [Field],
        noText: Bool, duplicates: [String], replaceURL: String?, correctURL: String?, lockedNote: String?, versions: [Version],
        history: [HistoryRow], backURL: String, t: Translator
    ) {
        self.layout = layout
        self.t = t
        self.actionURL = actionURL
        self.version = version
        self.actions = actions
        self.heading = heading
        self.state = state
        self.stateCode = stateCode
        self.ownInvoice = ownInvoice
        self.documentURL = documentURL
        self.thumbnailURL = thumbnailURL
        self.fields = fields
        self.noText = noText
        self.duplicates = duplicates
        self.replaceURL = replaceURL
        self.correctURL = correctURL
        self.lockedNote = lockedNote
        self.versions = versions
        self.history = history
        self.backURL = backURL
    }

    var body: HTML {
        let notRead: HTML = "<span class=\"muted\">\(t("invoice.notRead"))</span>"
        let facts = fields.map { field -> HTML in
            """
            <dt>\(field.label)</dt><dd>\(field.value, else: notRead)\
            \(if: field.corrected != nil, "<span class=\"corrected\">\(field.corrected ?? "")</span>")</dd>
            """
        }
        let notes = duplicates.map { note -> HTML in "<p class=\"flash flash-error\" role=\"note\">\(note)</p>" }
        var html: HTML = """
            <p><a href="\(backURL)">← \(t("invoice.back"))</a></p>
            <div class="heading"><h1>\(heading)</h1><span class="badge state \(stateCode)">\(state)</span>\
            \(if: ownInvoice != nil, " <span class=\"badge flag\">\(ownInvoice ?? "")</span>")</div>
            \(notes.joined())\
            \(if: noText, "<p class=\"flash flash-error\" role=\"note\">\(t("invoice.noText"))</p>")
            <div class="invoice-view">
              \(InvoicePage.thumbnail(documentURL: documentURL, thumbnailURL: thumbnailURL, t: t))
              <div>
                <dl class="facts">
                  \(facts.joined())
                </dl>
                <p class="actions"><a class="button" href="\(documentURL)" target="_blank" rel="noopener">\(t("invoice.openPDF"))</a>\
            \(if: replaceURL != nil, "<a class=\"button\" href=\"\(replaceURL ?? "")\">\(t("invoice.replace"))</a>")\
            \(if: correctURL != nil, "<a class=\"button\" href=\"\(correctURL ?? "")\">\(t("invoice.correct"))</a>")</p>
                \(if: lockedNote != nil, "<p class=\"hint\">\(lockedNote ?? "")</p>")
              </div>
            </div>

            """
        if !actions.isEmpty {
            let cancel = t("confirm.cancel")
            let forms = actions.map { button -> HTML in
                let reason: HTML = button.needsReason ? """
                    <div class="field"><label for="reason-\(button.value)">\(t("review.reason"))</label>\
                    <textarea id="reason-\(button.value)" name="reason" rows="2" maxlength="2000" required></textarea></div>
                    """ : .empty
                let confirm: HTML = button.confirm.map { question in
                    " data-confirm=\"\(question)\" data-confirm-button=\"\(button.label)\" data-confirm-cancel=\"\(cancel)\""
                } ?? .empty
                return """
                      <form method="post" action="\(actionURL)" class="\(if: button.needsReason, "grow")"\(confirm)>
                        \(PagePieces.csrf(layout.csrf))
                        <input type="hidden" name="version" value="\(version)">
                        <input type="hidden" name="action" value="\(button.value)">
                        \(reason)
                        <button type="submit"\(if: button.value == "approve" || button.value == "pay", " class=\"primary\"")>\
                    \(button.label)</button>
                      </form>

                    """
            }
            html.append("""
                <section id="actions" aria-labelledby="actions-heading" class="card-row">
                  <h2 id="actions-heading">\(t("review.actions"))</h2>
                  <div class="row-form">
                \(forms.joined())  </div>
                </section>

                """)
        }
        let versionItems = versions.map { version -> HTML in
            """
            <li\(if: version.current, " class=\"current\"")><a href="\(version.href)" target="_blank" rel="noopener">\
            \(version.label): \(version.filename)</a> <span class="muted">\(version.detail)</span></li>
            """
        }
        let historyItems = history.map { entry -> HTML in
            """
            <li><time>\(entry.at)</time>\(entry.change) — \(entry.actor)\
            \(if: entry.own != nil, " <span class=\"badge flag\">\(entry.own ?? "")</span>")\
            \(if: entry.reason != nil, ": <q>\(entry.reason ?? "")</q>")</li>
            """
        }
        html.append("""
            <section aria-labelledby="versions-heading">
              <h2 id="versions-heading">\(t("invoice.versions"))</h2>
              <ul class="timeline">
                \(versionItems.joined())
              </ul>
            </section>
            <section aria-labelledby="history-heading">
              <h2 id="history-heading">\(t("invoice.history"))</h2>
              <ul class="timeline">
                \(historyItems.joined())
              </ul>
            </section>

            """)
        return html
    }

    /// The link to the PDF, as its first page's picture when there is one (this page's and the
    /// correction form's).
    static func thumbnail(documentURL: String, thumbnailURL: String?, t: Translator) -> HTML {
        let picture: HTML = thumbnailURL.map { "<img src=\"\($0)\" alt=\"\(t("invoice.thumbnailAlt"))\" width=\"240\">" }
            ?? "<span>\(t("invoice.openPDF"))</span>"
        return """
            <a class="thumbnail" href="\(documentURL)" target="_blank" rel="noopener">
                \(picture)
              </a>
            """
    }

    /// "Uploaded: submitted", "File replaced", "File replaced: Returned → Submitted", "Submitted → Approved".
    static func historyLabel(
        _ entry: InvoiceHistoryEntry, t: Translator, stateLabel: (InvoiceState?) -> String
    ) -> String {
        guard let from = entry.fromState else { return t("invoice.history.uploaded") }
        let change = t("invoice.history.change", stateLabel(from), stateLabel(entry.toState))
        if let statement = entry.statement {
            return t("invoice.history.statement", change, statement,
                     entry.bookedOn.flatMap(LocalDate.init(iso:)).map(t.day) ?? entry.bookedOn ?? "")
        }
        guard entry.newFile else { return change }
        return from == entry.toState ? t("invoice.history.replaced")
            : t("invoice.history.replacedChange", change)
    }

    /// "Corrected Total to pay: 72 000,00 Kč → 71 000,00 Kč".
    static func correctionLabel(_ entry: InvoiceCorrectionEntry, t: Translator) -> String {
        let show = { (stored: String?) in stored.map { entry.field.display(stored: $0, t: t) } ?? "—" }
        return t("invoice.history.corrected", t("invoice.field.\(entry.field.labelKey)"), show(entry.old), show(entry.new))
    }

    static func sizeLabel(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : "\(max(1, bytes / 1024)) kB"
    }
}
