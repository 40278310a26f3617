import Foundation

/// The profile page: what a viewer may see of a person (`Permissions.ProfileAccess`), with the
/// contract form and the rates section, and a refused form of either shown again. Built from
/// data and a translator; `PersonPage.render` (PersonPageLoading.swift) reads the data for a
/// request, so the contract and rate routes show the same page without knowing each other.
struct PersonPage: HTMLPage {
    struct Field: Equatable {
        let label: String
        let value: String
        let href: String?
    }

    struct ContractView: Equatable {
        let kind: String
        let period: String
        let capacity: String
        let current: Bool
        /// An employment's (HPP) days of vacation a year, and where an admin changes them.
        var vacation: String? = nil
        var vacationDays: String? = nil
        var vacationURL: String? = nil
        var id: String = ""
    }

    struct AuditView: Equatable {
        let at: String
        let text: String
    }

    struct ContractFormView: Equatable {
        let action: String
        let kinds: [SelectOption]
        let validFrom: String
        let validTo: String
        let capacity: String
        let endCurrent: Bool
        let vacationDays: String
        let error: String?
    }

    /// Everything the page is built from, as the queries read it for one viewer.
    struct Content: Sendable {
        let person: Person
        let access: Permissions.ProfileAccess
        /// The whole rate history, for those who manage rates.
        let history: [RateEntry]?
        /// Today's rate, for those who only see it.
        let rate: Rate?
        /// The audit trail, for those who edit the profile.
        let audit: [AuditEntry]?
        /// The supplier details and their version, for the person and admins, where a
        /// contractor's details matter (an invoicing contract, or details saved before).
        var supplier: (details: SupplierDetails, version: Int)? = nil
        /// A change the person proposed, waiting for an admin.
        var proposal: SupplierProposal? = nil
    }

    /// What was typed into a refused form, shown again with its problems.
    struct Refused: Sendable {
        var contract: ContractForm?
        var contractProblem: String?
        var rate: RateForm?
        var rateProblems: [String: String] = [:]

        static let none = Refused()
    }

    let layout: Layout
    let name: String
    let inactive: Bool
    let fields: [Field]
    let contracts: [ContractView]
    let rate: String?
    let rates: ProfileRatesSection?
    let supplier: SupplierSection?
    let audit: [AuditView]?
    let contractForm: ContractFormView?
    let editURL: String?
    let invoicesURL: String?
    let deactivateURL: String?
    /// What the deactivation's dialog asks (`confirm.js`).
    let deactivateQuestion: String
    let reactivateURL: String?
    let t: Translator

    init(layout: Layout, slug: String, viewer: UUID, content: Content, today: LocalDate, ratesPage: Int?,
         refused: Refused, t: Translator) {
        let person = content.person, user = person.user, access = content.access, id = user.id
        let current = ContractHistory.current(person.contracts, on: today)
        var fields: [Field] = [
            Field(label: t("person.email"), value: user.email, href: "mailto:" + user.email),
            Field(label: t("person.phone"), value: person.phone ?? "—", href: person.phone.map(Self.telephoneLink)),
            Field(label: t("person.position"), value: person.position.isEmpty ? "—" : person.position, href: nil),
            Field(label: t("person.team"), value: person.teamName ?? "—", href: nil),
            Field(label: t("person.roles"), value: user.roles.sorted().map { t("role.\($0.rawValue)") }.joined(separator: ", "),
                  href: nil),
        ]
        if let personal = person.personalEmail {
            fields.insert(Field(label: t("person.personalEmail"), value: personal, href: "mailto:" + personal), at: 1)
        }
        self.layout = layout
        self.t = t
        name = user.displayName
        inactive = !user.active
        self.fields = fields
        contracts = person.contracts.map { contract in
            let employed = contract.kind == .hpp
            let days = ContractHistory.formatCapacity(contract.vacationTenths)
            return ContractView(
                kind: t("contract.\(contract.kind.rawValue)"),
                period: contract.validFrom.iso + " – " + (contract.validTo?.iso ?? t("contract.openEnded")),
                capacity: t("contract.capacity", ContractHistory.formatCapacity(contract.capacityTenths)),
                current: contract == current,
                vacation: employed ? t("contract.vacation", days) : nil,
                vacationDays: employed ? days : nil,
                vacationURL: employed && access.canEdit ? Paths.contractVacation(slug, id, contract.id) : nil,
                id: contract.id.lowercasedString)
        }
        rate = content.rate.map { t("rate.perHour", t.money(minor: $0.amountMinor, currency: $0.currency)) }
        rates = content.history.map {
            ProfileRatesSection(slug: slug, person: id, history: $0, page: PageRequest(number: ratesPage, size: ProfileRatesSection.pageSize),
                                form: refused.rate, problems: refused.rateProblems, today: today, t: t)
        }
        supplier = content.supplier.map {
            SupplierSection(details: $0.details, version: $0.version, proposal: content.proposal,
                            editURL: access.canEdit ? Paths.supplierDetails(slug, id) : nil,
                            proposeURL: viewer == id ? Paths.supplierProposal(slug, id) : nil,
                            decideURL: access.canEdit ? Paths.supplierDecision(slug, id) : nil, t: t)
        }
        audit = content.audit?.map { AuditView(at: $0.at, text: t("audit.\($0.action)", $0.actorName ?? "Roster")) }
        let typed = refused.contract
        contractForm = access.canEdit ? ContractFormView(
            action: Paths.addContract(slug, id),
            kinds: ContractKind.allCases.map {
                SelectOption(value: $0.rawValue, label: t("contract.\($0.rawValue)"),
                             selected: $0.rawValue == (typed?.kind ?? current?.kind.rawValue ?? ContractKind.ico.rawValue))
            },
            // The first day of the month after next month's first: a new contract usually starts then.
            validFrom: typed?.validFrom ?? Month(today).first.adding(days: 31).iso.prefix(8) + "01",
            validTo: typed?.validTo ?? "",
            capacity: typed?.capacity ?? current.map { ContractHistory.formatCapacity($0.capacityTenths) } ?? "40",
            endCurrent: typed.map { $0.endCurrent != nil } ?? true,
            vacationDays: typed?.vacationDays ?? ContractHistory.formatCapacity(ContractHistory.defaultVacationTenths),
            error: refused.contractProblem.map { t($0) }) : nil
        editURL = access.canEdit ? Paths.editPerson(slug, id) : nil
        invoicesURL = access.seesInvoices && person.contracts.contains { $0.kind.sendsInvoices } ? Paths.personInvoices(slug, id) : nil
        deactivateURL = access.canEdit && user.active && viewer != id ? Paths.deactivate(slug, id) : nil
        deactivateQuestion = t("confirm.deactivate", user.displayName)
        reactivateURL = access.canEdit && !user.active ? Paths.reactivate(slug, id) : nil
    }

    var body: HTML {
        let csrf = layout.csrf
        let facts = fields.map { field -> HTML in
            let value: HTML = field.href.map { "<a href=\"\($0)\">\(field.value)</a>" } ?? HTML(text: field.value)
            return "  <dt>\(field.label)</dt><dd>\(value)</dd>\n"
        }
        var html: HTML = """
            <div class="heading"><h1>\(name)\(if: inactive, " <span class=\"badge\">\(t("people.status.inactive"))</span>")</h1>\
            \(if: editURL != nil, "<a class=\"button\" href=\"\(editURL ?? "")\">\(t("person.edit"))</a>")</div>
            <dl class="facts">
            \(facts.joined())\
            \(if: rate != nil, "  <dt>\(t("person.rate"))</dt><dd>\(rate ?? "")</dd>\n")\
            </dl>
            <h2>\(t("person.contracts"))</h2>

            """
        if contracts.isEmpty {
            html.append("<p class=\"empty\">\(t("person.noContract"))</p>\n")
        } else {
            let items = contracts.map { contract -> HTML in
                let vacationForm: HTML = contract.vacationURL.map { url in
                    """
                    <form method="post" action="\(url)" class="row-form vacation-days">\(PagePieces.csrf(csrf))\
                    <label for="vacation-\(contract.id)">\(t("contract.vacationDays"))</label> \
                    <input id="vacation-\(contract.id)" name="vacationDays" value="\(contract.vacationDays ?? "")" maxlength="4" \
                    inputmode="decimal" size="4" required> <button type="submit">\(t("contract.vacationSave"))</button></form>
                    """
                } ?? .empty
                return """
                      <li\(if: contract.current, " class=\"current\"")><strong>\(contract.kind)</strong> \(contract.period) · \
                    \(contract.capacity)\(if: contract.vacation != nil, " · \(contract.vacation ?? "")")\
                    \(if: contract.current, " <span class=\"badge\">\(t("contract.current"))</span>")
                      \(vacationForm)</li>

                    """
            }
            html.append("<ul class=\"timeline\">\n\(items.joined())</ul>\n")
        }
        if let invoicesURL {
            html.append("<p><a href=\"\(invoicesURL)\">\(t("person.invoices"))</a></p>\n")
        }
        if let contractForm { html.append(contractFormHTML(contractForm)) }
        if let supplier { html.append(supplier.html(csrf: csrf, t: t)) }
        if let rates { html.append(rates.html(csrf: csrf, t: t)) }
        if let deactivateURL {
            html.append("""
                <form method="post" action="\(deactivateURL)" class="inline" data-confirm="\(deactivateQuestion)" \
                data-confirm-button="\(t("confirm.deactivateButton"))" data-confirm-cancel="\(t("confirm.cancel"))">
                  \(PagePieces.csrf(csrf))
                  <button type="submit" class="danger">\(t("person.deactivate"))</button>
                  <span class="hint">\(t("person.deactivateHint"))</span>
                </form>

                """)
        }
        if let reactivateURL {
            html.append("""
                <form method="post" action="\(reactivateURL)" class="inline">
                  \(PagePieces.csrf(csrf))
                  <button type="submit">\(t("person.reactivate"))</button>
                </form>

                """)
        }
        if let audit {
            html.append("<h2>\(t("person.history"))</h2>\n")
            if audit.isEmpty {
                html.append("<p class=\"muted\">\(t("person.noHistory"))</p>\n")
            } else {
                let items = audit.map { entry -> HTML in "<li><time>\(entry.at)</time> \(entry.text)</li>" }
                html.append("<ul class=\"timeline\">\n  \(items.joined())\n</ul>\n")
            }
        }
        return html
    }

    /// "Add a contract", closed unless a refused one is shown again.
    private func contractFormHTML(_ form: ContractFormView) -> HTML {
        """
        <details class="add"\(if: form.error != nil, " open")>
          <summary>\(t("contract.add"))</summary>
          <form method="post" action="\(form.action)" class="row-form" novalidate>
            \(PagePieces.csrf(layout.csrf))
            <div class="field">
              <label for="kind">\(t("people.contract"))</label>
              <select id="kind" name="kind">\(PagePieces.options(form.kinds))</select>
            </div>
            <div class="field"><label for="validFrom">\(t("contract.from"))</label>\
        <input id="validFrom" name="validFrom" type="date" value="\(form.validFrom)" required></div>
            <div class="field"><label for="validTo">\(t("contract.to"))</label>\
        <input id="validTo" name="validTo" type="date" value="\(form.validTo)"></div>
            <div class="field"><label for="capacity">\(t("employee.capacity"))</label>\
        <input id="capacity" name="capacity" value="\(form.capacity)" maxlength="4" required></div>
            <div class="field"><label for="vacationDays">\(t("contract.vacationDays"))</label>\
        <input id="vacationDays" name="vacationDays" value="\(form.vacationDays)" maxlength="4" inputmode="decimal">\
        <p class="hint">\(t("contract.vacationHint"))</p></div>
            <label class="choice"><input type="checkbox" name="endCurrent" value="on"\(if: form.endCurrent, " checked")> \
        \(t("contract.endCurrent"))</label>
            <button type="submit" class="primary">\(t("contract.addButton"))</button>
          </form>
          \(if: form.error != nil, "<p class=\"error\" role=\"alert\">\(form.error ?? "")</p>")
        </details>

        """
    }

    /// A phone number as a `tel:` link (spaces dropped).
    static func telephoneLink(_ phone: String) -> String {
        "tel:" + phone.replacingOccurrences(of: " ", with: "")
    }
}
