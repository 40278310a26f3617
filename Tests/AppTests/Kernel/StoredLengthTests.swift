import Foundation
import Testing
@testable import App

/// A text's length as the tables bound it (code points), not as Swift counts it (grapheme
/// clusters): a name of a few visible letters and many combining marks gets the field's 422
/// from every form and operation that stores it, never the database's refusal as a 500.
@Suite struct StoredLengthTests {
    /// `count` letters, each with `marks` combining marks: `count` clusters, `count × (marks + 1)`
    /// code points.
    static func marked(_ count: Int, marks: Int = 4) -> String {
        let accents: [Unicode.Scalar] = ["\u{0301}", "\u{0316}", "\u{0337}", "\u{0359}", "\u{035E}"]
        var text = String.UnicodeScalarView()
        for index in 0..<count {
            text.append(Unicode.Scalar(UInt8(0x61 + index % 26)))
            for mark in 0..<marks { text.append(accents[(index + mark) % accents.count]) }
        }
        return String(text)
    }

    @Test func aTextIsAsLongAsItsCodePoints() {
        let long = Self.marked(30)
        #expect(long.count == 30 && long.storedLength == 150)
        #expect("e\u{0301}".storedLength == 2 && "é".storedLength == 1 && "".storedLength == 0)
        #expect(long.scalarPrefix(7).storedLength == 7 && "ab".scalarPrefix(7) == "ab")
    }

    @Test func theRulesCountCodePoints() {
        #expect(ShortName.parse(Self.marked(30)) == nil)
        #expect(ShortName.parse(Self.marked(20)) == Self.marked(20))
        #expect(DecisionReason.parse(Self.marked(120)) == nil && DecisionReason.parse(Self.marked(100)) != nil)
        var form = EmployeeForm()
        form.firstName = Self.marked(30)
        form.title = Self.marked(11)
        let errors = form.validate(creating: true)
        #expect(errors["firstName"] == "employee.error.tooLong" && errors["title"] == "employee.error.tooLong")
        let entry = TimeEntryInput(day: "2026-11-18", project: UUID().uuidString, start: "09:00", end: "10:00", duration: "",
                                   description: Self.marked(120))
        guard case .failure(let problems) = TimeEntryRules.read(entry) else { Issue.record("a long description passed"); return }
        #expect(problems.fields["description"] == "time.error.description")
    }

    @Test func theAPIAnswersTheField() async throws {
        try await withWorld { world in
            let jana = try await APIClient.signIn(world, world.admin)
            let client = try await jana.send(.POST, "/clients", json: #"{"name":"\#(Self.marked(30))"}"#)
            #expect(client.status == .unprocessableEntity && client.problem?.errors?.map(\.field) == ["name"])
            #expect(try await jana.send(.POST, "/clients", json: #"{"name":"\#(Self.marked(20))"}"#).status == .created)

            let project = try await TimeTrackingTests.project(world).lowercasedString
            let eva = try await APIClient.signIn(world, world.employee)
            let entry = try await eva.send(.POST, "/me/time", json: """
                {"day":"2026-11-18","projectId":"\(project)","start":"09:00","end":"10:00","description":"\(Self.marked(120))"}
                """)
            #expect(entry.status == .unprocessableEntity && entry.problem?.errors?.map(\.field) == ["description"])
            let timer = try await eva.send(.POST, "/me/timer", json: #"{"projectId":"\#(project)","description":"\#(Self.marked(120))"}"#)
            #expect(timer.status == .unprocessableEntity)
            let absence = try await eva.send(.POST, "/me/absences", json: """
                {"kind":"vacation","firstDay":"2026-12-21","lastDay":"2026-12-22","note":"\(Self.marked(120))"}
                """)
            #expect(absence.status == .unprocessableEntity && absence.problem?.errors?.map(\.field) == ["note"])
        }
    }

    @Test func theFormsAnswerTheField() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let projects = try await admin.get("/t/acme/projects")
            let client = try await admin.post("/t/acme/projects/clients", form: ["name": Self.marked(30)], csrfFrom: projects)
            #expect(client.status == .unprocessableEntity && client.body.contains("Enter a name of 1 to 100 characters"))
            let teams = try await admin.get("/t/acme/teams")
            #expect(try await admin.post("/t/acme/teams", form: ["name": Self.marked(30), "leader": ""], csrfFrom: teams).status
                == .unprocessableEntity)
            let daysOff = try await admin.get("/t/acme/admin/days-off?year=2026")
            #expect(try await admin.post("/t/acme/admin/days-off", form: ["day": "2026-12-31", "name": Self.marked(30)], csrfFrom: daysOff)
                .status == .unprocessableEntity)
            let person = try await admin.get("/t/acme/people/new")
            var typed = EmployeeFormTests.valid
            typed["lastName"] = Self.marked(30)
            let refused = try await admin.post("/t/acme/people/new", form: typed, csrfFrom: person)
            #expect(refused.status == .unprocessableEntity)
            let kept = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                (try await ProjectQueries.clients(on: db).map(\.name), try await TeamQueries.names(on: db).map(\.name))
            }
            #expect(!kept.0.contains(Self.marked(30)) && !kept.1.contains(Self.marked(30)))
        }
    }
}
