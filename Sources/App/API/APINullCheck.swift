import Foundation
import Vapor

/// A JSON body's `null`s checked against the API document (`Public/api/v1/openapi.json`): a
/// property the document types without "null" may be left out, never sent as null, whatever the
/// generated decoder would make of it (it reads a null as an absent value). Refused as 422 with
/// the property's path, before the operation runs. The document is read once, at start.
struct APINullCheck: Sendable {
    /// Each operation's request body schema, by method and path template (`/api/v1/…/:id`).
    private let bodies: [String: JSONValue]
    private let schemas: [String: JSONValue]

    /// A JSON value of the document, as `JSONSerialization` reads it, made Sendable.
    indirect enum JSONValue: Sendable {
        case object([String: JSONValue]), array([JSONValue]), string(String), other

        init(_ any: Any) {
            if let object = any as? [String: Any] {
                self = .object(object.mapValues(JSONValue.init))
            } else if let array = any as? [Any] {
                self = .array(array.map(JSONValue.init))
            } else if let string = any as? String {
                self = .string(string)
            } else {
                self = .other
            }
        }

        subscript(_ key: String) -> JSONValue? {
            if case .object(let object) = self { return object[key] }
            return nil
        }
    }

    init(documentAt path: String) {
        guard let data = FileManager.default.contents(atPath: path),
              let document = (try? JSONSerialization.jsonObject(with: data)).map(JSONValue.init)
        else {
            bodies = [:]
            schemas = [:]
            return
        }
        if case .object(let all)? = document["components"]?["schemas"] { schemas = all } else { schemas = [:] }
        var bodies: [String: JSONValue] = [:]
        if case .object(let paths)? = document["paths"] {
            for (template, operations) in paths {
                guard case .object(let methods) = operations else { continue }
                // `/statements/{statementId}/payments` → `/api/v1/statements/:statementId/payments`
                let route = "/api/v1" + template.replacingOccurrences(of: "{", with: ":").replacingOccurrences(of: "}", with: "")
                for (method, operation) in methods {
                    if let schema = operation["requestBody"]?["content"]?["application/json"]?["schema"] {
                        bodies[method.uppercased() + " " + route] = schema
                    }
                }
            }
        }
        self.bodies = bodies
    }

    /// The paths of the properties of `body` sent as null where the document does not allow it,
    /// for the operation at `route` (`METHOD /api/v1/…/:id`); none for an unknown operation or a
    /// body that is not JSON (the operation's own decoding answers that).
    func refusedNulls(in body: ByteBuffer, route: String) -> [String] {
        guard let schema = bodies[route], body.readableBytes > 0,
              let value = try? JSONSerialization.jsonObject(with: Data(buffer: body), options: [.fragmentsAllowed])
        else { return [] }
        var refused: [String] = []
        check(value, against: schema, at: "", into: &refused, depth: 0)
        return refused
    }

    private func resolved(_ schema: JSONValue) -> JSONValue {
        guard case .string(let reference)? = schema["$ref"], reference.hasPrefix("#/components/schemas/"),
              let target = schemas[String(reference.dropFirst("#/components/schemas/".count))] else { return schema }
        return target
    }

    private func allowsNull(_ schema: JSONValue) -> Bool {
        let schema = resolved(schema)
        switch schema["type"] {
        case .string(let type)?: return type == "null"
        case .array(let types)?: return types.contains { if case .string("null") = $0 { return true } else { return false } }
        case .none: return true  // an untyped schema: any value
        default: return false
        }
    }

    private func check(_ value: Any, against schema: JSONValue, at path: String, into refused: inout [String], depth: Int) {
        // The body was collected within its limit; its nesting is bounded here too.
        guard depth < 16, refused.count < 20 else { return }
        let schema = resolved(schema)
        if let object = value as? [String: Any], case .object(let properties)? = schema["properties"] {
            for (key, item) in object.sorted(by: { $0.key < $1.key }) {
                guard let property = properties[key] else { continue }
                let place = path.isEmpty ? key : path + "." + key
                if item is NSNull {
                    if !allowsNull(property) { refused.append(place) }
                } else {
                    check(item, against: property, at: place, into: &refused, depth: depth + 1)
                }
            }
        } else if let array = value as? [Any], let items = schema["items"] {
            for (index, item) in array.enumerated() {
                let place = "\(path)[\(index)]"
                if item is NSNull {
                    if !allowsNull(items) { refused.append(place) }
                } else {
                    check(item, against: items, at: place, into: &refused, depth: depth + 1)
                }
            }
        }
    }
}
