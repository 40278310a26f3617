import Foundation

/// The week's timesheet: the timer, the week's days with their entries and totals, the week's
/// total against the contracted hours, and the form to add time.
struct TimesheetPage: HTMLPage {
    let layout: Layout
    let slug: String
    let week: Week
    let today: LocalDate
    let entries: [TimeEntryRow]
    let timer: RunningTimer?
    let projects: [ProjectChoice]
    let expectedSeconds: Int
    /// The week's approved absences and the company's days off, marked on their days.
    let absences: [Absence]
    let daysOff: DaysOff
    let hasContract: Bool
    let form: TimeEntryForm
    let now: Date
    let zone: String
    let t: Translator

    var body: HTML {
        let total = entries.reduce(0) { $0 + $1.seconds }
        var html: HTML = """
            <div class="heading">
              <h1>\(t("time.title"))</h1>
              <a class="button" href="\(Paths.timeMonth(slug, month: Month(week.monday), person: nil))">\(t("time.monthView"))</a>
            </div>

            """
        if !hasContract { html.append("<p class=\"hint\">\(t("time.noContractHint"))</p>\n") }
        html.append(TimerPanel.html(timer: timer, projects: projects, slug: slug, csrf: layout.csrf, now: now, zone: zone, t: t))
        let range = t("time.weekRange", t.day(week.monday), t.day(week.sunday))
        html.append(PagePieces.pager(
            previousURL: Paths.timesheet(slug, week: week.previous), nextURL: Paths.timesheet(slug, week: week.next), label: range,
            previousText: t("time.previousWeek"), nextText: t("time.nextWeek"), t: t))
        if !week.contains(today) {
            html.append("<p><a href=\"\(Paths.timesheet(slug, week: Week(containing: today)))\">\(t("time.thisWeek"))</a></p>\n")
        }
        html.append("""
            <p class="totals"><strong>\(t("time.weekTotal", WorkDuration.text(seconds: total)))</strong>\
            \(if: hasContract, " · \(t("time.expected", WorkDuration.text(seconds: expectedSeconds)))")</p>

            """)
        let byDay = Dictionary(grouping: entries, by: \.day)
        // What every entry's row repeats, translated once.
        let when = t("time.when"), project = t("time.project"), description = t("time.description")
        let duration = t("time.duration"), edit = t("time.edit")
        var rows: [HTML] = []
        for day in week.days {
            let dayEntries = byDay[day] ?? []
            let dayTotal = dayEntries.reduce(0) { $0 + $1.seconds }
            let holiday = CzechHolidays.contains(day)
            var badges: [String] = holiday ? [t("time.holiday")] : []
            if let name = daysOff.company[day] { badges.append(name) }
            if let absence = absences.first(where: { $0.covers(day) }) {
                badges.append(t("absence.kind.\(absence.kind.rawValue)") + (absence.halfDay ? " " + t("absence.halfDaySuffix") : ""))
            }
            let marks = badges.map { " <span class=\"badge\">\($0)</span>" as HTML }
            rows.append("""
                <tr class="day\(if: day == today, " today")">
                  <th scope="rowgroup" colspan="3">\(t("weekday.\(day.isoWeekday)")) \(t.day(day))\(marks.joined())</th>
                  <td class="num">\(WorkDuration.text(seconds: dayTotal))</td>
                  <td class="edit"></td>
                </tr>

                """)
            let dayText = t.day(day)
            for entry in dayEntries {
                rows.append("""
                    <tr>
                      <td class="when nowrap" data-label="\(when)">\(entry.start.text)–\(entry.end.text)</td>
                      <td class="project" data-label="\(project)">\(entry.client) · \(entry.project)</td>
                      <td class="description" data-label="\(description)">\(entry.description)</td>
                      <td class="num" data-label="\(duration)">\(WorkDuration.text(seconds: entry.seconds))</td>
                      <td class="edit"><a href="\(Paths.timeEntry(slug, entry.id))">\(edit)<span class="visually-hidden"> \(entry.start.text)–\(entry.end.text) \(dayText)</span></a></td>
                    </tr>

                    """)
            }
        }
        html.append("""
            <table class="list timesheet">
              <thead><tr><th scope="col">\(when)</th><th scope="col">\(project)</th>\
            <th scope="col">\(description)</th><th scope="col" class="num">\(duration)</th>\
            <th scope="col"><span class="visually-hidden">\(edit)</span></th></tr></thead>
              <tbody>
            \(rows.joined())  </tbody>
            </table>

            """)
        if entries.isEmpty { html.append("<p class=\"empty\">\(t("time.emptyWeek"))</p>\n") }
        html.append("<h2 id=\"add\">\(t("time.add"))</h2>\n")
        if projects.isEmpty {
            html.append("<p class=\"empty\">\(t("time.noProjects"))</p>\n")
        } else {
            html.append(form.html(action: Paths.timeEntries(slug), csrf: layout.csrf, projects: projects, submit: t("time.addButton"),
                                  idPrefix: "new-", t: t))
        }
        return html
    }
}

/// The timer on the timesheet: the running one with its stop button, or the form to start one.
enum TimerPanel {
    static func html(timer: RunningTimer?, projects: [ProjectChoice], slug: String, csrf: String, now: Date, zone: String,
                     t: Translator) -> HTML {
        if let timer {
            let elapsed = Int(max(now.timeIntervalSince(timer.startedAt), 0))
            let since = LocalClock.text(timer.startedAt, zone: zone)
            return """
                <section class="card-row timer running" aria-labelledby="timer-heading">
                  <h2 id="timer-heading">\(t("timer.running"))</h2>
                  <p><strong>\(timer.client) · \(timer.project)</strong>\(if: !timer.description.isEmpty, " — \(timer.description)")</p>
                  <p class="muted">\(t("timer.since", since, WorkDuration.text(seconds: elapsed)))</p>
                  <form method="post" action="\(Paths.stopTimer(slug))" class="inline">
                    \(PagePieces.csrf(csrf))
                    <input type="hidden" name="timer" value="\(timer.id.lowercasedString)">
                    <button type="submit" class="primary">\(t("timer.stop"))</button>
                  </form>
                  \(if: !projects.isEmpty, """
                    <details class="add"><summary>\(t("timer.switch"))</summary>
                    \(startForm(seen: timer.id, projects: projects, slug: slug, csrf: csrf, t: t))</details>
                    """)
                </section>

                """
        }
        guard !projects.isEmpty else { return .empty }
        return """
            <section class="card-row timer" aria-labelledby="timer-heading">
              <h2 id="timer-heading">\(t("timer.title"))</h2>
              \(startForm(seen: nil, projects: projects, slug: slug, csrf: csrf, t: t))
            </section>

            """
    }

    /// Starts a timer; `seen` is the one running as the page shows it (stopped first).
    static func startForm(seen: UUID?, projects: [ProjectChoice], slug: String, csrf: String, t: Translator) -> HTML {
        let options = projects.map { "<option value=\"\($0.id.lowercasedString)\">\($0.label)</option>" as HTML }
        return """
              <form method="post" action="\(Paths.startTimer(slug))" class="row-form">
                \(PagePieces.csrf(csrf))
                <input type="hidden" name="seen" value="\(seen?.lowercasedString ?? "")">
                <div class="field grow">
                  <label for="timer-project">\(t("time.project"))</label>
                  <select id="timer-project" name="project" required><option value="">\(t("time.chooseProject"))</option>\(options.joined())</select>
                </div>
                <div class="field grow">
                  <label for="timer-description">\(t("time.description"))</label>
                  <input id="timer-description" name="description" maxlength="500">
                </div>
                <button type="submit" class="primary">\(t("timer.start"))</button>
              </form>
            """
    }
}

/// Times of day on a tenant's wall clock, for display. Pure.
enum LocalClock {
    /// "09:12" of `instant` in `zone`.
    static func text(_ instant: Date, zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "Europe/Prague")!
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return (parts.hour ?? 0).zeroPadded(2) + ":" + (parts.minute ?? 0).zeroPadded(2)
    }
}
