import Foundation

/// Exporting a month's approved invoices for payment, the use case of the desk and the API: the
/// selection is read as it is now, the payment order keeps the payable ones and needs the
/// company's paying account, and each invoice is claimed once (`ReviewMutations.claimForExport`)
/// unless `again`. Setting the account the company pays from is its other use case.
extension DeskRow {
    /// The row as a payment order sees it.
    var payable: PayableInvoice {
        PayableInvoice(id: id, name: name, month: month, fields: fields, registeredIBAN: registeredIBAN)
    }
}

enum PaymentExporting {
    enum Format: String, Sendable { case csv, pain001 }

    /// A file to download.
    struct File: Sendable, Equatable {
        let body: String
        /// The media type with its charset.
        let contentType: String
        let filename: String
    }

    enum Refusal: Error, Equatable {
        /// No approved invoice of the month was selected.
        case nothingSelected
        /// The payment order needs Payment settings.
        case noDebtor
        /// None of the selection can be paid by a payment order (no account or no amount).
        case nothingPayable
        /// Everything selected was exported before.
        case nothing

        var messageKey: String {
            switch self {
            case .nothingSelected: "flash.export.nothingSelected"
            case .noDebtor: "flash.export.noDebtor"
            case .nothingPayable: "flash.export.nothingPayable"
            case .nothing: "flash.export.nothing"
            }
        }
    }

    /// What to export: the picked invoices of a month, in a format, and whether those exported
    /// before go again.
    struct Order: Sendable {
        let selected: [UUID]
        let month: Month
        let format: Format
        let again: Bool
    }

    /// The file of `order`, its invoices claimed as exported in the caller's transaction, or why
    /// there is none. 403 for anyone but an active admin.
    static func export(_ order: Order, _ c: ActionContext) async throws -> Result<File, Refusal> {
        try c.require(.reviewInvoices)
        let (selected, month, format, again) = (order.selected, order.month, order.format, order.again)
        let db = c.db, now = c.app.settings.clock.now, today = c.today
        guard !selected.isEmpty else { return .failure(.nothingSelected) }
        let rows = try await ReviewQueries.desk(month: month, state: .approved, only: selected, on: db)
        // An invoice naming another account than the registered one is in no file (the desk flags it).
        var invoices = rows.map(\.payable).filter { !$0.contradictsRegistered }
        var debtor: Debtor?
        if format == .pain001 {
            debtor = try await PaymentSettingsQueries.debtor(on: db)
            guard debtor != nil else { return .failure(.noDebtor) }
            invoices = invoices.filter(\.payable)
        }
        // Claimed only at the version read: an invoice corrected since is left for the next export.
        let versions = Dictionary(rows.map { ($0.id, $0.version) }, uniquingKeysWith: { first, _ in first })
        let claimed = try await ReviewMutations.claimForExport(
            invoices.map(\.id), versions: invoices.map { versions[$0.id] ?? -1 }, again: again, on: db)
        invoices = invoices.filter { claimed.contains($0.id) }
        guard !invoices.isEmpty else {
            let nonePayable = !rows.isEmpty && rows.allSatisfy {
                $0.payable.contradictsRegistered || format == .pain001 && !$0.payable.payable
            }
            return .failure(nonePayable ? .nothingPayable : .nothing)
        }
        if let debtor {
            return .success(File(
                body: PaymentExport.pain001(invoices, debtor: debtor, messageID: "ROSTER-\(month.iso)-\(Int(now.timeIntervalSince1970))",
                                            created: now, executionDate: today),
                contentType: "application/xml; charset=utf-8", filename: "payment-order-\(month.iso).xml"))
        }
        return .success(File(body: PaymentExport.csv(invoices), contentType: "text/csv; charset=utf-8",
                             filename: "invoices-\(month.iso).csv"))
    }

    /// Sets the account the company pays from, which a payment order needs. 403 for anyone but
    /// an active admin.
    static func setPayingAccount(_ debtor: Debtor, _ c: ActionContext) async throws {
        try c.require(.reviewInvoices)
        try await PaymentSettingsQueries.save(debtor, on: c.db)
    }
}
