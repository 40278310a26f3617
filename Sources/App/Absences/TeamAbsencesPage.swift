import Foundation

/// The team calendar: a month's grid of the absences of everyone the viewer sees (their own, the
/// teams they lead, everyone for admins) with public holidays and the company's days off, and
/// above it the requests waiting for the viewer's decision.
struct TeamAbsencesPage: HTMLPage {
    let layout: Layout
    let slug: String
    let month: Month
    /// The teams to narrow the grid to (admins'), and the one chosen.
    let teams: [(id: UUID, name: String)]
    let team: UUID?
    let people: [(id: UUID, name: String)]
    let absences: [PersonAbsence]
    let waiting: [PersonAbsence]
    /// The requester's vacation of the request's year, by request (vacation of employees only).
    let balances: [UUID: VacationBalance]
    let daysOff: DaysOff
    /// A refused decision: the request and why.
    let refused: (id: UUID, message: String)?
    let t: Translator

    var body: HTML {
        var html: HTML = """
            <div class="heading">
              <h1>\(t("absence.calendar.title", t.month(month)))</h1>
              <a class="button" href="\(Paths.absences(slug))">\(t("absence.mine"))</a>
            </div>

            """
        if !waiting.isEmpty {
            html.append("<h2 id=\"waiting\">\(t("absence.waiting.title"))</h2>\n")
            for item in waiting { html.append(request(item)) }
        }
        if !teams.isEmpty {
            let options = teams.map { option -> HTML in
                "<option value=\"\(option.id.lowercasedString)\"\(if: option.id == team, " selected")>\(option.name)</option>"
            }
            html.append("""
                <form method="get" action="\(Paths.teamAbsencesAddress(slug))" class="filters">
                  <input type="hidden" name="month" value="\(month.iso)">
                  <div class="field"><label for="calendar-team">\(t("person.team"))</label>\
                <select id="calendar-team" name="team"><option value="">\(t("absence.calendar.everyone"))</option>\(options.joined())</select></div>
                  <button type="submit">\(t("people.filter"))</button>
                </form>

                """)
        }
        html.append(PagePieces.pager(
            previousURL: Paths.teamAbsences(slug, month: month.adding(months: -1), team: team),
            nextURL: Paths.teamAbsences(slug, month: month.adding(months: 1), team: team), label: t.month(month),
            previousText: t("time.previousMonth"), nextText: t("time.nextMonth"), t: t))
        html.append(grid)
        return html
    }

    /// "Vacation in 2026: 12.5 of 20 days left; 3 waiting for approval (this request included)."
    private func balanceLine(_ absence: Absence) -> HTML {
        guard let balance = balances[absence.id] else { return .empty }
        let days = { VacationBalance.days($0, language: self.t.language) }
        return "<p class=\"hint\">\(t("absence.waiting.balance", String(absence.first.year), days(balance.remaining), days(balance.entitlement), days(balance.pending)))</p>"
    }

    private func request(_ item: PersonAbsence) -> HTML {
        let absence = item.absence, id = absence.id.lowercasedString
        let days = AbsenceRules.halfDays(of: (absence.first, absence.last, absence.halfDay), daysOff: daysOff)
        let problem = refused?.id == absence.id ? refused?.message : nil
        return """
            <section class="card-row request" aria-labelledby="request-\(id)">
              <h3 id="request-\(id)">\(item.name): \(t("absence.kind.\(absence.kind.rawValue)"))</h3>
              <p>\(AbsenceText.range(absence.first, absence.last, halfDay: absence.halfDay, t: t)) · \
            \(t("absence.daysCount", VacationBalance.days(days, language: t.language)))\(if: !absence.note.isEmpty, " · \(absence.note)")</p>
              \(balanceLine(absence))
              \(if: problem != nil, "<p class=\"error\" role=\"alert\">\(problem ?? "")</p>")
              <div class="row-form">
                <form method="post" action="\(Paths.decideAbsence(slug, absence.id))">
                  \(PagePieces.csrf(layout.csrf))
                  <input type="hidden" name="decision" value="approve">
                  <button type="submit" class="primary">\(t("absence.approve"))<span class="visually-hidden"> \(item.name)</span></button>
                </form>
                <form method="post" action="\(Paths.decideAbsence(slug, absence.id))" class="row-form grow">
                  \(PagePieces.csrf(layout.csrf))
                  <input type="hidden" name="decision" value="decline">
                  <div class="field grow">
                    <label for="reason-\(id)">\(t("absence.declineReason"))</label>
                    <input id="reason-\(id)" name="reason" maxlength="500" required>
                  </div>
                  <button type="submit" class="danger">\(t("absence.decline"))<span class="visually-hidden"> \(item.name)</span></button>
                </form>
              </div>
            </section>

            """
    }

    private var grid: HTML {
        let days = month.days
        let byPerson = Dictionary(grouping: absences, by: { $0.absence.userID })
        let head = days.map { day -> HTML in
            let off = !daysOff.isWorkingDay(day)
            return "<th scope=\"col\"\(if: off, " class=\"off\"")><abbr title=\"\(t("weekday.\(day.isoWeekday)")) \(t.day(day))\">\(day.day)</abbr></th>"
        }
        let rows = people.map { person -> HTML in
            let mine = byPerson[person.id] ?? []
            let cells = days.map { day -> HTML in
                let off = !daysOff.isWorkingDay(day)
                guard let found = mine.first(where: { $0.absence.covers(day) })?.absence else {
                    return "<td\(if: off, " class=\"off\"")></td>"
                }
                let label = t("absence.kind.\(found.kind.rawValue)") + (found.status == .pending ? " (" + t("absence.status.pending") + ")" : "")
                return """
                    <td class="absent \(found.kind.rawValue)\(if: found.status == .pending, " pending")\(if: off, " off")" title="\(label)">\
                    <span aria-hidden="true">\(t("absence.letter.\(found.kind.rawValue)"))</span><span class="visually-hidden">\(label)</span></td>
                    """
            }
            return "<tr><th scope=\"row\">\(person.name)</th>\(cells.joined())</tr>\n"
        }
        let legend = AbsenceKind.allCases.map { kind -> HTML in
            "<li><span class=\"absent \(kind.rawValue)\">\(t("absence.letter.\(kind.rawValue)"))</span> \(t("absence.kind.\(kind.rawValue)"))</li>"
        }
        var offDays: [HTML] = []
        for day in days where !WorkingDays.isWorkingDay(day) && day.isoWeekday <= 5 {
            offDays.append("<li>\(t.day(day)): \(t("time.holiday"))</li>")
        }
        for (day, name) in daysOff.company.sorted(by: { $0.key < $1.key }) where Month(day) == month {
            offDays.append("<li>\(t.day(day)): \(name)</li>")
        }
        return """
            <div class="calendar-scroll" role="region" aria-label="\(t("absence.calendar.title", t.month(month)))" tabindex="0">
            <table class="calendar">
              <thead><tr><th scope="col">\(t("people.name"))</th>\(head.joined())</tr></thead>
              <tbody>
            \(rows.joined())  </tbody>
            </table>
            </div>
            <ul class="legend">\(legend.joined())<li><span class="absent pending">·</span> \(t("absence.legend.pending"))</li>\
            <li><span class="off-sample"></span> \(t("absence.legend.off"))</li></ul>
            \(if: !offDays.isEmpty, "<ul class=\"off-days\">\(offDays.joined())</ul>")

            """
    }
}

/// The company's days off (admins): this year's public holidays, the company's own days, and the
/// form to add one.
struct DaysOffPage: HTMLPage {
    let layout: Layout
    let slug: String
    let year: Int
    let daysOff: DaysOff
    let problem: String?
    let typed: (day: String, name: String)
    let t: Translator

    var body: HTML {
        let holidays = CzechHolidays.dates(in: year).map { day -> HTML in
            "<li>\(t("weekday.\(day.isoWeekday)")) \(t.day(day))</li>"
        }
        let own = daysOff.company.sorted { $0.key < $1.key }.map { day, name -> HTML in
            """
            <tr><th scope="row">\(t("weekday.\(day.isoWeekday)")) \(t.day(day))</th><td>\(name)</td><td>
            <form method="post" action="\(Paths.deleteDayOff(slug))" data-confirm="\(t("daysOff.delete.question", t.day(day)))" \
            data-confirm-button="\(t("daysOff.delete"))" data-confirm-cancel="\(t("confirm.cancel"))">
            \(PagePieces.csrf(layout.csrf))<input type="hidden" name="day" value="\(day.iso)">
            <button type="submit" class="link">\(t("daysOff.delete"))<span class="visually-hidden"> \(t.day(day))</span></button></form></td></tr>

            """
        }
        return """
            <h1>\(t("daysOff.title", String(year)))</h1>
            <p class="hint">\(t("daysOff.explain"))</p>
            \(PagePieces.pager(previousURL: Paths.daysOff(slug) + "?year=\(year - 1)", nextURL: Paths.daysOff(slug) + "?year=\(year + 1)",
                               label: String(year), previousText: String(year - 1), nextText: String(year + 1), t: t))\
            <h2>\(t("daysOff.company"))</h2>
            \(PagePieces.list(empty: own.isEmpty ? t("daysOff.empty") : nil, headings: [t("time.day"), t("daysOff.name")], rows: own,
                              hiddenLast: t("daysOff.delete")))\
            <form method="post" action="\(Paths.daysOff(slug))" class="row-form\(if: problem != nil, " invalid")">
              \(PagePieces.csrf(layout.csrf))
              <div class="field">
                <label for="day-off-day">\(t("time.day"))</label>
                <input id="day-off-day" name="day" type="date" value="\(typed.day)" required>
              </div>
              <div class="field grow">
                <label for="day-off-name">\(t("daysOff.name"))</label>
                <input id="day-off-name" name="name" value="\(typed.name)" maxlength="100" required>
              </div>
              <button type="submit" class="primary">\(t("daysOff.add"))</button>
            </form>
            \(if: problem != nil, "<p class=\"error\" role=\"alert\">\(problem ?? "")</p>")
            <h2>\(t("daysOff.public", String(year)))</h2>
            <ul class="off-days">\(holidays.joined())</ul>

            """
    }
}
