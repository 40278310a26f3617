import Foundation
import NIOCore
import Testing
import Vapor
import VaporTesting
@testable import App

/// Calls the API of a test world as an app would: a bearer token per person, JSON in and out.
struct APIClient {
    let app: Application
    let token: String
    var language = "en"

    static func signIn(_ world: TestWorld, _ user: User, slug: String = DemoData.slug) async throws -> APIClient {
        let tokens = try await OperatorCommands.apiTokens(slug: slug, email: user.email, client: "roster-cli", database: world.db)
        return APIClient(app: world.app, token: tokens.access.value)
    }

    struct Reply {
        let status: HTTPStatus
        let headers: HTTPHeaders
        let bytes: Data

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            // Times as the API writes them (ISO 8601, the runtime's default).
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(type, from: bytes)
        }
        var problem: Components.Schemas.Problem? { try? decode(Components.Schemas.Problem.self) }
        var isProblem: Bool { headers.first(name: .contentType) == "application/problem+json" && problem != nil }
    }

    func send(_ method: HTTPMethod, _ path: String, json: String? = nil, bytes: ByteBuffer? = nil,
              contentType: String? = nil) async throws -> Reply {
        var headers = HTTPHeaders()
        headers.add(name: .authorization, value: "Bearer " + token)
        headers.add(name: .acceptLanguage, value: language)
        if let json {
            headers.add(name: .contentType, value: "application/json")
            let response = try await app.testing().sendRequest(method, "/api/v1" + path, headers: headers, body: ByteBuffer(string: json))
            return Reply(status: response.status, headers: response.headers, bytes: Data(buffer: response.body))
        }
        if let contentType { headers.add(name: .contentType, value: contentType) }
        let response = try await app.testing().sendRequest(method, "/api/v1" + path, headers: headers, body: bytes)
        return Reply(status: response.status, headers: response.headers, bytes: Data(buffer: response.body))
    }

    func get(_ path: String) async throws -> Reply { try await send(.GET, path) }

    /// A multipart upload of `file` for `month`.
    func upload(month: String, file: Data, filename: String = "faktura.pdf") async throws -> Reply {
        let boundary = "----roster-api-\(UUID().uuidString)"
        var body = ByteBuffer()
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"month\"\r\n\r\n\(month)\r\n")
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\n")
        body.writeString("Content-Type: application/pdf\r\n\r\n")
        body.writeBytes(file)
        body.writeString("\r\n--\(boundary)--\r\n")
        return try await send(.POST, "/me/invoices", bytes: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// Imports a bank statement file (`POST /statements`).
    func uploadStatement(_ file: Data, filename: String = "vypis.xml") async throws -> Reply {
        let boundary = "----roster-api-\(UUID().uuidString)"
        var body = ByteBuffer()
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\n")
        body.writeString("Content-Type: application/octet-stream\r\n\r\n")
        body.writeBytes(file)
        body.writeString("\r\n--\(boundary)--\r\n")
        return try await send(.POST, "/statements", bytes: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }
}

/// The ids of a world's seeded invoice and its current file in a tenant.
func seededInvoice(_ world: TestWorld, tenant: UUID) async throws -> (invoice: UUID, document: UUID, version: Int) {
    try await world.db.transaction(tenant: tenant, readOnly: true) { db in
        let rows = try await db.query("SELECT id, document_id, version FROM invoices ORDER BY month LIMIT 1").collect()
        return try rows[0].decode((UUID, UUID, Int).self)
    }
}
