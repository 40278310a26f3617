import NIOCore
import Vapor

/// Development only, and only when asked for (`ROSTER_DEV_MAILBOX=1` in the development
/// environment): the messages of the tenant's outbox with their links, so mail can be read
/// without a mail set-up. The page holds sign-in links, so it shows them only to the tenant's
/// admins, and only over a loopback connection; anyone else gets 404.
struct DevMailboxRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.devMailbox, use: mailbox)
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
        guard request.remoteAddress.map(Self.isLoopback) == true else { throw Abort(.notFound) }
        guard (try? request.require(.manageCompany, .company)) != nil else { throw Abort(.notFound) }
        let mails = try await OutboxQueries.recent(on: try request.db)
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

extension DevMailboxRoutes {
    /// 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104: the peer of the connection itself (never a
    /// forwarded-for header, which any client can write).
    static func isLoopback(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let v4):
            return (UInt32(bigEndian: v4.address.sin_addr.s_addr) >> 24) == 127
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
            return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
        case .unixDomainSocket:
            return true
        }
    }
}
