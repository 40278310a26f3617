import NIOCore
import Vapor

/// A page, printed in Swift: its model makes `body` (the content inside the shell) as `HTML`, so
/// every value is escaped by the type, and the response is the layout's `top`, the body and the
/// layout's `bottom`. Every page of the application is printed this way.
protocol HTMLPage: AsyncResponseEncodable {
    var layout: Layout { get }
    var body: HTML { get }
    /// The body in the pieces it was made of, written one after another: a page whose rows are
    /// a megabyte (the desk) hands them over as they are instead of copying them into one piece.
    var bodyParts: [HTML] { get }
}

extension HTMLPage {
    func encodeResponse(for request: Request) async throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .html
        // The parts go into the buffer one after another, not joined first: the desk's body is
        // over a megabyte.
        let parts = [layout.top] + bodyParts + [layout.bottom]
        var buffer = request.byteBufferAllocator.buffer(capacity: parts.reduce(0) { $0 + $1.bytes.count })
        for part in parts { buffer.writeBytes(part.bytes) }
        return Response(status: .ok, headers: headers, body: .init(buffer: buffer))
    }

    var bodyParts: [HTML] { [body] }

    /// The page with another status than 200: a form shown again with why it was refused (422).
    func encodeResponse(status: HTTPStatus, for request: Request) async throws -> Response {
        let response = try await encodeResponse(for: request)
        response.status = status
        return response
    }
}

/// One tab of a tab bar (the review pages', the rate reports', the earnings' ranges): printed by
/// `PagePieces.tabs`.
struct TabLink: Equatable, Sendable {
    let label: String
    let href: String
    let current: Bool
}

/// The pieces the list pages share.
enum PagePieces {
    /// "Download: CSV · XLSX", the report with the page's filters.
    static func downloads(_ slug: String, _ report: ExportReport, filters: ExportFilters, t: Translator) -> HTML {
        let csv = Paths.export(slug, report, format: .csv, filters: filters)
        let xlsx = Paths.export(slug, report, format: .xlsx, filters: filters)
        return """
            <p class="downloads">\(t("export.download")) <a href="\(csv)" download>CSV</a> · <a href="\(xlsx)" download>XLSX</a></p>

            """
    }

    /// The hidden field that carries the form's CSRF token.
    static func csrf(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"_csrf\" value=\"\(token)\">"
    }

    /// A field's problem under it, `<p class="error" id="…">`, or nothing when it has none.
    static func error(_ problem: String?, id: String) -> HTML {
        problem.map { text -> HTML in "<p class=\"error\" id=\"\(id)\">\(text)</p>" } ?? .empty
    }

    /// The attributes that tie a field with a problem to it (its `error` paragraph's id), or
    /// nothing when it has none.
    static func invalid(_ problem: String?, describedBy id: String) -> HTML {
        problem == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"\(id)\""
    }

    /// The `<option>`s of a select.
    static func options(_ options: [SelectOption]) -> HTML {
        options.map { option -> HTML in
            "<option value=\"\(option.value)\"\(if: option.selected, " selected")>\(option.label)</option>"
        }.joined()
    }

    /// A labelled `<select>` of a filter form, after an empty "any" choice when `any` is given.
    static func selectField(id: String, label: String, any: String?, options: [SelectOption]) -> HTML {
        let first: HTML = any.map { "<option value=\"\">\($0)</option>" } ?? .empty
        return """
              <div class="field">
                <label for="\(id)">\(label)</label>
                <select id="\(id)" name="\(id)">\(first)\(PagePieces.options(options))</select>
              </div>

            """
    }

    /// A list's table (column headings, then a row each), or the sentence that says why it is empty.
    /// - Parameter hiddenLast: the heading of a last column of links, for screen readers only.
    static func list(empty: String?, headings: [String], rows: [HTML], hiddenLast: String? = nil,
                     tableClass: String = "list") -> HTML {
        if let empty { return "<p class=\"empty\">\(empty)</p>\n" }
        var cells = headings.map { heading -> HTML in "<th scope=\"col\">\(heading)</th>" }
        if let hiddenLast { cells.append("<th scope=\"col\"><span class=\"visually-hidden\">\(hiddenLast)</span></th>") }
        return """
            <table class="\(tableClass)">
              <thead><tr>\(cells.joined())</tr></thead>
              <tbody>
            \(rows.joined())  </tbody>
            </table>

            """
    }

    /// The previous and next links of a paged list, with the page's label between them; the links
    /// say "Previous" and "Next" unless other words are given.
    static func pager(previousURL: String?, nextURL: String?, label: String? = nil,
                      previousText: String? = nil, nextText: String? = nil, t: Translator) -> HTML {
        var html: HTML = "<nav class=\"pager\" aria-label=\"\(t("people.pages"))\">\n"
        if let previousURL {
            html.append("  <a href=\"\(previousURL)\" rel=\"prev\">\(previousText ?? t("people.previous"))</a>\n")
        }
        if let label { html.append("  <span>\(label)</span>\n") }
        if let nextURL { html.append("  <a href=\"\(nextURL)\" rel=\"next\">\(nextText ?? t("people.next"))</a>\n") }
        html.append("</nav>\n")
        return html
    }

    /// A bar of tabs (links), the current one marked for assistive technology.
    static func tabs(_ tabs: [TabLink], label: String) -> HTML {
        let items = tabs.map { tab -> HTML in
            "<li><a href=\"\(tab.href)\"\(if: tab.current, " aria-current=\"page\"")>\(tab.label)</a></li>"
        }
        return "<nav class=\"tabs\" aria-label=\"\(label)\"><ul>\(items.joined())</ul></nav>\n"
    }
}
