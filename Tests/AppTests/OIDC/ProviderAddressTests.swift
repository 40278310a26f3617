import Foundation
import Testing
import Vapor
@testable import App

/// Where Roster may send its own requests for an identity provider.
@Suite struct ProviderAddressTests {
    @Test(arguments: [
        // IPv4 in the forms the C library accepts
        ("127.0.0.1", AddressScope.loopback), ("127.1", .loopback), ("0x7f.1", .loopback), ("0177.0.0.1", .loopback),
        ("2130706433", .loopback), ("0x7f000001", .loopback), ("127.255.255.254", .loopback),
        ("0.0.0.0", .unspecified), ("0", .unspecified),
        ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.1.1", .privateNetwork), ("0xc0.0xa8.1.1", .privateNetwork),
        ("169.254.169.254", .linkLocal), ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
        ("224.0.0.1", .multicast), ("239.255.255.250", .multicast), ("255.255.255.255", .reserved), ("240.0.0.1", .reserved),
        ("192.0.2.10", .reserved),
        ("8.8.8.8", .publicInternet), ("172.32.0.1", .publicInternet), ("100.128.0.1", .publicInternet),
        ("1.1.1.1", .publicInternet), ("169.255.0.1", .publicInternet),
        // IPv6, with and without brackets, and the IPv4 forms inside it
        ("::1", .loopback), ("[::1]", .loopback), ("0:0:0:0:0:0:0:1", .loopback), ("::", .unspecified),
        ("::ffff:127.0.0.1", .loopback), ("[::ffff:7f00:1]", .loopback), ("::ffff:169.254.169.254", .linkLocal),
        ("::ffff:10.0.0.1", .privateNetwork), ("::127.0.0.1", .loopback), ("64:ff9b::a9fe:a9fe", .linkLocal),
        ("2002:7f00:1::", .loopback), ("fe80::1", .linkLocal), ("fe80::1%eth0", .linkLocal), ("fd00::1", .uniqueLocal),
        ("fc00::", .uniqueLocal), ("ff02::1", .multicast), ("fec0::1", .privateNetwork), ("2001:db8::1", .reserved),
        ("2001::1", .reserved), ("100::1", .reserved),
        ("2001:4860:4860::8888", .publicInternet), ("2606:4700::1111", .publicInternet), ("::ffff:8.8.8.8", .publicInternet),
    ])
    func addressLiterals(literal: String, scope: AddressScope) throws {
        let address = try #require(IPAddress(literal: literal), "\(literal) is an address")
        #expect(AddressScope(address) == scope, "\(literal) → \(address)")
    }

    @Test func namesAndNonsenseAreNotLiterals() {
        for host in ["idp.example", "localhost", "127.0.0.1.nip.io", "1.2.3.4.5", "256.1.1.1", "08.0.0.1", "0x+7f.1", "+127.1",
                     "1.2.3.-4", "", "[]", ":::", "1::2::3", "12345::", "::g", "fe80::1::", "::ffff:1.2.3", "::ffff:1.2.3.256",
                     String(repeating: "1", count: 5_000)] {
            #expect(IPAddress(literal: host) == nil, "\(host)")
        }
    }

    @Test func onlyHTTPSToPublicHostsOutsideDevelopment() {
        for address in ["https://accounts.google.com", "https://login.example.com:8443/realms/x", "https://8.8.8.8/",
                        "https://[2606:4700::1111]/"] {
            #expect(ProviderAddressGuard.acceptableHost(address, allowPrivate: false) != nil, "\(address)")
        }
        for address in ["http://accounts.google.com", "https://127.0.0.1:9500", "https://127.1", "https://0x7f.1/",
                        "https://[::1]:8443", "https://[::ffff:127.0.0.1]/", "https://169.254.169.254/latest/meta-data",
                        "https://[fd00::1]/", "https://100.64.0.1", "https://user@accounts.google.com", "ftp://idp.example",
                        "https://", "not an address", "https://%31%32%37.0.0.1/"] {
            #expect(ProviderAddressGuard.acceptableHost(address, allowPrivate: false) == nil, "\(address)")
        }
        #expect(ProviderAddressGuard.acceptableHost("http://127.0.0.1:9500", allowPrivate: true) == "127.0.0.1")
    }

    @Test func namesAreCheckedByEveryAddressTheyResolveTo() async throws {
        let strict = ProviderAddressGuard(allowPrivate: false)
        // localhost resolves to loopback; a name that does not exist; a name of only public addresses.
        for address in ["https://localhost:9500/", "https://roster-test.invalid/"] {
            await #expect(throws: OIDCProblem.providerDown) { try await strict.check(address) }
        }
        let mixed = ProviderAddressGuard(allowPrivate: false) { _ in [.v4(0x0808_0808), .v4(0x0a00_0001)] }
        await #expect(throws: OIDCProblem.providerDown) { try await mixed.check("https://idp.example/") }
        let empty = ProviderAddressGuard(allowPrivate: false) { _ in [] }
        await #expect(throws: OIDCProblem.providerDown) { try await empty.check("https://idp.example/") }
        let mapped = ProviderAddressGuard(allowPrivate: false) { _ in [.v6(IPAddress(literal: "::ffff:169.254.169.254")!.bytes)] }
        await #expect(throws: OIDCProblem.providerDown) { try await mapped.check("https://idp.example/") }
        let outside = ProviderAddressGuard(allowPrivate: false) { _ in [.v4(0x0808_0808), .v6(IPAddress(literal: "2606:4700::1111")!.bytes)] }
        try await outside.check("https://idp.example/")
        // The system's resolver reads literals as the C library does.
        #expect(try await HostResolver.resolve("127.1") == [.v4(0x7f00_0001)])
    }

    /// The real provider of the tests listens on loopback: with private providers refused, the
    /// admin cannot connect it, and every refusal reads the same as an address that does not answer.
    @Test func aProviderOnAPrivateAddressIsRefusedWithOneMessage() async throws {
        let issuer = try OIDCSignInTests.issuer()
        let port = try #require(URLComponents(string: issuer)?.port)
        try await withWorld(settings: { $0.allowPrivateIdentityProviders = false }) { world in
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get(Paths.signInSettings("acme"))
            var answers: [String] = []
            for candidate in [issuer, "https://127.0.0.1:\(port)", "https://localhost:\(port)", "https://[::1]:\(port)",
                              "https://0x7f.1:\(port)", "https://169.254.169.254", "https://10.0.0.1", "https://[fd00::1]",
                              "https://roster-test.invalid"] {
                let refused = try await admin.post(Paths.signInSettings("acme"), form: [
                    "issuer": candidate, "clientID": "roster-acme", "clientSecret": "s3cret-value", "displayName": "Acme Google",
                ], csrfFrom: page)
                #expect(refused.status == .unprocessableEntity, "\(candidate)")
                let message = refused.body.firstMatch(of: /Roster could not read[^<]*/).map { String($0.output) }
                #expect(message != nil, "\(candidate): \(refused.body.prefix(300))")
                answers.append(message ?? candidate)
            }
            #expect(Set(answers).count == 1, "one message for every refusal: \(Set(answers))")
            // Nothing was saved: the seed's provider is still the one on record.
            let stored = try await world.db.transaction(tenant: world.admin.tenantID) {
                try await IdentityProviderQueries.provider(on: $0)
            }
            #expect(stored?.issuer == "https://idp.acme.example")
        }
    }

    /// A connected provider whose discovery names endpoints on private addresses: the sign-in
    /// never fetches from them.
    @Test func theDirectoryRefusesPrivateAddressesBeforeConnecting() async throws {
        let issuer = try OIDCSignInTests.issuer()
        try await withWorld { world in
            let directory = OIDCDirectory(client: world.app.client, allowPrivateAddresses: true)
            let discovery = try await directory.discovery(issuer: issuer, for: world.admin.tenantID)
            await directory.setAllowPrivateAddresses(false)
            await #expect(throws: OIDCProblem.providerDown) { _ = try await directory.fetchKeys(discovery.jwks_uri) }
            await #expect(throws: OIDCProblem.providerDown) {
                _ = try await directory.exchange(code: "c", discovery: discovery, clientID: "x", secret: "y",
                                                 redirectURI: "https://roster.example/cb", verifier: "v", for: world.admin.tenantID)
            }
            let fresh = OIDCDirectory(client: world.app.client, allowPrivateAddresses: false)
            await #expect(throws: OIDCProblem.providerDown) { _ = try await fresh.discovery(issuer: issuer, for: world.admin.tenantID) }
        }
    }
}

extension IPAddress {
    var bytes: [UInt8] {
        switch self {
        case .v4(let bits): [UInt8(bits >> 24), UInt8((bits >> 16) & 0xff), UInt8((bits >> 8) & 0xff), UInt8(bits & 0xff)]
        case .v6(let bytes): bytes
        }
    }
}
