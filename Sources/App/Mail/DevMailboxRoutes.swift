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

    func mailbox(_ request: Request) async throws -> DevMailboxPage {
        guard request.remoteAddress.map(Self.isLoopback) == true else { throw Abort(.notFound) }
        guard (try? request.require(.manageCompany, .company)) != nil else { throw Abort(.notFound) }
        let mails = try await OutboxQueries.recent(on: try request.db)
        return DevMailboxPage(
            layout: Layout(request: request, title: request.translate("mailbox.title"), navigation: false), mails: mails,
            t: request.translator)
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
