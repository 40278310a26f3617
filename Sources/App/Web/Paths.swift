import Foundation

/// Every address of a tenant's pages and actions, each defined once (`Address`): handlers are
/// registered with these (`routes.get(Paths.people, use: …)`) and every link is made from them
/// (`Paths.person(slug, id)`); pages get ready-made URLs.
public enum Paths {
    /// The tenant's own path, the scope of its cookies.
    public static func tenant(_ slug: String) -> String { "/t/\(slug)" }
    static let home = Address()
    static let login = Address("login")
    static let signInLinkPage = Address1<TokenText>("login", ":token")
    static let logout = Address("logout")
    static let logoutEverywhere = Address("logout", "everywhere")
    static let language = Address("language")
    static let preferences = Address("preferences")
    static let adminSection = Address("admin")
    static let company = Address("admin", "company")

    /// The page of a one-time sign-in link.
    public static func signInLink(_ slug: String, token: String) -> String { signInLinkPage(slug, TokenText(value: token)) }
}

extension Paths {
    static let people = Address("people")
    static let myTeam = Address("team")
    static let profile = Address("profile")
    static let person = Address1<UUID>("people", ":id")
    static let deactivate = Address1<UUID>("people", ":id", "deactivate")
    static let reactivate = Address1<UUID>("people", ":id", "reactivate")
    static let newPerson = Address("people", "new")
    static let editPerson = Address1<UUID>("people", ":id", "edit")
    static let teams = Address("teams")
    static let team = Address1<UUID>("teams", ":id")
    static let deleteTeam = Address1<UUID>("teams", ":id", "delete")
    static let addContract = Address1<UUID>("people", ":id", "contracts")
    static let contractVacation = Address2<UUID, UUID>("people", ":id", "contracts", ":contract", "vacation")
    /// The supplier details form (admins).
    static let supplierDetails = Address1<UUID>("people", ":id", "supplier")
    /// A person proposes a change of their own supplier details.
    static let supplierProposal = Address1<UUID>("people", ":id", "supplier", "propose")
    /// An admin confirms or declines a proposal.
    static let supplierDecision = Address1<UUID>("people", ":id", "supplier", "decision")
}

extension Paths {
    static let rates = Address1<UUID>("people", ":id", "rates")
    static let rate = Address2<UUID, UUID>("people", ":id", "rates", ":rate")
    static let deleteRate = Address2<UUID, UUID>("people", ":id", "rates", ":rate", "delete")
    static let ratesSection = Address("rates")
    static let rateIncreases = Address("rates", "increases")
    static let averageIncrease = Address("rates", "average")
    static let earnings = Address("earnings")
}

extension Paths {
    /// Development only: the mail Roster would have sent.
    static let devMailbox = Address("dev", "mailbox")
    static let oauthAuthorize = Address("oauth", "authorize")
    static let oidcStart = Address("login", "oidc")
    static let oidcCallback = Address("login", "oidc", "callback")
    static let signInSettings = Address("admin", "sign-in")
    static let deleteSignInSettings = Address("admin", "sign-in", "delete")
}

extension Paths {
    /// The week's timesheet (`?week=` any day of it).
    static let timesheet = Address("time")
    static let timeEntries = Address("time", "entries")
    static let timeEntry = Address1<UUID>("time", "entries", ":id")
    static let deleteTimeEntry = Address1<UUID>("time", "entries", ":id", "delete")
    /// A month of someone's time (`?month=`, `?person=`).
    static let timeMonth = Address("time", "month")
    static let timer = Address("time", "timer")
    static let startTimer = Address("time", "timer", "start")
    static let stopTimer = Address("time", "timer", "stop")
    /// Everyone's month in reach: submitted, approved, not yet (`?month=`).
    static let timeClose = Address("time", "close")
    static let submitMonth = Address("time", "month", "submit")
    static let decideMonth = Address("time", "month", "decision")
    static let reopenMonth = Address("time", "month", "reopen")
    static let projects = Address("projects")
    static let newProject = Address("projects", "new")
    static let project = Address1<UUID>("projects", ":id")
    static let archiveProject = Address1<UUID>("projects", ":id", "archive")
    static let clients = Address("projects", "clients")
    static let client = Address1<UUID>("projects", "clients", ":id")
    static let archiveClient = Address1<UUID>("projects", "clients", ":id", "archive")

    public static func timesheet(_ slug: String, week: Week) -> String {
        timesheet(slug) + "?week=" + week.monday.iso
    }

    public static func timeClose(_ slug: String, month: Month) -> String {
        timeClose(slug) + "?month=" + month.iso
    }

    public static func timeMonth(_ slug: String, month: Month, person: UUID?) -> String {
        timeMonth(slug) + "?month=" + month.iso + (person.map { "&person=" + $0.lowercasedString } ?? "")
    }
}

extension Paths {
    /// One's absences: the balance, the request form, the requests.
    static let absences = Address("absences")
    static let withdrawAbsence = Address1<UUID>("absences", ":id", "withdraw")
    static let decideAbsence = Address1<UUID>("absences", ":id", "decision")
    /// The team calendar (`?month=`) with the requests waiting for the viewer.
    static let teamAbsencesAddress = Address("absences", "team")
    static let daysOff = Address("admin", "days-off")
    static let deleteDayOff = Address("admin", "days-off", "delete")

    public static func teamAbsences(_ slug: String, month: Month, team: UUID? = nil) -> String {
        teamAbsencesAddress(slug) + "?month=" + month.iso + (team.map { "&team=" + $0.lowercasedString } ?? "")
    }
}

extension Paths {
    static let invoices = Address("invoices")
    static let invoiceUpload = Address("invoices", "upload")
    static let invoice = Address1<UUID>("invoices", ":id")
    static let invoiceDocument = Address2<UUID, UUID>("invoices", ":id", "documents", ":document")
    static let invoiceThumbnail = Address2<UUID, UUID>("invoices", ":id", "documents", ":document", "thumbnail")
    static let invoiceAction = Address1<UUID>("invoices", ":id", "action")
    /// The form that corrects what was read (admins).
    static let invoiceCorrection = Address1<UUID>("invoices", ":id", "correct")
    /// One person's invoices of every month (admins).
    static let personInvoices = Address1<UUID>("people", ":id", "invoices")

    /// The upload form, for a month when one is given.
    public static func uploadInvoice(_ slug: String, month: Month? = nil) -> String {
        invoiceUpload(slug) + (month.map { "?month=" + $0.iso } ?? "")
    }
}

extension Paths {
    /// A report's download (`ExportRoutes`).
    static let export = Address1<ExportReport>("export", ":report")

    /// The download of `report` as `format` with a page's filters (the non-empty ones).
    static func export(_ slug: String, _ report: ExportReport, format: ExportFormat, filters: ExportFilters) -> String {
        let pairs: [(String, String?)] = [("format", format.rawValue), ("month", filters.month), ("state", filters.state),
                                          ("team", filters.team), ("q", filters.q), ("kind", filters.kind), ("status", filters.status)]
        return export(slug, report) + "?" + pairs.compactMap { name, value in
            guard let value, !value.isEmpty else { return nil }
            return name + "=" + value.urlQueryEncoded
        }.joined(separator: "&")
    }
}

extension Paths {
    /// An export of worked time (`TimeExportRoutes`).
    static let timeExport = Address("time", "export")

    /// The export of worked time as `format` with the filters given.
    static func timeExport(_ slug: String, format: TimeExportFormat, query: TimeExportQuery) -> String {
        let pairs: [(name: String, value: String)] = [("format", format.rawValue)] + query.pairs
        let parts: [String] = pairs.map { pair in pair.name + "=" + pair.value.urlQueryEncoded }
        return timeExport(slug) + "?" + parts.joined(separator: "&")
    }
}

extension Paths {
    static let reviewSection = Address("review")
    static let reviewOverview = Address("review", "invoices")
    static let reviewDeskAddress = Address("review", "desk")
    static let reviewMissingPage = Address("review", "missing")
    static let reviewExport = Address("review", "export")
    /// Bank statements: the list and upload, one statement, marking its matches paid.
    static let reviewStatements = Address("review", "statements")
    static let reviewStatement = Address1<UUID>("review", "statements", ":id")
    static let reviewStatementPay = Address1<UUID>("review", "statements", ":id", "pay")
    static let paymentSettings = Address("admin", "payments")
    /// Work statements: a month's list (`?month=`), the decision its form posts, the month's workbook.
    static let workStatements = Address("review", "work-statements")
    static let decideWorkStatements = Address("review", "work-statements", "decision")
    static let workStatementWorkbook = Address("review", "work-statements", "workbook")
    /// A statement's current file (its owner and admins).
    static let workStatementFile = Address1<UUID>("work-statements", ":id", "file")

    public static func workStatements(_ slug: String, month: Month) -> String {
        workStatements(slug) + "?month=" + month.iso
    }

    public static func workStatementWorkbook(_ slug: String, month: Month) -> String {
        workStatementWorkbook(slug) + "?month=" + month.iso
    }

    /// The desk (its form posts here).
    public static func reviewDesk(_ slug: String) -> String { reviewDeskAddress(slug) }

    /// The desk of a month, showing the invoices in one state.
    public static func reviewDesk(_ slug: String, month: Month, state: InvoiceState) -> String {
        reviewDesk(slug) + "?month=" + month.iso + "&state=" + state.rawValue
    }

    /// Who has not sent an invoice for a month.
    public static func reviewMissing(_ slug: String, month: Month) -> String {
        reviewMissingPage(slug) + "?month=" + month.iso
    }
}

extension MailKind: AddressValue {
    var pathValue: String { rawValue }
}

extension Paths {
    /// One-click unsubscribe (RFC 8058): needs no sign-in, the signature decides.
    static let unsubscribeAddress = Address2<UUID, MailKind>("mail", "stop", ":user", ":kind")

    public static func unsubscribe(_ slug: String, user: UUID, kind: MailKind, signature: String) -> String {
        unsubscribeAddress(slug, user, kind) + "?s=" + signature
    }
}
