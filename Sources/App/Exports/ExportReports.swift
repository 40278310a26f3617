import Foundation
import Vapor

/// The reports that can be downloaded, each with the filters of its page (docs/ARCHITECTURE.md,
/// Exports). The web's download links and the API's `exportReport` read the same filters and
/// build the same table, one statement each.
public enum ExportReport: String, Sendable, CaseIterable {
    case people
    case invoices
    case rateIncreases = "rate-increases"
    case averageIncrease = "average-increase"

    /// Who may download it: who may see the page.
    var permission: Action {
        switch self {
        case .people: .manageEmployees
        case .invoices: .reviewInvoices
        case .rateIncreases, .averageIncrease: .manageRates
        }
    }
}

public enum ExportFormat: String, Sendable, CaseIterable {
    case csv, xlsx

    var contentType: String {
        switch self {
        case .csv: "text/csv; charset=utf-8"
        case .xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        }
    }
}

/// The filters of a page as its query string gives them; anything unrecognised is ignored, as
/// on the pages themselves.
public struct ExportFilters: Sendable, Equatable {
    public var month: String?
    public var state: String?
    public var team: String?
    public var q: String?
    public var kind: String?
    public var status: String?

    public init(month: String? = nil, state: String? = nil, team: String? = nil, q: String? = nil, kind: String? = nil,
                status: String? = nil) {
        self.month = month
        self.state = state
        self.team = team
        self.q = q
        self.kind = kind
        self.status = status
    }
}

enum ExportReports {
    /// The report's table for the filters, as `viewer` (who was checked for `report.permission`) reads it.
    static func table(
        _ report: ExportReport, filters: ExportFilters, tenant: Tenant, viewer: UUID, now: Date, t: Translator,
        on db: TenantConnection
    ) async throws -> ExportTable {
        let today = LocalDate.today(in: tenant.timeZone, now: now)
        let month = filters.month.flatMap { Month(filter: $0.trimmingWhitespace()) }
        let team = filters.team.flatMap(UUID.init(uuidString:))
        switch report {
        case .people:
            let filter = PeopleRoutes.filter(from: .init(q: filters.q, team: filters.team, kind: filters.kind, status: filters.status),
                                             ledByViewer: false)
            let read = DirectoryRead(filter: filter, limit: ExportTable.maxRows, offset: 0, counting: false, now: now)
            let people = try await db.read(read, viewer: viewer).map(\.rows) ?? []
            return ExportTable(
                name: t("export.sheet.people"),
                columns: ["lastName", "firstName", "title", "email", "phone", "position", "team", "contract", "active"]
                    .map { t("export.column.\($0)") },
                rows: people.map { p in
                    [.text(p.lastName), .text(p.firstName), .text(p.title), .text(p.email), .text(p.phone ?? ""), .text(p.position),
                     .text(p.teamName ?? ""), .text(p.contractKind.map { t("contract.\($0.rawValue)") } ?? ""),
                     .text(t(p.active ? "supplier.vatPayer.yes" : "supplier.vatPayer.no"))]
                })
        case .invoices:
            let filter = InvoiceFilter(month: month ?? Month(today), state: filters.state.flatMap(InvoiceState.init(rawValue:)),
                                       teamID: team, search: String((filters.q ?? "").prefix(100)))
            let rows = try await db.read(OverviewRead(filter, limit: ExportTable.maxRows, offset: 0, now: now), viewer: viewer)?.rows ?? []
            return ExportTable(
                name: t("export.sheet.invoices", filter.month.iso),
                columns: ["person", "team", "month", "state", "amount", "currency", "uploaded"].map { t("export.column.\($0)") },
                rows: rows.map { r in
                    [.text(r.name), .text(r.team ?? ""), .text(filter.month.iso), .text(t("invoice.state.\(r.state.rawValue)")),
                     r.amount.map { .amount($0.minor) } ?? .empty, .text(r.amount?.currency ?? ""), .date(r.uploadedOn.iso)]
                })
        case .rateIncreases:
            let filter = RateIncreaseFilter(teamID: team, month: month)
            let read = RateIncreasesRead(filter: filter, limit: ExportTable.maxRows, offset: 0, counting: false, now: now)
            let rows = try await db.read(read, viewer: viewer)?.rows ?? []
            return ExportTable(
                name: t("export.sheet.rateIncreases"),
                columns: ["lastName", "firstName", "team", "from", "rate", "previous", "increase", "percent", "currency"]
                    .map { t("export.column.\($0)") },
                rows: rows.map { r in
                    [.text(r.lastName), .text(r.firstName), .text(r.teamName ?? ""), .date(r.current.effectiveFrom.iso),
                     .amount(r.current.amountMinor), r.previousMinor.map { .amount($0) } ?? .empty,
                     r.increaseMinor.map { .amount($0) } ?? .empty, r.increaseBasisPoints.map { .percentHundredths($0) } ?? .empty,
                     .text(r.current.currency)]
                })
        case .averageIncrease:
            let last = month ?? Month(today)
            let summaries = try await RateReportQueries.monthlySummaries(
                from: last.adding(months: -(AverageIncreasePage.comparedMonths - 1)), to: last, currency: tenant.currency, on: db)
            return ExportTable(
                name: t("export.sheet.averageIncrease"),
                columns: ["month", "people", "meanIncrease", "percent", "currency"].map { t("export.column.\($0)") },
                rows: summaries.map { s in
                    [.text(s.month.iso), .integer(s.employees), s.meanIncreaseMinor.map { .amount($0) } ?? .empty,
                     s.increaseBasisPoints.map { .percentHundredths($0) } ?? .empty, .text(tenant.currency)]
                })
        }
    }

    /// The file of a table, written on the application's thread pool (libxlsxwriter writes to
    /// disk), after the transaction that read the table.
    static func file(
        _ table: ExportTable, report: ExportReport, filters: ExportFilters, format: ExportFormat, today: LocalDate,
        on app: Application
    ) async throws -> (bytes: Data, filename: String) {
        try await app.threadPool.runIfActive {
            try file(table, report: report, filters: filters, format: format, today: today)
        }
    }

    /// The file of a table: its bytes and name ("invoices-2026-10.xlsx").
    static func file(_ table: ExportTable, report: ExportReport, filters: ExportFilters, format: ExportFormat,
                     today: LocalDate) throws -> (bytes: Data, filename: String) {
        let month = filters.month.flatMap { Month(filter: $0.trimmingWhitespace()) }
        let stem = report.rawValue + "-" + (month?.iso ?? today.iso)
        switch format {
        case .csv: return (Data(ExportCSV.write(table).utf8), stem + ".csv")
        case .xlsx: return (try XLSXFile.write([table]), stem + ".xlsx")
        }
    }
}
