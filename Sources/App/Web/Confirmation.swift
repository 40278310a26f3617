import Vapor

/// What a destructive or hard-to-undo action asks before it runs (docs/ARCHITECTURE.md,
/// "Confirmations"): the question names what will happen ("Mark 18 invoices as paid, CZK
/// 1,240,000.00 in total?"). Without JavaScript the action's first POST answers a confirmation
/// step, a page that posts the same fields again with `confirmed=1`; with it, `confirm.js` asks
/// in a dialog first and sends `confirmed=1` itself.
struct ConfirmQuestion: Sendable {
    let question: String
    /// The confirming button: the action's own words ("Deactivate", "Mark as paid").
    let confirm: String
    /// Where Cancel goes: the page the form was on.
    let cancelURL: String
}

extension Request {
    /// The field a confirmed form carries.
    static let confirmedField = "confirmed"

    /// Whether the person confirmed the action (the dialog or the confirmation step).
    var isConfirmed: Bool { formField(Self.confirmedField) == "1" }

    /// The confirmation step for this POST: its fields repeated (all but the CSRF token, which the
    /// page carries anew) with `confirmed=1`, the question, the action's button and Cancel.
    func confirmationStep(_ question: ConfirmQuestion) async throws -> Response {
        let fields = FormText.pairs(urlEncoded: body.data.map { String(decoding: $0.readableBytesView, as: UTF8.self) } ?? "")
            .filter { $0.name != CSRFMiddleware.fieldName && $0.name != Self.confirmedField }
        let page = ConfirmationPage(
            layout: Layout(request: self, title: translate("confirm.title")), question: question,
            action: url.path, fields: fields, cancel: translate("confirm.cancel"))
        return try await page.encodeResponse(for: self)
    }
}

/// The confirmation step (no JavaScript needed).
struct ConfirmationPage: HTMLPage {
    let layout: Layout
    let body: HTML

    init(layout: Layout, question: ConfirmQuestion, action: String, fields: [(name: String, value: String)], cancel: String) {
        self.layout = layout
        let hidden = fields.map { field -> HTML in
            "<input type=\"hidden\" name=\"\(field.name)\" value=\"\(field.value)\">\n"
        }.joined()
        body = """
            <section class="narrow confirmation">
            <h1>\(layout.title)</h1>
            <p class="question">\(question.question)</p>
            <form method="post" action="\(action)" class="inline">
              \(PagePieces.csrf(layout.csrf))
              <input type="hidden" name="\(Request.confirmedField)" value="1">
            \(hidden)  <button type="submit" class="danger">\(question.confirm)</button>
              <a class="button" href="\(question.cancelURL)">\(cancel)</a>
            </form>
            </section>

            """
    }
}

extension FormText {
    /// The fields of a url-encoded form in order, repeated names kept (`a=1&a=2`); `+` is a space.
    /// A pair that does not decode is left out.
    static func pairs(urlEncoded text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String? {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
            guard let name = decode(parts[0]), !name.isEmpty else { return nil }
            let value = parts.count > 1 ? decode(parts[1]) : ""
            return value.map { (name, $0) }
        }
    }
}
