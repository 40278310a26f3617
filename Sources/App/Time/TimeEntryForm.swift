import Foundation

/// The form of one entry (the timesheet's "Add time", an entry's own page): what was typed, the
/// projects to choose from, and why the last try was refused.
struct TimeEntryForm: Sendable {
    var input: TimeEntryInput
    var problems: [String: String] = [:]
    /// A refusal of the entry as a whole (an overlap, no contract), above the fields.
    var refusal: String?

    func html(action: String, csrf: String, projects: [ProjectChoice], submit: String, idPrefix: String, t: Translator) -> HTML {
        func field(_ name: String, _ label: String, type: String = "text", extra: HTML = .empty, grow: Bool = false,
                   short: Bool = false) -> HTML {
            let id = idPrefix + name, problem = problems[name]
            let value = switch name {
            case "day": input.day
            case "start": input.start
            case "end": input.end
            case "duration": input.duration
            default: input.description
            }
            return """
                  <div class="field\(if: grow, " grow")\(if: short, " short")\(if: problem != nil, " invalid")">
                    <label for="\(id)">\(label)</label>
                    <input id="\(id)" name="\(name)" type="\(type)" value="\(value)"\(extra)\
                \(PagePieces.invalid(problem, describedBy: "\(id)-error"))>
                    \(PagePieces.error(problem.map { t($0) }, id: "\(id)-error"))
                  </div>

                """
        }
        let projectID = idPrefix + "project", projectProblem = problems["project"]
        let options = projects.map { project -> HTML in
            "<option value=\"\(project.id.lowercasedString)\"\(if: project.id.lowercasedString == input.project.lowercased(), " selected")>\(project.label)</option>"
        }
        let time: HTML = " inputmode=\"numeric\" placeholder=\"09:00\" maxlength=\"5\" size=\"5\" autocomplete=\"off\""
        return """
            <form method="post" action="\(action)" class="entry-form">
              \(PagePieces.csrf(csrf))
              \(if: refusal != nil, "<p class=\"error\" role=\"alert\">\(refusal ?? "")</p>")
              <div class="row-form">
            \(field("day", t("time.day"), type: "date", extra: " required"))\
                  <div class="field grow\(if: projectProblem != nil, " invalid")">
                    <label for="\(projectID)">\(t("time.project"))</label>
                    <select id="\(projectID)" name="project" required\(if: projectProblem != nil, " aria-invalid=\"true\"")>\
            <option value="">\(t("time.chooseProject"))</option>\(options.joined())</select>
                    \(if: projectProblem != nil, "<p class=\"error\">\(t(projectProblem ?? ""))</p>")
                  </div>
            \(field("start", t("time.start"), extra: time, short: true))\
            \(field("end", t("time.end"), extra: " inputmode=\"numeric\" placeholder=\"17:00\" maxlength=\"5\" size=\"5\" autocomplete=\"off\"", short: true))\
            \(field("duration", t("time.duration"), extra: " placeholder=\"1:30\" maxlength=\"16\" size=\"6\" autocomplete=\"off\"", short: true))\
              </div>
              <div class="row-form">
            \(field("description", t("time.description"), extra: " maxlength=\"500\"", grow: true))\
                <button type="submit" class="primary">\(submit)</button>
              </div>
              <p class="hint">\(t("time.form.hint"))</p>
            </form>

            """
    }
}
