import Foundation
import NIOCore
import JWTKit
import Vapor

/// What Roster learns from a provider: its discovery document (cached for an hour) and its
/// signing keys (cached, fetched again when a token names a key id not seen yet). Every request
/// goes only to an address `ProviderAddressGuard` admits, checked right before it is made.
///
/// Calls to providers are few and short, and no company can use them up for the others: one
/// discovery per issuer at a time (concurrent callers share it), at most `maxCallsPerCompany`
/// calls of one company and `maxCalls` in all (`ROSTER_PROVIDER_CALLS`) under way, each given
/// `timeout`; a call past either
/// bound is refused at once (`OIDCProblem.busy`), not queued. Callers hold no database
/// connection while they wait (docs/ARCHITECTURE.md, "Sign-in and sessions").
public actor OIDCDirectory {
    public struct Discovery: Codable, Sendable, Equatable {
        public let issuer: String
        public let authorization_endpoint: String
        public let token_endpoint: String
        public let jwks_uri: String
    }

    let client: any Client
    var discoveries: [String: (Discovery, Date)] = [:]
    /// Discoveries being fetched: concurrent sign-ins wait for the one request under way.
    var fetching: [String: Task<Discovery, any Error>] = [:]
    /// When a provider's discovery last failed: for `failureMemory` it fails again at once, so
    /// visitors pressing "Sign in with …" cannot make Roster wait on an unreachable provider
    /// again and again (each wait would hold a request, and its connection, for the timeout).
    var failedAt: [String: Date] = [:]
    static let failureMemory: TimeInterval = 15
    var keys: [String: JWTKeyCollection] = [:]
    /// The clock the ID token's times are compared with; tests move it.
    public private(set) var now: @Sendable () -> Date = { Date() }
    static let timeout: TimeAmount = .seconds(5)
    /// Calls to providers under way, in all and per company.
    public static let defaultMaxCalls = 16
    static let maxCallsPerCompany = 2
    let maxCalls: Int
    private var calls = 0
    private var callsByCompany: [UUID: Int] = [:]

    var addressGuard: ProviderAddressGuard

    /// - Parameter allowPrivateAddresses: `AppSettings.allowPrivateIdentityProviders`.
    /// - Parameter maxCalls: `AppSettings.providerCalls`.
    public init(client: any Client, allowPrivateAddresses: Bool = false, maxCalls: Int = defaultMaxCalls) {
        self.client = client
        self.maxCalls = max(1, maxCalls)
        self.addressGuard = ProviderAddressGuard(allowPrivate: allowPrivateAddresses)
    }

    public func setClock(_ clock: @escaping @Sendable () -> Date) { now = clock }

    public func setAllowPrivateAddresses(_ allow: Bool) {
        addressGuard = ProviderAddressGuard(allowPrivate: allow)
    }

    /// Counts a call of `company` to a provider, or refuses it when the company or everyone has
    /// as many under way as allowed; `endCall` counts it done.
    private func beginCall(for company: UUID) throws {
        let own = callsByCompany[company, default: 0]
        guard calls < maxCalls, own < Self.maxCallsPerCompany else { throw OIDCProblem.busy }
        calls += 1
        callsByCompany[company] = own + 1
    }

    private func endCall(for company: UUID) {
        calls -= 1
        let own = callsByCompany[company, default: 1] - 1
        callsByCompany[company] = own > 0 ? own : nil
    }

    /// `call` as one of `company`'s calls to a provider (`beginCall`).
    private func counted<T: Sendable>(for company: UUID, _ call: @Sendable () async throws -> T) async throws -> T {
        try beginCall(for: company)
        defer { endCall(for: company) }
        return try await call()
    }

    /// The provider's endpoints, for `company`; its `issuer` must be exactly the configured one.
    /// `fresh` (an admin saving the settings) asks the provider again even right after a failure.
    public func discovery(issuer: String, for company: UUID, fresh: Bool = false) async throws -> Discovery {
        if let (cached, at) = discoveries[issuer], at.timeIntervalSinceNow > -3_600 { return cached }
        if !fresh, let failed = failedAt[issuer], failed.timeIntervalSinceNow > -Self.failureMemory {
            throw OIDCProblem.providerDown
        }
        if let task = fetching[issuer] { return try await task.value }
        try beginCall(for: company)
        let task = Task { try await self.fetchDiscovery(issuer: issuer) }
        fetching[issuer] = task
        defer {
            fetching[issuer] = nil
            endCall(for: company)
        }
        do {
            let discovery = try await task.value
            discoveries[issuer] = (discovery, Date())
            failedAt[issuer] = nil
            return discovery
        } catch {
            failedAt[issuer] = Date()
            throw error
        }
    }

    private func fetchDiscovery(issuer: String) async throws -> Discovery {
        let url = issuer.hasSuffix("/") ? issuer + ".well-known/openid-configuration" : issuer + "/.well-known/openid-configuration"
        let response: ClientResponse
        do {
            try await addressGuard.check(url)
            response = try await client.get(URI(string: url)) { $0.timeout = Self.timeout }
        } catch {
            throw OIDCProblem.providerDown
        }
        guard response.status == .ok, let discovery = try? response.content.decode(Discovery.self) else {
            throw OIDCProblem.providerDown
        }
        guard discovery.issuer == issuer else { throw OIDCProblem.issuer }
        // The endpoints follow the issuer's rule (fetched ones are checked again when fetched).
        let allowPrivate = addressGuard.allowPrivate
        guard [discovery.authorization_endpoint, discovery.token_endpoint, discovery.jwks_uri].allSatisfy({
            ProviderAddressGuard.acceptableHost($0, allowPrivate: allowPrivate) != nil
        }) else { throw OIDCProblem.providerDown }
        return discovery
    }

    /// Exchanges the code at the token endpoint (client_secret_basic, PKCE) for the ID token, as
    /// one of `company`'s calls.
    public func exchange(
        code: String, discovery: Discovery, clientID: String, secret: String, redirectURI: String, verifier: String,
        for company: UUID
    ) async throws -> String {
        try await counted(for: company) {
            try await self.postToTokenEndpoint(code: code, discovery: discovery, clientID: clientID, secret: secret,
                                               redirectURI: redirectURI, verifier: verifier)
        }
    }

    private func postToTokenEndpoint(
        code: String, discovery: Discovery, clientID: String, secret: String, redirectURI: String, verifier: String
    ) async throws -> String {
        struct Form: Content {
            let grant_type: String, code: String, redirect_uri: String, code_verifier: String, client_id: String
        }
        struct Tokens: Content { let id_token: String? }
        let credentials = Data((Self.formEncoded(clientID) + ":" + Self.formEncoded(secret)).utf8).base64EncodedString()
        let response: ClientResponse
        do {
            try await addressGuard.check(discovery.token_endpoint)
            response = try await client.post(URI(string: discovery.token_endpoint)) { request in
                request.timeout = Self.timeout
                request.headers.replaceOrAdd(name: .authorization, value: "Basic " + credentials)
                try request.content.encode(Form(grant_type: "authorization_code", code: code, redirect_uri: redirectURI,
                                                code_verifier: verifier, client_id: clientID), as: .urlEncodedForm)
            }
        } catch {
            throw OIDCProblem.providerDown
        }
        guard response.status == .ok else { throw OIDCProblem.providerRefused }
        guard let token = (try? response.content.decode(Tokens.self))?.id_token else { throw OIDCProblem.tokenInvalid }
        return token
    }

    /// The token's claims once its signature checks out against the provider's keys; fetching
    /// them is one of `company`'s calls.
    public func verify(_ token: String, discovery: Discovery, for company: UUID) async throws -> IDTokenClaims {
        if let collection = keys[discovery.jwks_uri], let claims = try? await collection.verify(token, as: IDTokenClaims.self) {
            return claims
        }
        // Unknown key id (the provider rotated its keys) or nothing cached yet: fetch the keys once.
        let collection = try await counted(for: company) { try await self.fetchKeys(discovery.jwks_uri) }
        keys[discovery.jwks_uri] = collection
        do {
            return try await collection.verify(token, as: IDTokenClaims.self)
        } catch {
            throw OIDCProblem.tokenInvalid
        }
    }

    func fetchKeys(_ uri: String) async throws -> JWTKeyCollection {
        let response: ClientResponse
        do {
            try await addressGuard.check(uri)
            response = try await client.get(URI(string: uri)) { $0.timeout = Self.timeout }
        } catch {
            throw OIDCProblem.providerDown
        }
        guard response.status == .ok, let body = response.body,
              let collection = try? await JWTKeyCollection().add(jwksJSON: String(buffer: body))
        else { throw OIDCProblem.providerDown }
        return collection
    }

    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
