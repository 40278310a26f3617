import Foundation

/// One's absences: this year's vacation balance (employees), the request form, and the requests
/// of this year and after with what became of them.
struct AbsencesPage: HTMLPage {
    let layout: Layout
    let slug: String
    let year: Int
    let balance: VacationBalance?
    let absences: [Absence]
    let daysOff: DaysOff
    let input: AbsenceInput
    let problems: [String: String]
    let refusal: String?
    let calendarURL: String
    /// The company's days off, for admins.
    let daysOffURL: String?
    let t: Translator

    var body: HTML {
        var html: HTML = """
            <div class="heading">
              <h1>\(t("nav.absences"))</h1>
              <div class="actions">
                \(if: daysOffURL != nil, "<a class=\"button\" href=\"\(daysOffURL ?? "")\">\(t("daysOff.link"))</a>")
                <a class="button" href="\(calendarURL)">\(t("absence.calendar"))</a>
              </div>
            </div>

            """
        if let balance {
            let days = { (halves: Int) in VacationBalance.days(halves, language: t.language) }
            html.append("""
                <section class="card-row balance" aria-labelledby="balance-heading">
                  <h2 id="balance-heading">\(t("absence.balance.title", String(year)))</h2>
                  <dl class="facts">
                    <dt>\(t("absence.balance.entitlement"))</dt><dd>\(days(balance.entitlement))</dd>
                    <dt>\(t("absence.balance.taken"))</dt><dd>\(days(balance.taken))</dd>
                    <dt>\(t("absence.balance.pending"))</dt><dd>\(days(balance.pending))</dd>
                    <dt>\(t("absence.balance.remaining"))</dt><dd><strong>\(days(balance.remaining))</strong></dd>
                  </dl>
                </section>

                """)
        }
        html.append("<h2>\(t("absence.request.title"))</h2>\n")
        html.append(form)
        html.append("<h2>\(t("absence.list.title", String(year)))</h2>\n")
        let rows = absences.map { absence -> HTML in
            let days = AbsenceRules.halfDays(of: (absence.first, absence.last, absence.halfDay), daysOff: daysOff)
            let detail = [absence.note.isEmpty ? nil : absence.note,
                          absence.decidedBy.map { t("absence.decidedBy", $0) },
                          absence.reason.map { t("absence.reason", $0) }].compactMap { $0 }.joined(separator: " · ")
            let withdraw: HTML = absence.status == .pending ? """
                <form method="post" action="\(Paths.withdrawAbsence(slug, absence.id))" data-confirm="\(t("absence.withdraw.question"))" \
                data-confirm-button="\(t("absence.withdraw"))" data-confirm-cancel="\(t("confirm.cancel"))">
                \(PagePieces.csrf(layout.csrf))
                <button type="submit" class="link">\(t("absence.withdraw"))</button></form>
                """ : .empty
            return """
                <tr>
                  <th scope="row">\(AbsenceText.range(absence.first, absence.last, halfDay: absence.halfDay, t: t))</th>
                  <td data-label="\(t("absence.kind"))">\(t("absence.kind.\(absence.kind.rawValue)"))</td>
                  <td class="num" data-label="\(t("absence.days"))">\(VacationBalance.days(days, language: t.language))</td>
                  <td data-label="\(t("absence.status"))"><span class="badge state \(absence.status.rawValue)">\(t("absence.status.\(absence.status.rawValue)"))</span></td>
                  <td data-label="\(t("absence.detail"))">\(detail)</td>
                  <td>\(withdraw)</td>
                </tr>

                """
        }
        html.append(PagePieces.list(
            empty: absences.isEmpty ? t("absence.list.empty") : nil,
            headings: [t("absence.when"), t("absence.kind"), t("absence.days"), t("absence.status"), t("absence.detail")],
            rows: rows, hiddenLast: t("absence.withdraw")))
        return html
    }

    private var form: HTML {
        let kinds = AbsenceKind.allCases.map { kind -> HTML in
            "<option value=\"\(kind.rawValue)\"\(if: input.kind == kind.rawValue, " selected")>\(t("absence.kind.\(kind.rawValue)"))</option>"
        }
        func error(_ field: String) -> HTML { PagePieces.error(problems[field].map { t($0) }, id: "absence-\(field)-error") }
        func invalid(_ field: String) -> HTML { PagePieces.invalid(problems[field], describedBy: "absence-\(field)-error") }
        return """
            <form method="post" action="\(Paths.absences(slug))" class="entry-form">
              \(PagePieces.csrf(layout.csrf))
              \(if: refusal != nil, "<p class=\"error\" role=\"alert\">\(refusal ?? "")</p>")
              <div class="row-form">
                <div class="field\(if: problems["kind"] != nil, " invalid")">
                  <label for="absence-kind">\(t("absence.kind"))</label>
                  <select id="absence-kind" name="kind"\(invalid("kind"))>\(kinds.joined())</select>
                  \(error("kind"))
                </div>
                <div class="field\(if: problems["first"] != nil, " invalid")">
                  <label for="absence-first">\(t("absence.first"))</label>
                  <input id="absence-first" name="first" type="date" value="\(input.first)" required\(invalid("first"))>
                  \(error("first"))
                </div>
                <div class="field\(if: problems["last"] != nil, " invalid")">
                  <label for="absence-last">\(t("absence.last"))</label>
                  <input id="absence-last" name="last" type="date" value="\(input.last)"\(invalid("last"))>
                  \(error("last"))
                </div>
              </div>
              <label class="choice"><input type="checkbox" name="halfDay" value="1"\(if: input.halfDay, " checked")> \(t("absence.halfDay"))</label>
              <div class="row-form">
                <div class="field grow\(if: problems["note"] != nil, " invalid")">
                  <label for="absence-note">\(t("absence.note"))</label>
                  <input id="absence-note" name="note" value="\(input.note)" maxlength="500"\(invalid("note"))>
                  \(error("note"))
                </div>
                <button type="submit" class="primary">\(t("absence.request.button"))</button>
              </div>
              <p class="hint">\(t("absence.request.hint"))</p>
            </form>

            """
    }
}
