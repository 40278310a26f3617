/// The month-end desk of one month and state, built from the desk's lines (`ReviewRules.line`)
/// and a translator, and printed in Swift (`HTMLPage`); its rows are written by `DeskTable`.
struct DeskPage: HTMLPage {
    struct ActionChoice: Equatable {
        let value: String
        let label: String
        let key: String
    }

    let layout: Layout
    let heading: String
    let tabs: [ReviewTabs.Tab]
    let month: String
    let state: String
    let action: String
    let filterAction: String
    /// The rows, in the pieces they were written in (`DeskTable.rows(_:first:page:)`).
    let rowsHTML: [HTML]
    let actions: [ActionChoice]
    let basis: String
    let empty: String?
    let exportURL: String?
    let paymentsURL: String
    let t: Translator

    /// The desk of `lines`, its rows written here.
    /// - Parameter currency: the tenant's, for an expected amount without a rate's currency.
    init(layout: Layout, slug: String, currency: String, month: Month, state: InvoiceState, lines: [ReviewLine],
         t: Translator) {
        self.init(layout: layout, slug: slug, month: month, state: state,
                  rowsHTML: lines.isEmpty ? [] : [DeskTable.rows(lines, first: 0, page: DeskTable.Page(
                      slug: slug, currency: currency, state: state, t: t))],
                  t: t)
    }

    /// The desk whose rows `DeskTable.rows(_:first:page:)` wrote, in pieces (`ReviewDeskRoutes`):
    /// the lines themselves are not needed again. No piece, or only empty ones, is an empty desk.
    init(layout: Layout, slug: String, month: Month, state: InvoiceState, rowsHTML: [HTML], t: Translator) {
        let monthLabel = t.month(month)
        let isEmpty = rowsHTML.allSatisfy(\.isEmpty)
        self.layout = layout
        self.t = t
        heading = t("review.desk.heading", monthLabel)
        tabs = ReviewTabs.tabs(slug: slug, month: month, current: ReviewTabs.current(desk: state), t: t)
        self.month = month.iso
        self.state = state.rawValue
        action = Paths.reviewDesk(slug)
        filterAction = Paths.reviewDesk(slug)
        self.rowsHTML = rowsHTML
        actions = InvoiceAction.allowed(from: state).map {
            ActionChoice(value: $0.rawValue, label: t("review.action.\($0.rawValue)"),
                         key: $0 == .approve ? "a" : $0 == .returnToEmployee ? "r" : "")
        }
        basis = t("review.basis")
        empty = isEmpty ? t("review.desk.empty.\(state.rawValue)", monthLabel) : nil
        exportURL = state == .approved && !isEmpty ? Paths.reviewExport(slug) : nil
        paymentsURL = Paths.paymentSettings(slug)
    }

    var body: HTML { bodyParts.joined() }

    /// The page before the rows, the rows (as `DeskTable` wrote them) and the page after them.
    var bodyParts: [HTML] {
        var html: HTML = """
            <h1>\(heading)</h1>
            \(ReviewTabs.html(tabs, t: t))\
            <form method="get" action="\(filterAction)" class="filters">
              <input type="hidden" name="state" value="\(state)">
              <div class="field"><label for="month">\(t("invoice.month"))</label>\
            <input id="month" name="month" type="month" value="\(month)" required></div>
              <button type="submit">\(t("people.filter"))</button>
            </form>

            """
        if let empty {
            html.append("<p class=\"empty\">\(empty)</p>\n")
            return [html]
        }
        // The dialog's questions, per action that is asked about, with {count} and {total} to fill.
        let confirmations = InvoiceAction.allCases.filter(\.needsConfirmation).map { action -> HTML in
            let many = t("confirm.invoices.\(action.rawValue)", "{count}", "{total}")
            let one = t("confirm.invoices.\(action.rawValue).one", "1", "{total}")
            return " data-confirm-\(action.rawValue)=\"\(many)\" data-confirm-\(action.rawValue)-one=\"\(one)\" "
                + "data-confirm-\(action.rawValue)-button=\"\(t("review.action.\(action.rawValue)"))\""
        }.joined() + " data-confirm-none=\"\(t("confirm.invoices.noAmount"))\" data-confirm-cancel=\"\(t("confirm.cancel"))\""
        let choices = actions.map { choice -> HTML in
            """
            <label class="choice"><input type="radio" name="action" value="\(choice.value)"\
            \(if: !choice.key.isEmpty, " data-key=\"\(choice.key)\"") required> \(choice.label)</label>
            """
        }
        var export = HTML.empty
        if let exportURL {
            export = """
                    <span class="export">
                      <button type="submit" formaction="\(exportURL)" formnovalidate name="format" value="csv">\(t("review.export.csv"))</button>
                      <button type="submit" formaction="\(exportURL)" formnovalidate name="format" value="xml">\(t("review.export.xml"))</button>
                      <label class="choice"><input type="checkbox" name="again" value="on"> \(t("review.export.again"))</label>
                      <a href="\(paymentsURL)">\(t("payments.title"))</a>
                    </span>

                """
        }
        html.append("""
            <form method="post" action="\(action)" id="desk" class="desk"\(confirmations)>
              \(PagePieces.csrf(layout.csrf))
              <input type="hidden" name="month" value="\(month)">
              <input type="hidden" name="state" value="\(state)">
              <div class="desk-bar">
                <fieldset class="desk-actions">
                  <legend>\(t("review.applyTo"))</legend>
                  \(choices.joined())
                </fieldset>
                <div class="field grow"><label for="reason">\(t("review.reasonForAll"))</label>\
            <input id="reason" name="reason" maxlength="2000" autocomplete="off"></div>
                <button type="submit" class="primary">\(t("review.apply"))</button>
            \(export)  </div>
              <p class="hint">\(basis) <span class="js-only">\(t("review.keysHint"))</span></p>
              <div class="desk-scroll"><span id="desk-selection" class="visually-hidden">\(t("review.select"))</span>
              <table class="list desk-table">
                <thead><tr>
                  <th scope="col"><span class="visually-hidden">\(t("review.select"))</span></th>
                  <th scope="col">\(t("people.name"))</th><th scope="col">\(t("review.read"))</th>\
            <th scope="col">\(t("review.expectedAndDifference"))</th>
                  <th scope="col">\(t("review.payment"))</th>
                  <th scope="col">\(t("review.flags"))</th><th scope="col">\(t("review.reasonForRow"))</th><th scope="col">PDF</th>
                </tr></thead>
                <tbody>

            """)
        return [html] + rowsHTML + ["""
                </tbody>
              </table>
              </div>
              <p class="js-only"><button type="button" id="select-clean">\(t("review.selectClean"))</button> \
            <button type="button" id="select-none">\(t("review.selectNone"))</button></p>
            </form>
            <div id="keys-help" class="overlay" role="dialog" aria-modal="true" aria-labelledby="keys-title" hidden>
              <div class="card-row">
                <h2 id="keys-title">\(t("review.keys.title"))</h2>
                <dl class="facts">
                  <dt>j / k</dt><dd>\(t("review.keys.move"))</dd>
                  <dt>x</dt><dd>\(t("review.keys.select"))</dd>
                  <dt>a</dt><dd>\(t("review.keys.approve"))</dd>
                  <dt>r</dt><dd>\(t("review.keys.return"))</dd>
                  <dt>o</dt><dd>\(t("review.keys.open"))</dd>
                  <dt>\(t("review.keys.shiftClick"))</dt><dd>\(t("review.keys.range"))</dd>
                  <dt>?</dt><dd>\(t("review.keys.help"))</dd>
                </dl>
                <button type="button" id="keys-close">\(t("review.keys.close"))</button>
              </div>
            </div>
            <script src="/js/review.js" defer></script>

            """]
    }
}
