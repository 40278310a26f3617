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
    let backURL: String

    init(layout: Layout, slug: String, person: Person, version: Int, input: SupplierDetails.Input,
         problems: SupplierDetails.Problems = .init(), stale: Bool = false, t: Translator) {
        self.layout = layout
        heading = t("supplier.title", person.user.displayName)
        action = Paths.supplierDetails(slug, person.user.id)
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

    let rows: [Row]
    /// Nothing saved yet: what to do next.
    let empty: String?
    let editURL: String?

    init(details: SupplierDetails, version: Int, editURL: String?, t: Translator) {
        rows = [
            Row(label: t("supplier.ico"), value: details.ico ?? "—"),
            Row(label: t("supplier.dic"), value: details.dic ?? "—"),
            Row(label: t("supplier.vatPayer"), value: t(details.vatPayer ? "supplier.vatPayer.yes" : "supplier.vatPayer.no")),
            Row(label: t("supplier.address"), value: details.billingAddress.isEmpty ? "—" : details.billingAddress),
            Row(label: t("supplier.account"), value: details.accountText ?? "—"),
        ]
        empty = version == 0 ? t(editURL == nil ? "supplier.emptyOwn" : "supplier.empty") : nil
        self.editURL = editURL
    }
}
