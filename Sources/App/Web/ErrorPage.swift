/// The page of an error (`ErrorPageMiddleware`): its status code, what went wrong in the
/// visitor's language, the details in development, the way home and the request's reference.
struct ErrorPage: HTMLPage {
    let layout: Layout
    let code: UInt
    let heading: String
    let message: String
    let detail: String?
    let homeURL: String
    /// The request's id, for the person to quote and the operator to find in the logs.
    let requestID: String?
    let t: Translator

    var body: HTML {
        """
        <section class="narrow">
        <p class="code">\(code)</p>
        <h1>\(heading)</h1>
        <p>\(message)</p>
        \(if: detail != nil, "<pre class=\"detail\">\(detail ?? "")</pre>\n")\
        <p><a href="\(homeURL)">\(t("error.home"))</a></p>
        \(if: requestID != nil, "<p class=\"muted\">\(t("error.reference")) <code>\(requestID ?? "")</code></p>\n")\
        </section>

        """
    }
}
