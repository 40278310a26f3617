import Vapor

/// Development only (registered in the development environment): the messages of the tenant's
/// outbox with their links, so sign-in works without any mail set-up.
struct DevMailboxRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("dev", "mailbox", use: mailbox)
    }

    struct MessageView: Encodable {
        let recipient: String
        let subject: String
        let body: String
        let at: String
        let state: String
        let link: String?
    }

    struct Page: Encodable {
        let layout: Layout
        let messages: [MessageView]
    }

    func mailbox(_ request: Request) async throws -> View {
        let tenant = try request.tenant
        let mails = try await OutboxQueries.recent(tenant: tenant.id, on: try request.db, logger: request.logger)
        let formatter = ISO8601DateFormatter()
        return try await request.view.render("dev-mailbox", Page(
            layout: Layout(request: request, title: request.translate("mailbox.title"), navigation: false),
            messages: mails.map { mail in
                MessageView(
                    recipient: mail.recipient, subject: mail.subject, body: mail.body,
                    at: formatter.string(from: mail.createdAt),
                    state: request.translate(mail.sentAt != nil ? "mailbox.sent" : mail.failedAt != nil ? "mailbox.failed" : "mailbox.queued"),
                    link: mail.body.firstMatch(of: /https?:\/\/\S+\/login\/[A-Za-z0-9_-]+/).map { String($0.output) })
            }))
    }
}
