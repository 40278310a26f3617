import Foundation
import Vapor

/// What can fill a parameter of an `Address`.
protocol AddressValue: Sendable {
    /// The value as one path segment.
    var pathValue: String { get }
}

extension UUID: AddressValue {
    var pathValue: String { lowercasedString }
}

/// A one-time link's token in an address (URL-safe base64; anything else is percent-encoded,
/// so a token can never add a segment).
struct TokenText: AddressValue {
    let value: String
    var pathValue: String { value.urlQueryEncoded }
}

/// A page or action of a tenant, defined once: the path under `/t/{slug}` that its handler is
/// registered with (`routes.get(Paths.person, use: …)`) and that every link to it is made from
/// (`Paths.person(slug, id)`). Segments that start with `:` are parameters, filled in order by
/// typed values (`Address1`, `Address2`), so a link cannot leave one out or pass a name where an
/// id belongs. Every address is registered when the application starts, so a pattern whose
/// parameters do not match its type stops the start (and every test), not a request.
protocol AddressPattern: Sendable {
    var segments: [String] { get }
}

extension AddressPattern {
    /// The pattern the handler is registered with, under the tenant's `t/:slug` group.
    var pathComponents: [PathComponent] { segments.map { PathComponent(stringLiteral: $0) } }

    /// `/t/{slug}/…` with the parameters filled in, in order.
    fileprivate func fill(_ slug: String, _ values: [String]) -> String {
        var next = values.makeIterator()
        let parts = segments.map { $0.hasPrefix(":") ? next.next() ?? $0 : $0 }
        return "/t/\(slug)/" + parts.joined(separator: "/")
    }

    fileprivate static func checked(_ segments: [String], parameters: Int) -> [String] {
        precondition(segments.filter { $0.hasPrefix(":") }.count == parameters,
                     "the address /\(segments.joined(separator: "/")) needs \(parameters) parameter(s)")
        return segments
    }
}

/// An address without parameters.
struct Address: AddressPattern, Equatable {
    let segments: [String]
    init(_ segments: String...) { self.segments = Self.checked(segments, parameters: 0) }
    func callAsFunction(_ slug: String) -> String { fill(slug, []) }
}

/// An address with one parameter.
struct Address1<A: AddressValue>: AddressPattern {
    let segments: [String]
    init(_ segments: String...) { self.segments = Self.checked(segments, parameters: 1) }
    func callAsFunction(_ slug: String, _ a: A) -> String { fill(slug, [a.pathValue]) }
}

/// An address with two parameters.
struct Address2<A: AddressValue, B: AddressValue>: AddressPattern {
    let segments: [String]
    init(_ segments: String...) { self.segments = Self.checked(segments, parameters: 2) }
    func callAsFunction(_ slug: String, _ a: A, _ b: B) -> String { fill(slug, [a.pathValue, b.pathValue]) }
}

extension RoutesBuilder {
    /// Registers `handler` for GET (and HEAD) of `address`.
    @discardableResult
    func get<Response: AsyncResponseEncodable>(
        _ address: some AddressPattern, use handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        on(.GET, address.pathComponents, use: handler)
    }

    /// Registers `handler` for POST to `address`.
    @discardableResult
    func post<Response: AsyncResponseEncodable>(
        _ address: some AddressPattern, use handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        on(.POST, address.pathComponents, use: handler)
    }

    /// Registers `handler` for `method` on `address`, with a body strategy of its own.
    @discardableResult
    func on<Response: AsyncResponseEncodable>(
        _ method: HTTPMethod, _ address: some AddressPattern, body: HTTPBodyStreamStrategy,
        use handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        on(method, address.pathComponents, body: body, use: handler)
    }
}
