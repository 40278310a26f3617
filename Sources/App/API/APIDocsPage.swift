import Foundation
import Vapor

/// The API's document rendered for people at `/api/v1/docs`: every operation by tag with its
/// parameters, body and answers, then the schemas. Printed once from the served document
/// (`Public/api/v1/openapi.json`), so it says what the contract says; every text is escaped by
/// `HTML`.
enum APIDocsPage {
    /// The page, or a short page that says the document is missing.
    static func render(documentAt path: String) -> HTML {
        guard let data = FileManager.default.contents(atPath: path),
              let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return page(title: "Roster API", body: "<p>The API document is missing.</p>") }
        let info = document["info"] as? [String: Any] ?? [:]
        let title = info["title"] as? String ?? "Roster API"
        var body: HTML = "<h1>\(title) \(info["version"] as? String ?? "")</h1>\n"
        body.append(paragraphs(info["summary"] as? String))
        body.append(paragraphs(info["description"] as? String))
        body.append("<p>The document itself: <a href=\"/api/v1/openapi.json\">/api/v1/openapi.json</a> (OpenAPI 3.1).</p>\n")
        let paths = document["paths"] as? [String: [String: Any]] ?? [:]
        let operations = paths.keys.sorted().flatMap { path in
            ["get", "post", "put", "patch", "delete"].compactMap { method -> (String, String, [String: Any])? in
                (paths[path]?[method] as? [String: Any]).map { (method, path, $0) }
            }
        }
        let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]] ?? [:]
        for tag in document["tags"] as? [[String: Any]] ?? [] {
            guard let name = tag["name"] as? String else { continue }
            body.append("<h2 id=\"tag-\(name)\">\(name)</h2>\n")
            body.append(paragraphs(tag["description"] as? String))
            for (method, path, operation) in operations where (operation["tags"] as? [String])?.contains(name) == true {
                body.append(self.operation(method: method, path: path, operation, parameters: shared))
            }
        }
        body.append("<h2 id=\"schemas\">Schemas</h2>\n")
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]] ?? [:]
        for name in schemas.keys.sorted() {
            body.append(schema(name, schemas[name] ?? [:]))
        }
        return page(title: title, body: body)
    }

    private static func page(title: String, body: HTML) -> HTML {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(title)</title>
        <link rel="stylesheet" href="/css/app.css">
        </head>
        <body>
        <main id="main">
        \(body)</main>
        </body>
        </html>

        """
    }

    private static func paragraphs(_ text: String?) -> HTML {
        guard let text else { return .empty }
        var html = HTML.empty
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.trimmingWhitespace().isEmpty {
            html.append("<p>\(inline(paragraph.replacingOccurrences(of: "\n", with: " ").trimmingWhitespace()))</p>\n")
        }
        return html
    }

    /// Text with its `code` spans (between backticks) set as code.
    private static func inline(_ text: String) -> HTML {
        var html = HTML.empty
        for (index, part) in text.components(separatedBy: "`").enumerated() {
            html.append(index % 2 == 1 ? "<code>\(part)</code>" : HTML(text: part))
        }
        return html
    }

    private static func operation(
        method: String, path: String, _ operation: [String: Any], parameters shared: [String: [String: Any]]
    ) -> HTML {
        let id = operation["operationId"] as? String ?? ""
        var html: HTML = """
            <section class="card-row" id="\(id)">
            <h3><code>\(method.uppercased()) /api/v1\(path)</code></h3>
            <p><strong>\(operation["summary"] as? String ?? "")</strong> (<code>\(id)</code>)</p>

            """
        html.append(paragraphs(operation["description"] as? String))
        // A parameter of the document's components is named by reference.
        let parameters = (operation["parameters"] as? [[String: Any]] ?? []).map { parameter in
            (parameter["$ref"] as? String).flatMap { shared[$0.components(separatedBy: "/").last ?? ""] } ?? parameter
        }
        if !parameters.isEmpty {
            html.append("<table class=\"list\"><thead><tr><th>Parameter</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>\n")
            for parameter in parameters {
                let name = parameter["name"] as? String ?? ""
                let required = parameter["required"] as? Bool == true ? " (required)" : ""
                html.append("""
                    <tr><td><code>\(name)</code>\(required)</td><td>\(parameter["in"] as? String ?? "query")</td>\
                    <td>\(describe(parameter["schema"] as? [String: Any]))</td><td>\(inline(parameter["description"] as? String ?? ""))</td></tr>

                    """)
            }
            html.append("</tbody></table>\n")
        }
        if let content = (operation["requestBody"] as? [String: Any])?["content"] as? [String: [String: Any]] {
            for (media, body) in content.sorted(by: { $0.key < $1.key }) {
                html.append("<p>Body: <code>\(media)</code> \(describe(body["schema"] as? [String: Any]))</p>\n")
            }
        }
        let responses = operation["responses"] as? [String: [String: Any]] ?? [:]
        html.append("<ul>\n")
        for code in responses.keys.sorted() {
            let response = responses[code] ?? [:]
            let description = response["description"] as? String
                ?? ((response["$ref"] as? String).map { _ in "A problem document (application/problem+json)." } ?? "")
            let media = ((response["content"] as? [String: [String: Any]]) ?? [:]).sorted { $0.key < $1.key }.map { media, body -> HTML in
                "<code>\(media)</code> \(describe(body["schema"] as? [String: Any]))"
            }.joined(separator: ", ")
            html.append("<li><strong>\(code)</strong>: \(description) \(media)</li>\n")
        }
        html.append("</ul>\n</section>\n")
        return html
    }

    private static func schema(_ name: String, _ schema: [String: Any]) -> HTML {
        var html: HTML = "<section class=\"card-row\" id=\"schema-\(name)\">\n<h3><code>\(name)</code></h3>\n"
        html.append(paragraphs(schema["description"] as? String))
        if let values = schema["enum"] as? [Any] {
            html.append("<p>One of: <code>\(values.map { "\($0)" }.joined(separator: ", "))</code></p>\n")
        }
        if let pattern = schema["pattern"] as? String { html.append("<p>Pattern: <code>\(pattern)</code></p>\n") }
        let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
        if !properties.isEmpty {
            let required = Set(schema["required"] as? [String] ?? [])
            html.append("<table class=\"list\"><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>\n")
            for key in properties.keys.sorted() {
                let property = properties[key] ?? [:]
                html.append("""
                    <tr><td><code>\(key)</code>\(required.contains(key) ? " (required)" : "")</td>\
                    <td>\(describe(property))</td><td>\(inline(property["description"] as? String ?? ""))</td></tr>

                    """)
            }
            html.append("</tbody></table>\n")
        }
        html.append("</section>\n")
        return html
    }

    /// A schema in a few words: a link to a named one, "array of …", or its type and format.
    private static func describe(_ schema: [String: Any]?) -> HTML {
        guard let schema else { return .empty }
        if let reference = schema["$ref"] as? String, let name = reference.components(separatedBy: "/").last {
            return "<a href=\"#schema-\(name)\">\(name)</a>"
        }
        if schema["type"] as? String == "array" { return "array of " + describe(schema["items"] as? [String: Any]) }
        let base = schema["type"] as? String ?? (schema["type"] as? [String])?.joined(separator: " or ") ?? "object"
        let format = (schema["format"] as? String).map { " (\($0))" } ?? ""
        let values = (schema["enum"] as? [Any]).map { ": " + $0.map { "\($0)" }.joined(separator: ", ") } ?? ""
        return HTML(text: base + format + values)
    }
}
