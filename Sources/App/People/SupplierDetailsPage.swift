/// The supplier details form: a contractor's IČO, DIČ, VAT status, billing address and the
/// registered account, as saved or as typed with their problems.
struct SupplierDetailsPage: Encodable {
    let layout: Layout
    let heading: String
    let action: String
    let version: Int
    let ico: String
    let dic: String
    let vatPayer: Bool
    let billingAddress: String
    let account: String
    /// Field name → its problem, translated.
    let errors: [String: String]
    let staleNote: String?
    /// What the page is for: an admin's change, or one's own proposal.
    let hint: String
    let submit: String
    let backURL: String

    /// - Parameter proposing: the person proposes a change of their own details.
    init(layout: Layout, slug: String, person: Person, version: Int, input: SupplierDetails.Input,
         problems: SupplierDetails.Problems = .init(), stale: Bool = false, proposing: Bool = false, t: Translator) {
        self.layout = layout
        heading = proposing ? t("supplier.proposeTitle") : t("supplier.title", person.user.displayName)
        action = proposing ? Paths.supplierProposal(slug, person.user.id) : Paths.supplierDetails(slug, person.user.id)
        hint = t(proposing ? "supplier.proposeHint" : "supplier.hint")
        submit = t(proposing ? "supplier.propose" : "form.save")
        self.version = version
        ico = input.ico
        dic = input.dic
        vatPayer = input.vatPayer
        billingAddress = input.billingAddress
        account = input.account
        errors = problems.keys.mapValues { t($0) }
        staleNote = stale ? t("supplier.stale") : nil
        backURL = Paths.person(slug, person.user.id)
    }
}

/// The supplier details on a profile, for the person and admins.
struct SupplierSection: Encodable, Equatable {
    struct Row: Encodable, Equatable {
        let label: String
        let value: String
    }

    /// A waiting proposal: when it was made and what it changes, and the form that decides it.
    struct Proposal: Encodable, Equatable {
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
}
