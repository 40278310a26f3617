import Vapor

/// "Invoices" for admins: every invoice of a month, filtered and paged, with totals per state;
/// and "Missing": who should have submitted for the month and has not.
struct ReviewOverviewRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.reviewSection, use: { request async throws -> Response in
            try request.require(.reviewInvoices)
            return request.redirect(to: Paths.reviewOverview(try request.tenant.slug))
        })
        routes.get(Paths.reviewOverview, use: overview)
        routes.get(Paths.reviewMissingPage, use: missing)
    }

    struct Row: Encodable {
        let name: String
        let team: String?
        let state: String
        let stateCode: String
        let amount: String?
        let uploadedOn: String
        let href: String
        let documentURL: String
    }

    struct Total: Encodable {
        let label: String
        let stateCode: String
        let count: Int
        let sums: String
        let href: String
        let current: Bool
    }

    struct Page: Encodable {
        let layout: Layout
        let heading: String
        let tabs: [ReviewTabs.Tab]
        let action: String
        let month: String
        let search: String
        let teams: [SelectOption]
        let states: [SelectOption]
        let totals: [Total]
        let rows: [Row]
        let empty: String?
        let previousURL: String?
        let nextURL: String?
    }

    func overview(_ request: Request) async throws -> View {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant, db = try request.db
        let month = try request.queryMonth
        let filter = InvoiceFilter(
            month: month,
            state: (try? request.query.get(String.self, at: "state")).flatMap(InvoiceState.init(rawValue:)),
            teamID: (try? request.query.get(String.self, at: "team")).flatMap(UUID.init(uuidString:)),
            search: String(((try? request.query.get(String.self, at: "q")) ?? "").prefix(100)))
        let page = try await OverviewQueries.page(
            filter, page: PageRequest(number: try? request.query.get(Int.self, at: "page"), size: OverviewQueries.pageSize),
            timeZone: tenant.timeZone, on: db)
        let totals = try await OverviewQueries.totals(filter, on: db)
        let teams = try await TeamQueries.names(on: db)
        let slug = tenant.slug, language = request.language
        func link(state: InvoiceState?, page: Int = 1) -> String {
            var query = ["month=" + month.iso]
            if let state { query.append("state=" + state.rawValue) }
            if let team = filter.teamID { query.append("team=" + team.uuidString.lowercased()) }
            if !filter.search.isEmpty { query.append("q=" + filter.search.urlQueryEncoded) }
            if page > 1 { query.append("page=\(page)") }
            return Paths.reviewOverview(slug) + "?" + query.joined(separator: "&")
        }
        let links = page.links { link(state: filter.state, page: $0) }
        return try await request.view.render("review-overview", Page(
            layout: Layout(request: request, title: request.translate("review.title")),
            heading: request.translate("review.heading", request.monthLabel(month)),
            tabs: ReviewTabs.tabs(slug: slug, month: month, current: .overview, t: request.translator),
            action: Paths.reviewOverview(slug),
            month: month.iso,
            search: filter.search,
            teams: teams.map { SelectOption(value: $0.id.uuidString.lowercased(), label: $0.name, selected: $0.id == filter.teamID) },
            states: InvoiceState.allCases.map {
                SelectOption(value: $0.rawValue, label: request.translate("invoice.state.\($0.rawValue)"), selected: $0 == filter.state)
            },
            totals: totals.map { total in
                Total(label: request.translate("invoice.state.\(total.state.rawValue)"), stateCode: total.state.rawValue,
                      count: total.count,
                      sums: total.sums.map { Money.format(minor: $0.minor, currency: $0.currency, language: language) }
                          .joined(separator: " + "),
                      href: link(state: total.state), current: total.state == filter.state)
            },
            rows: page.rows.map { row in
                Row(name: row.name, team: row.team, state: request.translate("invoice.state.\(row.state.rawValue)"),
                    stateCode: row.state.rawValue,
                    amount: row.amount.map { Money.format(minor: $0.minor, currency: $0.currency, language: language) },
                    uploadedOn: row.uploadedOn.iso, href: Paths.invoice(slug, row.id),
                    documentURL: Paths.invoiceDocument(slug, row.id, row.documentID))
            },
            empty: page.rows.isEmpty ? request.translate("review.overview.empty", request.monthLabel(month)) : nil,
            previousURL: links.previousURL,
            nextURL: links.nextURL))
    }

    struct MissingLine: Encodable {
        let name: String
        let team: String?
        let email: String
        let last: String
        let href: String
    }

    struct MissingPage: Encodable {
        let layout: Layout
        let heading: String
        let tabs: [ReviewTabs.Tab]
        let action: String
        let month: String
        let rows: [MissingLine]
        let empty: String?
    }

    func missing(_ request: Request) async throws -> View {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant, db = try request.db
        let month = try request.queryMonth
        let rows = try await OverviewQueries.missing(month: month, timeZone: tenant.timeZone, on: db)
        return try await request.view.render("review-missing", MissingPage(
            layout: Layout(request: request, title: request.translate("review.tab.missing")),
            heading: request.translate("review.missing.heading", request.monthLabel(month)),
            tabs: ReviewTabs.tabs(slug: tenant.slug, month: month, current: .missing, t: request.translator),
            action: Paths.reviewMissingPage(tenant.slug),
            month: month.iso,
            rows: rows.map { row in
                MissingLine(name: row.name, team: row.team, email: row.email,
                            last: row.lastMonth.map { month in
                                request.translate("review.missing.last", request.monthLabel(month), row.lastUploadedOn?.iso ?? "")
                            } ?? request.translate("review.missing.never"),
                            href: Paths.person(tenant.slug, row.userID))
            },
            empty: rows.isEmpty ? request.translate("review.missing.empty", request.monthLabel(month)) : nil))
    }
}
