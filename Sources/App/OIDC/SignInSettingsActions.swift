import Foundation

/// The use cases of an admin connecting the company's OpenID Connect provider, or removing it.
/// The form is read by `IdentityProviderRoutes.validate`; whether the issuer answers is asked by
/// the web handler before (an outgoing request, `OIDCDirectory`). The client secret is sealed here
/// (`SecretBox`) and never shown again.
enum SignInSettingsActions {
    /// The provider as read.
    struct Provider: Sendable, Equatable {
        let issuer: String
        let clientID: String
        /// The new client secret; nil keeps the one stored.
        let secret: String?
        let displayName: String
    }

    enum Refusal: Sendable, Equatable {
        /// The server has no key to seal a secret with (`AppSettings.secretBox`).
        case keyMissing
        /// No new secret, and none stored.
        case secretMissing
    }

    /// Saves the company's provider; nil when it was saved, else why not. 403 for anyone but an admin.
    static func save(_ provider: Provider, _ c: ActionContext) async throws -> Refusal? {
        try c.require(.manageCompany)
        guard let box = c.app.settings.secretBox else { return .keyMissing }
        let sealed: Data
        if let secret = provider.secret {
            sealed = try box.seal(secret)
        } else if let stored = try await IdentityProviderQueries.provider(on: c.db) {
            sealed = stored.secretSealed
        } else {
            return .secretMissing
        }
        try await IdentityProviderQueries.save(
            IdentityProvider(issuer: provider.issuer, clientID: provider.clientID, secretSealed: sealed, displayName: provider.displayName),
            on: c.db)
        return nil
    }

    /// Removes the company's provider: sign-in by link only. 403 for anyone but an admin.
    static func remove(_ c: ActionContext) async throws {
        try c.require(.manageCompany)
        try await IdentityProviderQueries.delete(on: c.db)
    }
}
