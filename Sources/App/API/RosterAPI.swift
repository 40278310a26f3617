import Foundation
import OpenAPIRuntime
import OpenAPIVapor
import Vapor

/// The API's operations (`Sources/App/API/openapi.yaml`, whose generated interface is
/// `APIProtocol`): each one thin, over the same queries, rules and `Permissions` entries as its
/// web page (docs/ARCHITECTURE.md, "The API"). The handlers live in extensions by area.
struct RosterAPI: APIProtocol {
    /// Registers every operation under `/api/v1`.
    static func register(on app: Application) throws {
        let document = app.directory.publicDirectory + "api/v1/openapi.json"
        let transport = VaporTransport(routesBuilder: APIRoutesBuilder(
            base: app.chained(APIRequestMiddleware(nulls: APINullCheck(documentAt: document))), table: app.apiRoutes,
            maxUploadBytes: app.settings.pdfMaxBytes))
        // Compact JSON (a phone pays for every byte), keys in a stable order.
        try RosterAPI().registerHandlers(
            on: transport, serverURL: try Servers.Server1.url(),
            configuration: Configuration(jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]))
        // The document itself is a file of `Public/` (/api/v1/openapi.json); its pages for people:
        let docs = APIDocsPage.render(documentAt: document)
        app.chained(APIRequestMiddleware(requiresToken: false)).get("api", "v1", "docs") { _ in
            var headers = HTTPHeaders()
            headers.contentType = .html
            return Response(status: .ok, headers: headers, body: .init(string: docs.string))
        }
    }
}

/// What operations read from paths and queries, checked as the web checks it.
enum APIInput {
    /// An id of a path: anything but a UUID is an id that does not exist (404, as on the web).
    static func pathID(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw APIProblem.notFound }
        return id
    }

    /// A query's `limit` and `offset`.
    static func window(limit: Int?, offset: Int?, t: Translator) throws -> ListWindow {
        do {
            return try ListWindow(limit: limit, offset: offset)
        } catch .limit {
            throw APIProblem.invalid([.init(field: "limit", message: t("api.field.limit", String(ListWindow.maxLimit)))])
        } catch {
            throw APIProblem.invalid([.init(field: "offset", message: t("api.field.offset", String(ListWindow.maxOffset)))])
        }
    }

    /// A `YYYY-MM` month, or nil when left out.
    static func month(_ text: String?, field: String, t: Translator) throws -> Month? {
        guard let text else { return nil }
        guard let month = Month(filter: text) else {
            throw APIProblem.invalid([.init(field: field, message: t("api.field.month"))])
        }
        return month
    }

    /// An invoice version as the document bounds it (a 32-bit count from 0).
    static func version(_ value: Int, field: String, t: Translator) throws -> Int {
        guard (0...Int(Int32.max)).contains(value) else {
            throw APIProblem.invalid([.init(field: field, message: t("api.field.version"))])
        }
        return value
    }

    /// A UUID of a query filter, or nil when left out.
    static func id(_ text: String?, field: String, t: Translator) throws -> UUID? {
        guard let text else { return nil }
        guard let id = UUID(uuidString: text) else {
            throw APIProblem.invalid([.init(field: field, message: t("api.field.id"))])
        }
        return id
    }

    /// 422 for any text longer than the document's `maxLength` of its field (code points, as the
    /// document counts them): what the rules trim or cut is never more than the document allows.
    static func lengths(_ fields: [(name: String, text: String?, max: Int)], t: Translator) throws {
        let long = fields.filter { ($0.text?.storedLength ?? 0) > $0.max }
        guard long.isEmpty else {
            throw APIProblem.invalid(long.map { .init(field: $0.name, message: t("api.field.tooLong", String($0.max))) })
        }
    }

    /// A search text: at most 100 characters (code points, as the document's `maxLength` counts).
    static func search(_ text: String?, field: String, t: Translator) throws -> String {
        guard let text else { return "" }
        guard text.storedLength <= 100 else {
            throw APIProblem.invalid([.init(field: field, message: t("api.field.tooLong", "100"))])
        }
        return text
    }
}
