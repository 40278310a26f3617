import Foundation

/// One entry of one's own: the form to change it, and its deletion.
struct TimeEntryPage: HTMLPage {
    let layout: Layout
    let slug: String
    let entry: TimeEntryRow
    let form: TimeEntryForm
    let projects: [ProjectChoice]
    let t: Translator

    var body: HTML {
        // The entry's own project stays a choice even when it is archived or closed to the person.
        var choices = projects
        if !choices.contains(where: { $0.id == entry.projectID }) {
            choices.insert(ProjectChoice(id: entry.projectID, name: entry.project, client: entry.client, billable: entry.billable), at: 0)
        }
        let back = Paths.timesheet(slug, week: Week(containing: entry.day))
        return """
            <p><a href="\(back)">\(t("time.backToWeek"))</a></p>
            <h1>\(t("time.entry.title", t.day(entry.day)))</h1>
            \(form.html(action: Paths.timeEntry(slug, entry.id), csrf: layout.csrf, projects: choices, submit: t("form.save"),
                        idPrefix: "entry-", t: t))\
            <form method="post" action="\(Paths.deleteTimeEntry(slug, entry.id))" data-confirm="\(t("time.delete.question"))" \
            data-confirm-button="\(t("time.delete"))" data-confirm-cancel="\(t("confirm.cancel"))">
              \(PagePieces.csrf(layout.csrf))
              <button type="submit" class="danger">\(t("time.delete"))</button>
            </form>

            """
    }
}

/// A timer that ran over midnight or for more than 12 hours: what to keep of it.
struct TimerEndPage: HTMLPage {
    let layout: Layout
    let slug: String
    let timer: RunningTimer
    let overrun: TimerOverrun?
    let problem: String?
    let endText: String
    let zone: String
    let t: Translator

    var body: HTML {
        let started = LocalDate.today(in: zone, now: timer.startedAt)
        let since = t.day(started) + " " + LocalClock.text(timer.startedAt, zone: zone)
        return """
            <p><a href="\(Paths.timesheet(slug))">\(t("time.backToWeek"))</a></p>
            <h1>\(t("timer.end.title"))</h1>
            <p><strong>\(timer.client) · \(timer.project)</strong>\(if: !timer.description.isEmpty, " — \(timer.description)")</p>
            <p>\(t(overrun.map { "timer.end.\($0.rawValue)" } ?? "timer.end.explain", since))</p>
            <form method="post" action="\(Paths.stopTimer(slug))" class="row-form\(if: problem != nil, " invalid")">
              \(PagePieces.csrf(layout.csrf))
              <input type="hidden" name="timer" value="\(timer.id.lowercasedString)">
              <div class="field">
                <label for="end">\(t("timer.end.at", t.day(started)))</label>
                <input id="end" name="end" value="\(endText)" inputmode="numeric" placeholder="17:00" maxlength="5" size="5" required\
            \(PagePieces.invalid(problem, describedBy: "end-error"))>
                \(PagePieces.error(problem, id: "end-error"))
              </div>
              <button type="submit" class="primary">\(t("timer.end.keep"))</button>
            </form>
            <form method="post" action="\(Paths.stopTimer(slug))" data-confirm="\(t("timer.discard.question"))" \
            data-confirm-button="\(t("timer.discard"))" data-confirm-cancel="\(t("confirm.cancel"))">
              \(PagePieces.csrf(layout.csrf))
              <input type="hidden" name="timer" value="\(timer.id.lowercasedString)">
              <input type="hidden" name="discard" value="1">
              <button type="submit" class="danger">\(t("timer.discard"))</button>
            </form>

            """
    }
}
