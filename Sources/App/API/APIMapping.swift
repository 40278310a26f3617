import Foundation
import PDFInspection

/// Roster's domain values as the API's documents (the types generated from the OpenAPI document).
extension Components.Schemas.Money {
    init(_ amount: InvoiceAmount) { self.init(amountMinor: amount.minor, currency: amount.currency) }
}

extension Components.Schemas.Rate {
    init(_ rate: Rate) {
        self.init(id: rate.id.lowercasedString, effectiveFrom: rate.effectiveFrom.iso,
                  hourly: .init(amountMinor: rate.amountMinor, currency: rate.currency))
    }
}

extension Components.Schemas.InvoiceState {
    init(_ state: InvoiceState) {
        switch state {
        case .submitted: self = .submitted
        case .returned: self = .returned
        case .approved: self = .approved
        case .paid: self = .paid
        }
    }

    var domain: InvoiceState {
        switch self {
        case .submitted: .submitted
        case .returned: .returned
        case .approved: .approved
        case .paid: .paid
        }
    }
}

extension Components.Schemas.InvoiceAction {
    init(_ action: InvoiceAction) {
        switch action {
        case .approve: self = .approve
        case .returnToEmployee: self = ._return
        case .markPaid: self = .pay
        case .undoApproval: self = .undoApproval
        case .undoPayment: self = .undoPayment
        }
    }

    var domain: InvoiceAction {
        switch self {
        case .approve: .approve
        case ._return: .returnToEmployee
        case .pay: .markPaid
        case .undoApproval: .undoApproval
        case .undoPayment: .undoPayment
        }
    }
}

extension Components.Schemas.Role {
    init(_ role: Role) {
        switch role {
        case .employee: self = .employee
        case .teamLeader: self = .teamLeader
        case .admin: self = .admin
        }
    }
}

extension Components.Schemas.ContractKind {
    init(_ kind: ContractKind) {
        switch kind {
        case .ico: self = .ico
        case .hpp: self = .hpp
        case .dpp: self = .dpp
        case .dpc: self = .dpc
        }
    }
}

extension Components.Schemas.InvoiceSummary {
    init(_ invoice: InvoiceSummary) {
        self.init(id: invoice.id.lowercasedString, month: invoice.month.iso, state: .init(invoice.state),
                  total: invoice.amountMinor.flatMap { minor in invoice.currency.map { .init(amountMinor: minor, currency: $0) } },
                  uploadedOn: invoice.uploadedOn.iso, documentId: invoice.documentID.lowercasedString,
                  returnReason: invoice.returnReason)
    }
}

extension Components.Schemas.InvoiceFields {
    init(_ fields: InvoiceFields) {
        self.init(total: fields.total.map(Components.Schemas.Money.init), account: fields.account?.description,
                  iban: fields.iban?.description, variableSymbol: fields.variableSymbol, invoiceNumber: fields.invoiceNumber,
                  supplierId: fields.supplierID, dueDate: fields.dueDate)
    }
}

extension [Components.Schemas.InvoiceFieldName] {
    /// The corrected fields in the order of `InvoiceField.allCases`.
    init(_ fields: Set<InvoiceField>) {
        self = InvoiceField.allCases.filter(fields.contains).compactMap { Components.Schemas.InvoiceFieldName(rawValue: $0.rawValue) }
    }
}

extension Components.Schemas.Invoice {
    /// The invoice with the actions `viewer` may take on it now.
    init(_ invoice: InvoiceDetail, viewer: User) {
        let actions = Permissions.can(viewer, .reviewInvoices, .company)
            ? InvoiceAction.allowed(from: invoice.state).map(Components.Schemas.InvoiceAction.init) : []
        self.init(
            id: invoice.id.lowercasedString, personId: invoice.userID.lowercasedString, personName: invoice.personName,
            month: invoice.month.iso, state: .init(invoice.state), version: invoice.version,
            documentId: invoice.documentID.lowercasedString, pages: invoice.pages, fields: .init(invoice.fields),
            corrected: .init(invoice.corrected),
            corrections: invoice.corrections.compactMap { entry in
                Components.Schemas.InvoiceFieldName(rawValue: entry.field.rawValue).map {
                    .init(at: entry.at, actor: entry.actor, field: $0, old: entry.old, new: entry.new)
                }
            },
            documents: invoice.documents.map {
                .init(id: $0.id.lowercasedString, versionNo: $0.versionNo, filename: $0.filename, sizeBytes: $0.sizeBytes,
                      uploadedBy: $0.uploadedBy, uploadedAt: $0.uploadedAt, pages: $0.pages)
            },
            history: invoice.history.map {
                .init(at: $0.at, actor: $0.actor, fromState: $0.fromState.map(Components.Schemas.InvoiceState.init),
                      toState: .init($0.toState), reason: $0.reason, newFile: $0.newFile, statement: $0.statement,
                      bookedOn: $0.bookedOn)
            },
            actions: actions)
    }
}

extension Components.Schemas.Contract {
    init(_ contract: Contract) {
        let tenths = contract.capacityTenths
        self.init(id: contract.id.lowercasedString, kind: .init(contract.kind), validFrom: contract.validFrom.iso,
                  validTo: contract.validTo?.iso,
                  capacityHours: tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)",
                  vacationDays: ContractHistory.formatCapacity(contract.vacationTenths))
    }
}
