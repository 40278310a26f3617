import Foundation

/// The profile page: what a viewer may see of a person (`Permissions.ProfileAccess`), with the
/// contract form and the rates section, and a refused form of either shown again. Built from
/// data and a translator; `PersonPage.render` (PersonPageLoading.swift) reads the data for a
/// request, so the contract and rate routes show the same page without knowing each other.
struct PersonPage: Encodable {
    struct Field: Encodable, Equatable {
        let label: String
        let value: String
        let href: String?
    }

    struct ContractView: Encodable, Equatable {
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

    struct AuditView: Encodable, Equatable {
        let at: String
        let text: String
    }

    struct ContractFormView: Encodable, Equatable {
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

    /// A phone number as a `tel:` link (spaces dropped).
    static func telephoneLink(_ phone: String) -> String {
        "tel:" + phone.replacingOccurrences(of: " ", with: "")
    }
}
