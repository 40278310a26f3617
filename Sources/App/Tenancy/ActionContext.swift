import Foundation
import Vapor

/// What every use case takes besides its command: who acts, in which company, on the
/// transaction of that company (`TenantConnection`), on which day of the company's calendar, and
/// the application (its texts for mails, its thread pool for files). The web handler makes it from
/// the request (`Request.actionContext`), the API operation from its call (`APIContext.action`):
/// a use case knows neither HTTP nor which of the two called it.
struct ActionContext: Sendable {
    let actor: User
    let tenant: Tenant
    let db: TenantConnection
    let today: LocalDate
    let app: Application

    /// What the mails this action queues point to (`Notifier`).
    var site: MailSite { MailSite(publicURL: app.settings.publicURL, tenant: tenant, translations: app.translations) }

    /// 403 (`ActionRefusal.forbidden`) unless the actor may do `action` to `subject`.
    func require(_ action: Action, _ subject: Subject = .company) throws {
        guard Permissions.can(actor, action, subject) else { throw ActionRefusal.forbidden }
    }
}

/// A use case's refusal that both callers answer alike: the web with its status page, the API
/// with its problem document (both read it as an `AbortError`).
enum ActionRefusal: AbortError, Equatable {
    /// The actor may not do this at all (403).
    case forbidden
    /// What the action is about does not exist for the actor (404: another company's, or out of
    /// their reach, is not revealed).
    case notFound

    var status: HTTPResponseStatus { self == .forbidden ? .forbidden : .notFound }
    var reason: String { status.reasonPhrase }
}

extension Request {
    /// The use cases' context of this request: the signed-in person in the request's tenant
    /// transaction.
    var actionContext: ActionContext {
        get throws {
            ActionContext(actor: try user, tenant: try tenant, db: try db, today: try today, app: application)
        }
    }

    /// For a route with its own transactions (`RouteOption.ownTransactions`): `body` in a
    /// transaction of the request's tenant, opened now and committed when it returns. What the
    /// handler waits on between two of them holds no connection.
    func ownTransaction<Result: Sendable>(
        readOnly: Bool = false, _ body: (TenantConnection) async throws -> Result
    ) async throws -> Result {
        try await application.database.transaction(tenant: try tenant.id, readOnly: readOnly, body)
    }

    /// The use cases' context of the signed-in person in a transaction of its own (`ownTransaction`).
    func ownAction<Result: Sendable>(_ body: (ActionContext) async throws -> Result) async throws -> Result {
        let actor = try user, tenant = try tenant, today = try today
        return try await ownTransaction { db in
            try await body(ActionContext(actor: actor, tenant: tenant, db: db, today: today, app: application))
        }
    }
}
