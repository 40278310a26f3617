import Foundation

/// One invoice as the month list shows it.
public struct InvoiceSummary: Sendable, Equatable {
    public let id: UUID
    public let month: Month
    public let state: InvoiceState
    public let amountMinor: Int64?
    public let currency: String?
    /// The day the current file was uploaded, in the tenant's time zone.
    public let uploadedOn: LocalDate
    public let documentID: UUID
    /// Why it was returned, while it is.
    public let returnReason: String?
}

/// A month of a person's invoice list: an invoice, a missing one, an employee's work statement
/// in place of an invoice, or none needed.
public enum MonthStatus: Sendable, Equatable {
    case invoice(InvoiceSummary)
    case missing
    case statement(WorkStatementSummary)
    case notRequired
}

public struct MonthRow: Sendable, Equatable {
    public let month: Month
    public let status: MonthStatus
}

/// "My invoices", as pure functions of contracts, invoices and today.
public enum InvoiceMonths {
    /// Every month from the one the first contract started in to the current one, newest first.
    public static func rows(contracts: [Contract], invoices: [InvoiceSummary], statements: [WorkStatementSummary] = [],
                            today: LocalDate) -> [MonthRow] {
        let months = months(contracts: contracts, firstInvoice: invoices.map(\.month).min(), today: today)
        return rows(of: months, contracts: contracts, invoices: invoices, statements: statements)
    }

    /// The months of the list, newest first: from the one the first contract started in (or the
    /// first invoice's, when earlier) to the current one.
    public static func months(contracts: [Contract], firstInvoice: Month?, today: LocalDate) -> [Month] {
        let current = Month(today)
        let firstContract = contracts.map { Month($0.validFrom) }.min()
        guard let start = [firstContract, firstInvoice].compactMap({ $0 }).min(), start <= current else { return [] }
        var months: [Month] = []
        var month = current
        while month >= start {
            months.append(month)
            month = month.adding(months: -1)
        }
        return months
    }

    /// The rows of `months`, from the invoices and statements of those months (others are ignored).
    public static func rows(of months: [Month], contracts: [Contract], invoices: [InvoiceSummary],
                            statements: [WorkStatementSummary]) -> [MonthRow] {
        let byMonth = Dictionary(invoices.map { ($0.month, $0) }, uniquingKeysWith: { first, _ in first })
        let statementOf = Dictionary(statements.map { ($0.month, $0) }, uniquingKeysWith: { first, _ in first })
        return months.map { month in
            let status: MonthStatus
            if let invoice = byMonth[month] {
                status = .invoice(invoice)
            } else if ContractHistory.isContractor(contracts, in: month) {
                status = .missing
            } else {
                status = statementOf[month].map(MonthStatus.statement) ?? .notRequired
            }
            return MonthRow(month: month, status: status)
        }
    }

    /// Whether some month of the list takes a file now (`uploadable` is not empty), from the months
    /// of all the person's invoices and whether one of the list's months has an invoice that
    /// accepts a file: a contractor month without an invoice, or such an invoice.
    public static func canUpload(contracts: [Contract], invoiceMonths: Set<Month>, firstInvoice: Month?,
                                 anyAcceptsUpload: Bool, today: LocalDate) -> Bool {
        anyAcceptsUpload || months(contracts: contracts, firstInvoice: firstInvoice, today: today).contains {
            !invoiceMonths.contains($0) && ContractHistory.isContractor(contracts, in: $0)
        }
    }

    /// The months an upload form offers: contractor months up to now whose invoice is missing or
    /// still accepts a file, newest first.
    public static func uploadable(contracts: [Contract], invoices: [InvoiceSummary], today: LocalDate) -> [Month] {
        rows(contracts: contracts, invoices: invoices, today: today).compactMap { row in
            switch row.status {
            case .missing: return row.month
            case .invoice(let invoice): return invoice.state.acceptsUpload ? row.month : nil
            case .statement, .notRequired: return nil
            }
        }
    }

    /// The month the form starts on: the current one when it still needs its invoice, else the
    /// latest missing one, else the newest that accepts a file.
    public static func defaultUploadMonth(contracts: [Contract], invoices: [InvoiceSummary], today: LocalDate) -> Month? {
        let rows = rows(contracts: contracts, invoices: invoices, today: today)
        let missing = rows.filter { $0.status == .missing }.map(\.month)
        if let current = rows.first, current.status == .missing { return current.month }
        return missing.first ?? uploadable(contracts: contracts, invoices: invoices, today: today).first
    }
}
