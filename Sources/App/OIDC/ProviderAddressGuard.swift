import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which addresses Roster itself fetches from for an identity provider (its discovery document,
/// keys and token endpoint). Outside development (`AppSettings.allowPrivateIdentityProviders`
/// false) only https addresses whose host is, and resolves only to, public internet addresses:
/// never loopback, private, link-local (cloud metadata), unique-local, shared (CGNAT),
/// multicast, unspecified or reserved ones, in any of their spellings. Every refusal is the same
/// `OIDCProblem.providerDown` as an address that does not answer, so the answers cannot be used
/// to map the server's network.
///
/// The check runs immediately before each request. The HTTP client resolves the name again
/// when it connects, so a name whose DNS answer changes in between (DNS rebinding) is not fully
/// ruled out; the window is the time between the two lookups.
public struct ProviderAddressGuard: Sendable {
    public let allowPrivate: Bool
    let resolve: @Sendable (String) async throws -> [IPAddress]

    public init(allowPrivate: Bool, resolve: @escaping @Sendable (String) async throws -> [IPAddress] = HostResolver.resolve) {
        self.allowPrivate = allowPrivate
        self.resolve = resolve
    }

    /// The host of an address that may be fetched before any lookup (pure): https, a plain host
    /// name or address literal (no user, no unusual characters), and a literal must be public.
    /// nil when refused. Everything passes when private providers are allowed.
    public static func acceptableHost(_ address: String, allowPrivate: Bool) -> String? {
        guard let url = URLComponents(string: address), let host = url.host, !host.isEmpty else { return nil }
        if allowPrivate { return host }
        guard url.scheme?.lowercased() == "https", url.user == nil, url.password == nil, host.utf8.count <= 253,
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
        else { return nil }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if let literal = IPAddress(literal: bare), AddressScope(literal) != .publicInternet { return nil }
        return bare
    }

    /// Throws `OIDCProblem.providerDown` unless `address` may be fetched now: the pure rules, then
    /// every address the host resolves to (a literal too, as the system reads it) is public.
    public func check(_ address: String) async throws {
        guard let host = Self.acceptableHost(address, allowPrivate: allowPrivate) else { throw OIDCProblem.providerDown }
        if allowPrivate { return }
        let addresses: [IPAddress]
        do {
            addresses = try await resolve(host)
        } catch {
            throw OIDCProblem.providerDown
        }
        guard !addresses.isEmpty, addresses.allSatisfy({ AddressScope($0) == .publicInternet }) else {
            throw OIDCProblem.providerDown
        }
    }
}

/// The system's resolver (`getaddrinfo`), off the caller's thread and bounded in time.
public enum HostResolver {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static let timeout: Duration = .seconds(5)

    @Sendable
    public static func resolve(_ host: String) async throws -> [IPAddress] {
        let once = ResumeOnce<[IPAddress]>()
        return try await withCheckedThrowingContinuation { continuation in
            once.set(continuation)
            DispatchQueue.global().async {
                once.resume(with: Result { try lookup(host) })
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(timeout.components.seconds))) {
                once.resume(with: .failure(Failure(description: "no answer for \(host) in time")))
            }
        }
    }

    /// Blocking: every IPv4 and IPv6 address of `host`.
    static func lookup(_ host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else {
            throw Failure(description: "\(host) could not be resolved (\(status))")
        }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let socketAddress = current.pointee.ai_addr {
                switch current.pointee.ai_family {
                case AF_INET:
                    let v4 = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
                    addresses.append(.v4(UInt32(bigEndian: v4.sin_addr.s_addr)))
                case AF_INET6:
                    let v6 = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
                    addresses.append(.v6(withUnsafeBytes(of: v6.sin6_addr) { Array($0) }))
                default:
                    break
                }
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }
}

/// A continuation resumed by whichever comes first (the answer or the timeout), exactly once.
private final class ResumeOnce<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var pending: Result<Value, any Error>?
    private var done = false

    func set(_ continuation: CheckedContinuation<Value, any Error>) {
        let ready: Result<Value, any Error>? = lock.withLock {
            if let pending { done = true; self.pending = nil; return pending }
            self.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    func resume(with result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = lock.withLock {
            guard !done else { return nil }
            guard let continuation else {
                if pending == nil { pending = result }
                return nil
            }
            done = true
            self.continuation = nil
            return continuation
        }
        waiting?.resume(with: result)
    }
}
