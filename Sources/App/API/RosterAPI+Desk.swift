import Foundation
import OpenAPIRuntime

extension RosterAPI {
    func listMissingInvoices(_ input: Operations.ListMissingInvoices.Input) async throws -> Operations.ListMissingInvoices.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listMissingInvoices)
            let t = api.t
            let window = try APIInput.window(limit: input.query.limit, offset: input.query.offset, t: t)
            let month = try APIInput.month(input.query.month, field: "month", t: t) ?? Month(api.today)
            let rows = try await OverviewQueries.missing(month: month, timeZone: api.tenant.timeZone, on: api.db)
            return Components.Schemas.MissingPage(
                month: month.iso,
                items: window.slice(rows).map {
                    .init(personId: $0.userID.lowercasedString, personName: $0.name, team: $0.team, email: $0.email,
                          lastMonth: $0.lastMonth?.iso, lastUploadedOn: $0.lastUploadedOn?.iso)
                },
                total: rows.count, limit: window.limit, offset: window.offset)
        }
        return .ok(.init(body: .json(page)))
    }

    func getReviewDesk(_ input: Operations.GetReviewDesk.Input) async throws -> Operations.GetReviewDesk.Output {
        let desk = try await APIContext.run(readOnly: true) { api in
            try api.require(.getReviewDesk)
            let month = try APIInput.month(input.query.month, field: "month", t: api.t) ?? Month(api.today)
            let state: InvoiceState = input.query.state == .approved ? .approved : .submitted
            let reading = try await DeskReading.read(month: month, state: state, on: api.db,
                                                     alongside: api.request.application.database)
            return Components.Schemas.Desk(month: month.iso, state: .init(state), items: reading.rows.map { row in
                let line = reading.line(row, viewer: api.user.id)
                let expected = line.expected
                return .init(
                    id: row.id.lowercasedString, version: row.version, personId: row.userID.lowercasedString, personName: row.name,
                    state: .init(row.state), documentId: row.documentID.lowercasedString, fields: .init(row.fields),
                    expected: expected.paidDays > 0
                        ? .init(amountMinor: expected.amountMinor, currency: expected.currency ?? api.tenant.currency) : nil,
                    expectedBasis: line.expected.basis == .hours ? .hours : .capacity,
                    difference: line.difference, flags: line.flags.compactMap { Components.Schemas.ReviewFlag(rawValue: $0.rawValue) },
                    corrected: .init(row.corrected), exported: row.exported)
            })
        }
        return .ok(.init(body: .json(desk)))
    }

    func exportPayments(_ input: Operations.ExportPayments.Input) async throws -> Operations.ExportPayments.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let file = try await APIContext.run(readOnly: false) { api in
            try api.require(.exportPayments)
            let t = api.t
            guard let month = try APIInput.month(body.month, field: "month", t: t) else { throw APIProblem.notFound }
            guard (1...Self.maxBulkInvoices).contains(body.invoices.count) else {
                throw APIProblem.invalid([.init(field: "invoices", message: t("api.field.invoices", String(Self.maxBulkInvoices)))])
            }
            var selected: [UUID] = []
            for (index, text) in body.invoices.enumerated() {
                guard let id = UUID(uuidString: text) else {
                    throw APIProblem.invalid([.init(field: "invoices[\(index)]", message: t("api.field.id"))])
                }
                selected.append(id)
            }
            let order = PaymentExporting.Order(selected: selected, month: month, format: body.format == .pain_001 ? .pain001 : .csv,
                                               again: body.again ?? false)
            let result = try await PaymentExporting.export(order, api.action)
            switch result {
            case .success(let file): return file
            case .failure(let refusal):
                throw APIProblem(refusal == .noDebtor ? .conflict : .unprocessableEntity, "export-\(refusal.kind)",
                                 detailKey: refusal.messageKey)
            }
        }
        let disposition = APIDownload.disposition(file.filename)
        let bytes = HTTPBody(file.body)
        return .ok(.init(headers: .init(contentDisposition: disposition),
                         body: file.contentType.hasPrefix("text/csv") ? .csv(bytes) : .xml(bytes)))
    }
}

extension PaymentExporting.Refusal {
    /// The last part of the problem's type.
    var kind: String {
        switch self {
        case .nothingSelected: "nothing-selected"
        case .noDebtor: "no-paying-account"
        case .nothingPayable: "nothing-payable"
        case .nothing: "nothing-to-export"
        }
    }
}
