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

    fileprivate static func checked(_ segments: [String], parameters: Int) -> [String] {
        precondition(segments.filter { $0.hasPrefix(":") }.count == parameters,
                     "the address /\(segments.joined(separator: "/")) needs \(parameters) parameter(s)")
        return segments
    }
}

/// An address's text around its parameters, worked out once: a desk of a thousand rows fills in
/// three addresses a row.
struct AddressTemplate: Sendable {
    /// The text before the first parameter, between each two, and after the last: one more than
    /// the parameters.
    private let literals: [String]
    private let literalLength: Int

    init(_ segments: [String]) {
        var literals: [String] = [], current = ""
        for (index, segment) in segments.enumerated() {
            if index > 0 { current += "/" }
            if segment.hasPrefix(":") {
                literals.append(current)
                current = ""
            } else {
                current += segment
            }
        }
        literals.append(current)
        self.literals = literals
        literalLength = literals.reduce(0) { $0 + $1.utf8.count }
    }

    /// `/t/{slug}/…` with `values` in the parameters' places, in order (as many as the template
    /// has; `Address`, `Address1` and `Address2` pass exactly that many).
    func fill(_ slug: String, _ a: String? = nil, _ b: String? = nil) -> String {
        var out = "/t/"
        out.reserveCapacity(4 + slug.utf8.count + literalLength + (a?.utf8.count ?? 0) + (b?.utf8.count ?? 0))
        out += slug
        out += "/"
        out += literals[0]
        if let a, literals.count > 1 {
            out += a
            out += literals[1]
        }
        if let b, literals.count > 2 {
            out += b
            out += literals[2]
        }
        return out
    }
}

extension AddressTemplate {
    /// The address's text around its parameters for the tenant `slug`, escaped once, to write
    /// ids into (`AddressHTML`).
    func html(_ slug: String) -> [HTML] {
        // The first piece is the address up to its first parameter, as `fill` writes it.
        [HTML(text: fill(slug))] + literals.dropFirst().map { HTML(text: $0) }
    }
}

/// An address of one tenant whose parameters are ids (`Values`: one `UUID`, or two), ready to
/// print with the ids in a page's markup: its text around them escaped once per page, so a desk of
/// a thousand rows that prints three addresses a row makes no string for any of them
/// (`HTML.Interpolation.appendInterpolation(_:_:)`). Made by `Address1.html(_:)` and
/// `Address2.html(_:)`, so the number of ids is the address's.
struct AddressHTML<Values>: Sendable {
    fileprivate let pieces: [HTML]
}

extension Address1 where A == UUID {
    func html(_ slug: String) -> AddressHTML<UUID> { AddressHTML(pieces: template.html(slug)) }
}

extension Address2 where A == UUID, B == UUID {
    func html(_ slug: String) -> AddressHTML<(UUID, UUID)> { AddressHTML(pieces: template.html(slug)) }
}

extension HTML.Interpolation {
    /// The address with its id: the same text as `Address1`'s `callAsFunction`, escaped.
    mutating func appendInterpolation(_ address: AddressHTML<UUID>, _ id: UUID) {
        appendInterpolation(address.pieces[0])
        appendInterpolation(id)
        appendInterpolation(address.pieces[1])
    }

    /// The address with its two ids: the same text as `Address2`'s `callAsFunction`, escaped.
    mutating func appendInterpolation(_ address: AddressHTML<(UUID, UUID)>, _ ids: (UUID, UUID)) {
        appendInterpolation(address.pieces[0])
        appendInterpolation(ids.0)
        appendInterpolation(address.pieces[1])
        appendInterpolation(ids.1)
        appendInterpolation(address.pieces[2])
    }
}

/// An address without parameters.
struct Address: AddressPattern, Equatable {
    let segments: [String]
    let template: AddressTemplate
    init(_ segments: String...) {
        self.segments = Self.checked(segments, parameters: 0)
        template = AddressTemplate(segments)
    }
    func callAsFunction(_ slug: String) -> String { template.fill(slug) }
    static func == (a: Address, b: Address) -> Bool { a.segments == b.segments }
}

/// An address with one parameter.
struct Address1<A: AddressValue>: AddressPattern {
    let segments: [String]
    let template: AddressTemplate
    init(_ segments: String...) {
        self.segments = Self.checked(segments, parameters: 1)
        template = AddressTemplate(segments)
    }
    func callAsFunction(_ slug: String, _ a: A) -> String { template.fill(slug, a.pathValue) }
}

/// An address with two parameters.
struct Address2<A: AddressValue, B: AddressValue>: AddressPattern {
    let segments: [String]
    let template: AddressTemplate
    init(_ segments: String...) {
        self.segments = Self.checked(segments, parameters: 2)
        template = AddressTemplate(segments)
    }
    func callAsFunction(_ slug: String, _ a: A, _ b: B) -> String { template.fill(slug, a.pathValue, b.pathValue) }
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
