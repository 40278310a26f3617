/// The supplier details on a profile, for the person and admins.
struct SupplierSection: Equatable {
    struct Row: Equatable {
        let label: String
        let value: String
    }

    /// A waiting proposal: when it was made and what it changes, and the form that decides it.
    struct Proposal: Equatable {
        let note: String
        let changes: [Row]
        let id: String
        let decideURL: String?
    }

    let rows: [Row]
    /// Nothing saved yet: what to do next.
    let empty: String?
    let editURL: String?
    /// The person's own form to propose a change.
    let proposeURL: String?
    let proposal: Proposal?

    init(details: SupplierDetails, version: Int, proposal: SupplierProposal?, editURL: String?, proposeURL: String?,
         decideURL: String?, t: Translator) {
        rows = [
            Row(label: t("supplier.ico"), value: details.ico ?? "—"),
            Row(label: t("supplier.dic"), value: details.dic ?? "—"),
            Row(label: t("supplier.vatPayer"), value: t(details.vatPayer ? "supplier.vatPayer.yes" : "supplier.vatPayer.no")),
            Row(label: t("supplier.address"), value: details.billingAddress.isEmpty ? "—" : details.billingAddress),
            Row(label: t("supplier.account"), value: details.accountText ?? "—"),
        ]
        empty = version == 0 ? t(editURL == nil ? "supplier.emptyOwn" : "supplier.empty") : nil
        self.editURL = editURL
        self.proposeURL = proposeURL
        let labels = ["ico": "supplier.ico", "dic": "supplier.dic", "vatPayer": "supplier.vatPayer",
                      "billingAddress": "supplier.address", "account": "supplier.account"]
        self.proposal = proposal.map { proposal in
            Proposal(note: t(decideURL == nil ? "supplier.proposalOwn" : "supplier.proposal", proposal.proposedAt),
                     changes: SupplierDetails.changes(from: details, to: proposal.details).sorted { $0.key < $1.key }.map {
                         // The VAT status is said in words, not as the audit trail's true/false.
                         $0.key == "vatPayer"
                             ? Row(label: t("supplier.vatPayer"),
                                   value: [details.vatPayer, proposal.details.vatPayer]
                                       .map { t($0 ? "supplier.vatPayer.yes" : "supplier.vatPayer.no") }.joined(separator: " → "))
                             : Row(label: t(labels[$0.key] ?? $0.key), value: $0.value)
                     },
                     id: proposal.id.lowercasedString, decideURL: decideURL)
        }
    }

    /// The section on the profile: its heading with the buttons, a waiting proposal with the
    /// form that decides it, and the details saved.
    func html(csrf: String, t: Translator) -> HTML {
        var html: HTML = """
            <div class="heading"><h2 id="supplier">\(t("supplier.heading"))</h2><p class="row-actions">\
            \(if: proposeURL != nil, "<a class=\"button\" href=\"\(proposeURL ?? "")\">\(t("supplier.proposeButton"))</a>")\
            \(if: editURL != nil, "<a class=\"button\" href=\"\(editURL ?? "")\">\(t("supplier.edit"))</a>")</p></div>

            """
        if let proposal {
            let changes = proposal.changes.map { change -> HTML in
                "<dt>\(change.label)</dt><dd class=\"pre-line\">\(change.value)</dd>"
            }
            html.append("""
                <div class="card-row" role="note">
                  <p>\(proposal.note)</p>
                  <dl class="facts">\(changes.joined())</dl>

                """)
            if let decideURL = proposal.decideURL {
                func decision(_ value: String, _ label: String, primary: Bool) -> HTML {
                    """
                    <form method="post" action="\(decideURL)">\(PagePieces.csrf(csrf))\
                    <input type="hidden" name="proposal" value="\(proposal.id)">\
                    <input type="hidden" name="decision" value="\(value)">\
                    <button type="submit"\(if: primary, " class=\"primary\"")>\(label)</button></form>
                    """
                }
                html.append("""
                      <div class="row-form">
                        \(decision("confirm", t("supplier.confirm"), primary: true))
                        \(decision("decline", t("supplier.decline"), primary: false))
                      </div>

                    """)
            }
            html.append("</div>\n")
        }
        if let empty {
            html.append("<p class=\"empty\">\(empty)</p>\n")
        } else {
            let facts = rows.map { row -> HTML in "<dt>\(row.label)</dt><dd class=\"pre-line\">\(row.value)</dd>" }
            html.append("<dl class=\"facts\">\n  \(facts.joined())\n</dl>\n")
        }
        return html
    }
}
