import Foundation

extension RosterAPI {
    func listMyEarnings(_ input: Operations.ListMyEarnings.Input) async throws -> Operations.ListMyEarnings.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listMyEarnings)
            let window = try APIInput.window(limit: input.query.limit, offset: input.query.offset, t: api.t)
            let user = api.user.id, db = api.db
            let contracts = try await PeopleQueries.contracts(of: user, on: db)
            let rates = try await RateQueries.history(of: user, on: db).map(\.rate)
            let invoices = try await InvoiceQueries.summaries(of: user, timeZone: api.tenant.timeZone, on: db)
            let months = contracts.isEmpty ? [] : Earnings.months(ending: Month(api.today), count: nil, contracts: contracts)
            // Newest first, and only the window's months worked out.
            let shown = window.slice(Array(months.reversed()))
            let earnings = Earnings.withInvoices(shown.map { Earnings.expected(in: $0, contracts: contracts, rates: rates) },
                                                 invoices: invoices)
            return Components.Schemas.EarningsPage(
                items: earnings.map {
                    .init(month: $0.month.iso, amount: .init(amountMinor: $0.amountMinor, currency: $0.currency ?? api.tenant.currency),
                          paidDays: $0.paidDays, basis: $0.basis == .invoice ? .invoice : .capacity)
                },
                total: months.count, limit: window.limit, offset: window.offset)
        }
        return .ok(.init(body: .json(page)))
    }

    func listPersonRates(_ input: Operations.ListPersonRates.Input) async throws -> Operations.ListPersonRates.Output {
        let id = try APIInput.pathID(input.path.personId)
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listPersonRates)
            let window = try APIInput.window(limit: input.query.limit, offset: input.query.offset, t: api.t)
            guard try await PeopleQueries.person(id, on: api.db) != nil else { throw APIProblem.notFound }
            let history = try await RateQueries.history(of: id, on: api.db)
            return Components.Schemas.RatesPage(
                items: window.slice(history).map {
                    .init(id: $0.rate.id.lowercasedString, effectiveFrom: $0.rate.effectiveFrom.iso,
                          hourly: .init(amountMinor: $0.rate.amountMinor, currency: $0.rate.currency), correctedOn: $0.correctedAt)
                },
                total: history.count, limit: window.limit, offset: window.offset)
        }
        return .ok(.init(body: .json(page)))
    }
}
