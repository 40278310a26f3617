import Foundation

/// A month of one person's time: the total against the contracted hours, the time per project
/// and per day; for team leaders and admins also everyone's total in their reach.
struct TimeMonthPage: HTMLPage {
    let layout: Layout
    let slug: String
    let month: Month
    let person: Person
    let own: Bool
    /// The month's time by project and by day.
    let time: MonthTime
    /// What the contracts expect of the month, public holidays, company days off and approved absences off.
    let expectedSeconds: Int
    /// Everyone the viewer may see (empty for those who see only themselves).
    let team: [PersonMonthTime]
    /// The month's state and what the viewer may do to it.
    let close: MonthCloseState
    let csrf: String
    let t: Translator

    struct MonthCloseState: Sendable {
        let month: TimeMonth?
        let canSubmit: Bool
        let canDecide: Bool
        let canReopen: Bool
        let overviewURL: String?
    }

    private var closeSection: HTML {
        let status = close.month.map { t("time.close.status.\($0.status.rawValue)") } ?? t("time.close.status.open")
        var html: HTML = """
            <section class="card-row month-close" aria-labelledby="close-heading">
              <h2 id="close-heading">\(t("time.close.title"))</h2>
              <p>\(status)\(if: close.month?.decidedBy != nil, " · \(t("absence.decidedBy", close.month?.decidedBy ?? ""))")</p>
              \(if: close.month?.reason != nil, "<p>\(t("absence.reason", close.month?.reason ?? ""))</p>")

            """
        let hidden: HTML = """
            \(PagePieces.csrf(csrf))<input type="hidden" name="month" value="\(month.iso)">\
            <input type="hidden" name="person" value="\(person.user.id.lowercasedString)">
            """
        if close.canSubmit {
            html.append("""
                  <form method="post" action="\(Paths.submitMonth(slug))">\(hidden)
                    <button type="submit" class="primary">\(t("time.close.submit"))</button>
                  </form>
                  <p class="hint">\(t("time.close.submitHint"))</p>

                """)
        }
        if close.canDecide {
            html.append("""
                  <div class="row-form">
                    <form method="post" action="\(Paths.decideMonth(slug))">\(hidden)<input type="hidden" name="decision" value="approve">
                      <button type="submit" class="primary">\(t("time.close.approve"))</button>
                    </form>
                    <form method="post" action="\(Paths.decideMonth(slug))" class="row-form grow">\(hidden)
                      <input type="hidden" name="decision" value="return">
                      <div class="field grow">
                        <label for="return-reason">\(t("time.close.returnReason"))</label>
                        <input id="return-reason" name="reason" maxlength="500" required>
                      </div>
                      <button type="submit" class="danger">\(t("time.close.return"))</button>
                    </form>
                  </div>

                """)
        }
        if close.canReopen {
            html.append("""
                  <form method="post" action="\(Paths.reopenMonth(slug))" class="row-form">\(hidden)
                    <div class="field grow">
                      <label for="reopen-reason">\(t("time.close.reopenReason"))</label>
                      <input id="reopen-reason" name="reason" maxlength="500" required>
                    </div>
                    <button type="submit">\(t("time.close.reopen"))</button>
                  </form>

                """)
        }
        if let overview = close.overviewURL {
            html.append("  <p><a href=\"\(overview)\">\(t("time.close.overview"))</a></p>\n")
        }
        html.append("</section>\n")
        return html
    }

    var body: HTML {
        let total = time.seconds
        let expected = expectedSeconds
        let whose = own ? t("time.month.title", t.month(month)) : t("time.month.titleOf", person.user.displayName, t.month(month))
        var html: HTML = """
            <div class="heading">
              <h1>\(whose)</h1>
              \(if: own, "<a class=\"button\" href=\"\(Paths.timesheet(slug, week: Week(containing: month.first)))\">\(t("time.weekView"))</a>")
            </div>

            """
        let target: UUID? = own ? nil : person.user.id
        html.append(PagePieces.pager(
            previousURL: Paths.timeMonth(slug, month: month.adding(months: -1), person: target),
            nextURL: Paths.timeMonth(slug, month: month.adding(months: 1), person: target), label: t.month(month),
            previousText: t("time.previousMonth"), nextText: t("time.nextMonth"), t: t))
        html.append("""
            <p class="totals"><strong>\(t("time.monthTotal", WorkDuration.text(seconds: total)))</strong>\
            \(if: expected > 0, " · \(t("time.expected", WorkDuration.text(seconds: expected)))")</p>

            """)
        html.append(closeSection)
        html.append(PagePieces.timeDownloads(slug, TimeExportQuery(month: month.iso, person: person.user.id.lowercasedString),
                                             label: t("export.download"), t: t))
        if time.isEmpty {
            html.append("<p class=\"empty\">\(t(own ? "time.emptyMonth" : "time.emptyMonthOf"))</p>\n")
        } else {
            // By the label without case and accents, each folded once (a locale's comparison of
            // every pair took a twentieth of the page's time), and then kept (`FoldedText`).
            let projects = time.projects.map { project in
                let label = project.client + " · " + project.name
                return (key: FoldedText.key(label), label: label, project: project)
            }.sorted { ($0.key, $0.label) < ($1.key, $1.label) }
            html.append("<h2>\(t("time.byProject"))</h2>\n")
            html.append(PagePieces.list(empty: nil, headings: [t("time.project"), t("time.billable"), t("time.duration")],
                                        rows: projects.map { row in
                """
                <tr><th scope="row">\(row.label)</th><td>\(t(row.project.billable ? "time.yes" : "time.no"))</td>\
                <td class="num">\(WorkDuration.text(seconds: row.project.seconds))</td></tr>

                """
            }))
            html.append("<h2>\(t("time.byDay"))</h2>\n")
            html.append(PagePieces.list(empty: nil, headings: [t("time.day"), t("time.duration")],
                                        rows: time.days.sorted { $0.key < $1.key }.map { day, seconds in
                let label = t("weekday.\(day.isoWeekday)") + " " + t.day(day)
                let link: HTML = own ? "<a href=\"\(Paths.timesheet(slug, week: Week(containing: day)))\">\(label)</a>" : "\(label)"
                return """
                    <tr><th scope="row">\(link)</th><td class="num">\(WorkDuration.text(seconds: seconds))</td></tr>

                    """
            }))
        }
        if !team.isEmpty {
            html.append("<h2 id=\"team\">\(t("time.team"))</h2>\n")
            html.append(PagePieces.timeDownloads(slug, TimeExportQuery(month: month.iso), label: t("export.time.everyone"), t: t))
            html.append(PagePieces.list(empty: nil, headings: [t("people.name"), t("time.entries"), t("time.duration")],
                                        rows: team.map { row in
                """
                <tr\(if: row.id == person.user.id, " class=\"selected\"")><th scope="row">\
                <a href="\(Paths.timeMonth(slug, month: month, person: row.id))">\(row.name)</a></th>\
                <td class="num">\(row.entries)</td><td class="num">\(WorkDuration.text(seconds: row.seconds))</td></tr>

                """
            }))
        }
        return html
    }
}
