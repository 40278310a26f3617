/// The supplier details form: a contractor's IČO, DIČ, VAT status, billing address and the
/// registered account, as saved or as typed with their problems.
struct SupplierDetailsPage: HTMLPage {
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
    let t: Translator

    /// - Parameter proposing: the person proposes a change of their own details.
    init(layout: Layout, slug: String, person: Person, version: Int, input: SupplierDetails.Input,
         problems: SupplierDetails.Problems = .init(), stale: Bool = false, proposing: Bool = false, t: Translator) {
        self.layout = layout
        self.t = t
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

    var body: HTML {
        let ico = errors["ico"], dic = errors["dic"], address = errors["billingAddress"], account = errors["account"]
        return """
            <p><a href="\(backURL)">← \(t("supplier.back"))</a></p>
            <h1>\(heading)</h1>
            <p class="hint">\(hint)</p>
            \(if: staleNote != nil, "<p class=\"flash flash-error\" role=\"alert\">\(staleNote ?? "")</p>\n")\
            <form method="post" action="\(action)" class="form narrow" novalidate>
              \(PagePieces.csrf(layout.csrf))
              <input type="hidden" name="version" value="\(version)">
              <div class="field\(if: ico != nil, " invalid")">
                <label for="ico">\(t("supplier.ico"))</label>
                <input id="ico" name="ico" value="\(self.ico)" inputmode="numeric" maxlength="12" autocomplete="off"\
            \(PagePieces.invalid(ico, describedBy: "ico-error"))>
                \(PagePieces.error(ico, id: "ico-error"))
              </div>
              <div class="field\(if: dic != nil, " invalid")">
                <label for="dic">\(t("supplier.dic"))</label>
                <input id="dic" name="dic" value="\(self.dic)" maxlength="20" autocomplete="off" \
            aria-describedby="dic-hint\(if: dic != nil, " dic-error")"\(if: dic != nil, " aria-invalid=\"true\"")>
                <p class="hint" id="dic-hint">\(t("supplier.dic.hint"))</p>
                \(PagePieces.error(dic, id: "dic-error"))
              </div>
              <div class="field">
                <label class="choice"><input type="checkbox" name="vatPayer" value="1"\(if: vatPayer, " checked")> \
            \(t("supplier.vatPayer"))</label>
              </div>
              <div class="field\(if: address != nil, " invalid")">
                <label for="billingAddress">\(t("supplier.address"))</label>
                <textarea id="billingAddress" name="billingAddress" rows="3" maxlength="500"\
            \(PagePieces.invalid(address, describedBy: "address-error"))>\(billingAddress)</textarea>
                \(PagePieces.error(address, id: "address-error"))
              </div>
              <div class="field\(if: account != nil, " invalid")">
                <label for="account">\(t("supplier.account"))</label>
                <input id="account" name="account" value="\(self.account)" maxlength="42" autocomplete="off" \
            aria-describedby="account-hint\(if: account != nil, " account-error")"\(if: account != nil, " aria-invalid=\"true\"")>
                <p class="hint" id="account-hint">\(t("supplier.account.hint"))</p>
                \(PagePieces.error(account, id: "account-error"))
              </div>
              <p class="actions"><button type="submit" class="primary">\(submit)</button> \
            <a class="button" href="\(backURL)">\(t("confirm.cancel"))</a></p>
            </form>

            """
    }
}
