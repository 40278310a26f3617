import Foundation

/// The demo company's invoices of the last six months, as contractors and the admin would have
/// made them: what each invoice says and every step of its way (upload, return, approval,
/// payment) with the moment it happened. Older months are paid; the month before last waits in
/// part for its payment; last month is on the review desk with the cases the desk is for (an
/// amount that differs, a changed account, a reused number, a return with its reason, a missing
/// invoice). Steps that would lie after `now` have not happened yet. Pure.
enum DemoInvoicePlan {
    /// A person who invoices the company, with what their invoices print.
    struct Contractor: Sendable {
        let email: String
        let name: String
        let street: String
        let companyID: String
        let account: String
        let contracts: [Contract]
        let rates: [Rate]
    }

    struct Document: Sendable, Equatable {
        let number: String
        let amountMinor: Int64
        let account: String
        let issued: LocalDate

        var filename: String { "faktura-\(number).pdf" }
    }

    enum Step: Sendable, Equatable {
        case upload(Document)
        case returned(reason: String)
        case approve
        case pay
    }

    struct Event: Sendable, Equatable {
        let step: Step
        let at: Date
    }

    struct Invoice: Sendable {
        let email: String
        let month: Month
        let events: [Event]
    }

    static let monthsBack = 6

    /// Every invoice of `contractors` for the `monthsBack` months before `current`, in order of
    /// month, then contractor.
    static func plan(contractors: [Contractor], current: Month, now: Date, timeZone: String) -> [Invoice] {
        var invoices: [Invoice] = []
        for back in stride(from: monthsBack, through: 1, by: -1) {
            let month = current.adding(months: -back)
            for (index, contractor) in contractors.enumerated() {
                guard let invoice = invoice(of: contractor, index: index, month: month, back: back, timeZone: timeZone)
                else { continue }
                // What would happen after now has not happened yet.
                let happened = invoice.events.prefix { $0.at < now }
                if !happened.isEmpty {
                    invoices.append(Invoice(email: contractor.email, month: month, events: Array(happened)))
                }
            }
        }
        return invoices
    }

    static func number(month: Month, index: Int) -> String {
        "\(month.year)\(month.month.zeroPadded(2))\((index + 1).zeroPadded(2))"
    }

    private static func invoice(of contractor: Contractor, index: Int, month: Month, back: Int, timeZone: String) -> Invoice? {
        let expected = Earnings.expected(in: month, contracts: contractor.contracts, rates: contractor.rates)
        guard expected.paidDays > 0, expected.amountMinor > 0 else { return nil }
        let next = month.adding(months: 1)
        let local = contractor.email.prefix { $0 != "@" }
        // Sent on one of the first three working days of the next month; reviewed two days later.
        let sentDay = WorkingDays.nth(1 + index % 3, in: next) ?? next.first
        let reviewDay = WorkingDays.nth(4 + index % 2, in: next) ?? next.first
        let payDay = WorkingDays.nth(10, in: next) ?? next.last
        func at(_ day: LocalDate, _ hour: Int) -> Date {
            day.instant(hour: hour, minute: (index * 7 + hour) % 60, in: timeZone)
        }
        let rate = contractor.rates.last { $0.effectiveFrom <= month.last }?.amountMinor ?? 0
        var document = Document(number: number(month: month, index: index), amountMinor: expected.amountMinor,
                                account: contractor.account, issued: next.first)
        var events: [Event] = []
        let sent = at(sentDay, 8 + index % 9), reviewed = at(reviewDay, 10 + index % 5), paid = at(payDay, 11)
        switch (back, local) {
        case (1, "eva.dvorakova"), (1, "lukas.fiala"):
            return nil // missing: on the desk's missing list and reminded
        case (1, "petr.svoboda"):
            document = document.with(amountMinor: expected.amountMinor + 12 * rate) // twelve hours more than expected
            events = [Event(step: .upload(document), at: sent)]
        case (1, "tomas.marek"):
            document = document.with(account: "2501234568/2010") // a changed account
            events = [Event(step: .upload(document), at: sent)]
        case (1, "martin.kucera"):
            document = document.with(number: number(month: month.adding(months: -1), index: index)) // last month's number again
            events = [Event(step: .upload(document), at: sent)]
        case (1, "radek.simek"):
            events = [Event(step: .upload(document.with(amountMinor: expected.amountMinor + 8 * rate)), at: sent),
                      Event(step: .returned(reason: "Fakturujete o 8 hodin víc, než je ve výkazu. Opravte prosím počet hodin a částku."),
                            at: reviewed)]
        case (1, "barbora.nemcova"), (1, "david.kolar"), (2, "tereza.kralova"), (2, "david.kolar"):
            events = [Event(step: .upload(document), at: sent), Event(step: .approve, at: reviewed)]
        case (1, _):
            events = [Event(step: .upload(document), at: sent)]
        case (4, "lucie.horakova"):
            let fixed = reviewDay.adding(days: 1)
            events = [Event(step: .upload(document.with(amountMinor: expected.amountMinor - 4 * rate)), at: sent),
                      Event(step: .returned(reason: "Částka neodpovídá výkazu: chybí 4 hodiny z posledního týdne."), at: reviewed),
                      Event(step: .upload(document.with(issued: fixed)), at: at(fixed, 9)),
                      Event(step: .approve, at: at(fixed, 15)), Event(step: .pay, at: paid)]
        default:
            events = [Event(step: .upload(document), at: sent), Event(step: .approve, at: reviewed), Event(step: .pay, at: paid)]
        }
        return Invoice(email: contractor.email, month: month, events: events)
    }

    /// The first page of a Czech invoice (docs/DOMAIN.md, Czech invoice vocabulary): the
    /// contractor is not a VAT payer, so it is a plain invoice with its payment details.
    static func lines(_ document: Document, of contractor: Contractor, month: Month, customer: String) -> [String] {
        let amount = Money.format(minor: document.amountMinor, currency: "CZK", language: .cs)
            .replacingOccurrences(of: "\u{00A0}", with: " ")
        let due = document.issued.adding(days: 14)
        return [
            "FAKTURA č. \(document.number)",
            "Dodavatel: \(contractor.name), \(contractor.street)",
            "IČO: \(contractor.companyID)",
            "Neplátce DPH",
            "Odběratel: \(customer)",
            "Bankovní účet: \(document.account)",
            "Variabilní symbol: \(document.number)",
            "Datum vystavení: \(czech(document.issued))",
            "Datum splatnosti: \(czech(due))",
            "Služby za období \(month.month)/\(month.year) dle výkazu hodin",
            "Celkem k úhradě: \(amount)",
        ]
    }

    private static func czech(_ date: LocalDate) -> String { "\(date.day). \(date.month). \(date.year)" }
}

extension DemoInvoicePlan.Contractor {
    /// The same contractor with the contracts and rates stored for them, when there are any.
    func with(_ stored: (contracts: [Contract], rates: [Rate])?) -> Self {
        guard let stored, !stored.contracts.isEmpty else { return self }
        return Self(email: email, name: name, street: street, companyID: companyID, account: account,
                    contracts: stored.contracts, rates: stored.rates.sorted { $0.effectiveFrom < $1.effectiveFrom })
    }
}

extension DemoInvoicePlan.Document {
    func with(number: String? = nil, amountMinor: Int64? = nil, account: String? = nil, issued: LocalDate? = nil) -> Self {
        Self(number: number ?? self.number, amountMinor: amountMinor ?? self.amountMinor, account: account ?? self.account,
             issued: issued ?? self.issued)
    }
}
