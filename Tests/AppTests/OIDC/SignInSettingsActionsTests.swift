import Foundation
import PostgresNIO
import Testing
@testable import App

/// The use cases of the company's OpenID Connect provider, without HTTP and without asking the
/// issuer: only an admin saves or removes it, the secret is sealed and kept when none is typed,
/// and nothing is saved without a key to seal with (`SignInSettingsActions`).
@Suite struct SignInSettingsActionsTests {
    static func provider(secret: String?) -> SignInSettingsActions.Provider {
        SignInSettingsActions.Provider(issuer: "https://idp.acme.example", clientID: "roster-acme", secret: secret, displayName: "Acme ID")
    }

    static func stored(_ world: TestWorld, _ user: User) async throws -> IdentityProvider? {
        try await world.db.transaction(tenant: user.tenantID, readOnly: true) { db in try await IdentityProviderQueries.provider(on: db) }
    }

    @Test func onlyAnAdminConnectsAndRemovesTheProvider() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let seeded = try await Self.stored(world, world.admin)
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await SignInSettingsActions.save(Self.provider(secret: "s3cret"), $0) }
                }
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await SignInSettingsActions.remove($0) }
                }
            }
            #expect(try await Self.stored(world, world.admin) == seeded, "a refusal changes nothing")
            // Removed, a provider without a secret cannot be saved; with one, it is sealed.
            try await world.act(as: world.admin) { try await SignInSettingsActions.remove($0) }
            #expect(try await Self.stored(world, world.admin) == nil)
            #expect(try await Self.stored(world, world.otherAdmin) != nil, "another company's stays")
            let noSecret = try await world.act(as: world.admin) { try await SignInSettingsActions.save(Self.provider(secret: nil), $0) }
            #expect(noSecret == .secretMissing)
            #expect(try await world.act(as: world.admin) { try await SignInSettingsActions.save(Self.provider(secret: "s3cret"), $0) } == nil)
            let saved = try #require(try await Self.stored(world, world.admin))
            let box = try #require(world.app.settings.secretBox)
            #expect(saved.issuer == "https://idp.acme.example" && saved.clientID == "roster-acme" && saved.displayName == "Acme ID")
            #expect(try box.open(saved.secretSealed) == "s3cret")
            // No secret typed keeps the one stored.
            #expect(try await world.act(as: world.admin) { try await SignInSettingsActions.save(Self.provider(secret: nil), $0) } == nil)
            #expect(try await Self.stored(world, world.admin)?.secretSealed == saved.secretSealed)
        }
    }

    @Test func withoutAKeyNothingIsSaved() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let seeded = try await Self.stored(world, world.admin)
            // The world is seeded with a key; this server runs without one.
            world.app.settings.secretBox = nil
            let refused = try await world.act(as: world.admin) { try await SignInSettingsActions.save(Self.provider(secret: "s3cret"), $0) }
            #expect(refused == .keyMissing)
            #expect(try await Self.stored(world, world.admin) == seeded)
        }
    }
}
