import Foundation
import Testing
@testable import App

/// Exports of worked time: the filters, the Czech CSV, the XLSX with a sheet per person, and the
/// CSV imports of Clockify and Toggl Track; for whom the month page shows, over the web and the API.
@Suite struct TimeExportTests {
    /// Python's csv module with `,` (no byte-order mark: the tools would take it for part of a header).
    static func readCommaCSV(_ bytes: Data) throws -> [[String]] {
        #expect(!bytes.starts(with: [0xEF, 0xBB, 0xBF]), "no byte-order mark")
        let script = "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.buffer.read().decode('utf-8'), newline='')))))"
        return try JSONDecoder().decode([[String]].self, from: try ReviewRoutesTests.runSync(["/usr/bin/python3", "-c", script], input: bytes))
    }

    static func row(_ name: String, _ email: String, day: String, start: Int, end: Int, seconds: Int? = nil, project: String = "Web",
                    client: String = "Globus", billable: Bool = true, description: String) -> TimeExportRow {
        // A person's id from their name's length (two digits): enough for the sample's two people.
        let person = UUID(uuidString: "00000000-0000-0000-0000-0000000000\(name.count)")!
        let entry = TimeEntryRow(id: UUID(), day: LocalDate(iso: day)!, start: ClockTime(minutes: start)!, end: ClockTime(minutes: end)!,
                                 seconds: seconds ?? (end - start) * 60, projectID: UUID(), project: project, client: client,
                                 billable: billable, description: description)
        return TimeExportRow(personID: person, name: name, email: email, entry: entry)
    }

    static let sample = [
        row("Eva Dvořáková", "eva@acme.example", day: "2026-11-02", start: 9 * 60, end: 10 * 60 + 30, description: "Návrh, \"UI\""),
        row("Eva Dvořáková", "eva@acme.example", day: "2026-11-03", start: 13 * 60, end: 15 * 60, project: "=cmd|' /C calc'!A0",
            billable: false, description: "-2+3"),
    ]

    // MARK: The layouts, without HTTP

    @Test func togglLayoutHasItsHeadersAndFormats() throws {
        let csv = TimeImportCSV.toggl(Self.sample)
        #expect(csv.hasPrefix("User,Email,Client,Project,Task,Description,Billable,Start date,Start time,Duration,Tags\r\n"))
        let rows = try Self.readCommaCSV(Data(csv.utf8))
        #expect(rows == [
            TimeImportCSV.togglColumns,
            ["Eva Dvořáková", "eva@acme.example", "Globus", "Web", "", "Návrh, \"UI\"", "Yes", "2026-11-02", "09:00:00", "01:30:00", ""],
            ["Eva Dvořáková", "eva@acme.example", "Globus", "'=cmd|' /C calc'!A0", "", "'-2+3", "No", "2026-11-03", "13:00:00",
             "02:00:00", ""],
        ])
    }

    @Test func clockifyLayoutHasItsHeadersAndFormats() throws {
        let csv = TimeImportCSV.clockify(Self.sample)
        #expect(csv.hasPrefix("Project,Client,Description,Task,Email,Tags,Billable,Start Date,Start Time,Duration (h)\r\n"))
        let rows = try Self.readCommaCSV(Data(csv.utf8))
        #expect(rows == [
            TimeImportCSV.clockifyColumns,
            ["Web", "Globus", "Návrh, \"UI\"", "", "eva@acme.example", "", "Yes", "11/02/2026", "09:00", "01:30:00"],
            ["'=cmd|' /C calc'!A0", "Globus", "'-2+3", "", "eva@acme.example", "", "No", "11/03/2026", "13:00", "02:00:00"],
        ])
    }

    @Test func durationsAreRealSecondsAndHoursRoundHalfUp() {
        // An entry over the autumn clock change is an hour longer than its clock times say.
        #expect(TimeImportCSV.duration(3 * 3_600 + 59) == "03:00:59")
        #expect(TimeImportCSV.duration(0) == "00:00:00")
        #expect(ExportCSV.field(.hours(seconds: 5_400)) == "1,50")
        #expect(ExportCSV.field(.hours(seconds: 17)) == "0,00" && ExportCSV.field(.hours(seconds: 18)) == "0,01")
        #expect(TimeImportCSV.usDate(LocalDate(iso: "2026-01-09")!) == "01/09/2026")
    }

    @Test func xlsxHasASheetPerPersonWithATotal() throws {
        let t = TestTranslator.en
        let rows = Self.sample + [Self.row("Petr Svoboda", "petr@acme.example", day: "2026-11-04", start: 480, end: 720,
                                           description: "Review")]
        let sheets = TimeExportFile.sheets(rows, t: t)
        #expect(sheets.map(\.name) == ["Eva Dvořáková", "Petr Svoboda"])
        #expect(sheets[0].rows.count == 3 && sheets[0].rows[2] == [.text("Total"), .empty, .empty, .hours(seconds: 12_600)])
        let read = try ExportTests.readXLSX(try XLSXFile.write(sheets))
        #expect(read["Eva Dvořáková"]?.last.map { Array($0.prefix(4)) } == [.text("Total"), .none, .none, .number(3.5)])
        #expect(read["Petr Svoboda"]?[1][3] == .number(4))
        #expect(TimeExportFile.sheets([], t: t).map(\.rows.count) == [0])
        // The texts the files and links are built from exist in both languages.
        let keys = TimeExportFormat.allCases.map { "export.format.\($0.rawValue)" }
            + ["person", "email", "date", "start", "end", "hours", "project", "client", "billable", "description"].map { "export.column.\($0)" }
            + ["export.sheet.time", "export.time.total", "export.time.everyone", "export.time.error.id", "export.time.error.range",
               "export.time.error.monthOrRange"]
        for key in keys {
            #expect(TestTranslator.translations.strings[.cs]?[key] != nil && TestTranslator.translations.strings[.en]?[key] != nil, "\(key)")
        }
    }

    @Test func filtersAreAMonthOrARangeOfAtMostAYear() {
        let today = LocalDate(iso: "2026-11-18")!
        func read(_ query: TimeExportQuery) -> Result<TimeExportFilter, TimeExportProblem> { TimeExportFilter.read(query, today: today) }
        let thisMonth = try? read(TimeExportQuery()).get()
        #expect(thisMonth?.first.iso == "2026-11-01" && thisMonth?.last.iso == "2026-11-30" && thisMonth?.stem == "time-2026-11")
        let february = try? read(TimeExportQuery(month: "2028-02", person: "")).get()
        #expect(february?.last.iso == "2028-02-29" && february?.person == nil)
        let range = try? read(TimeExportQuery(from: "2025-11-18", to: "2026-11-18", team: UUID().uuidString)).get()
        #expect(range?.stem == "time-2025-11-18-2026-11-18" && range?.team != nil && range?.month == nil)
        func field(_ query: TimeExportQuery) -> String? {
            if case .failure(let problem) = read(query) { return problem.field }
            return nil
        }
        #expect(field(TimeExportQuery(from: "2025-11-18", to: "2026-11-19")) == "to", "367 days")
        #expect(field(TimeExportQuery(from: "2026-11-18", to: "2026-11-17")) == "to")
        #expect(field(TimeExportQuery(from: "2026-13-01", to: "2026-12-01")) == "from")
        #expect(field(TimeExportQuery(from: "2026-11-01")) == "to")
        #expect(field(TimeExportQuery(from: "1999-12-01", to: "2000-01-01")) == "from")
        #expect(field(TimeExportQuery(month: "2026-13")) == "month")
        #expect(field(TimeExportQuery(month: "2026-11", from: "2026-11-01", to: "2026-11-02")) == "month")
        #expect(field(TimeExportQuery(project: "x' OR 1=1")) == "project")
        #expect(field(TimeExportQuery(client: String(repeating: "a", count: 10_000))) == "client")
    }

    // MARK: Over the web and the API

    /// Entries of November 2026 for Eva (employee), Petr (her team's leader) and Jana (admin, in
    /// no team) on a project open to everyone; the seed adds Eva's hour of 2024-10-01.
    static func november(_ world: TestWorld) async throws -> UUID {
        let project = try await TimeTrackingTests.project(world)
        try await world.db.transaction(tenant: world.admin.tenantID) { db in
            for (user, day, start, end, description) in [
                (world.employee.id, "2026-11-02", 540, 630, "Návrh, \"UI\""), (world.employee.id, "2026-11-03", 780, 900, "=SUM(A1)"),
                (world.leader.id, "2026-11-04", 480, 720, "Review"), (world.admin.id, "2026-11-05", 600, 660, "Office"),
            ] {
                let date = LocalDate(iso: day)!
                let span = EntryInstants.span(date, ClockTime(minutes: start)!, ClockTime(minutes: end)!, zone: "Europe/Prague")
                _ = try await TimeEntryQueries.write(id: nil, user: user, project: project, day: date, start: span.start, end: span.end,
                                                     description: description, zone: "Europe/Prague", on: db).get()
            }
        }
        return project
    }

    @Test func everyFormatDownloadsTheEntriesOfTheFilter() async throws {
        try await withWorld { world in
            let project = try await Self.november(world)
            var admin = try await world.signedIn(world.admin)
            let eva = world.employee.id.lowercasedString
            // The month page links its downloads, the person's and everyone's.
            let page = try await admin.get(Paths.timeMonth("acme", month: Month(iso: "2026-11")!, person: world.employee.id))
            let link = Paths.timeExport("acme", format: .toggl, query: TimeExportQuery(month: "2026-11", person: eva))
            #expect(page.body.contains(#"href="\#(link.replacingOccurrences(of: "&", with: "&amp;"))""#))
            #expect(page.body.contains(#"href="/t/acme/time/export?format=xlsx&amp;month=2026-11""#))
            #expect(try await admin.get(Paths.timeClose("acme", month: Month(iso: "2026-11")!)).body
                .contains(#"href="/t/acme/time/export?format=clockify&amp;month=2026-11""#))

            // The Czech CSV: everyone, by surname.
            let csv = try await admin.get("/t/acme/time/export?format=csv&month=2026-11")
            #expect(csv.status == .ok && csv.headers.first(name: .contentDisposition) == "attachment; filename=\"time-2026-11.csv\"")
            let lines = try ExportTests.readCSV(csv.bytes)
            #expect(lines.first == ["Person", "E-mail", "Date", "Start", "End", "Hours", "Project", "Client", "Billable", "Description"])
            #expect(lines.dropFirst().map(\.first) == ["Eva Dvořáková", "Eva Dvořáková", "Jana Nováková", "Petr Svoboda"])
            #expect(lines[1] == ["Eva Dvořáková", world.employee.email, "2026-11-02", "09:00", "10:30", "1,50", "Web", "Globus", "Yes",
                                 "Návrh, \"UI\""])
            #expect(lines[2].last == "'=SUM(A1)")

            // The XLSX: a sheet per person with the right hours.
            let xlsx = try await admin.get("/t/acme/time/export?format=xlsx&month=2026-11")
            #expect(xlsx.headers.first(name: .contentType) == ExportFormat.xlsx.contentType)
            let sheets = try ExportTests.readXLSX(xlsx.bytes)
            #expect(Set(sheets.keys) == ["Eva Dvořáková", "Jana Nováková", "Petr Svoboda"])
            #expect(sheets["Eva Dvořáková"]?.count == 4 && sheets["Eva Dvořáková"]?.last?[0] == .text("Total"))
            #expect(sheets["Eva Dvořáková"]?.last?[3] == .number(3.5) && sheets["Petr Svoboda"]?.last?[3] == .number(4))

            // Toggl and Clockify: their headers, the tenant's wall clock.
            let toggl = try await admin.get("/t/acme/time/export?format=toggl&month=2026-11&person=\(eva)")
            #expect(toggl.headers.first(name: .contentDisposition) == "attachment; filename=\"time-2026-11-toggl.csv\"")
            let togglRows = try Self.readCommaCSV(toggl.bytes)
            #expect(togglRows[0] == ["User", "Email", "Client", "Project", "Task", "Description", "Billable", "Start date", "Start time",
                                     "Duration", "Tags"])
            #expect(togglRows.dropFirst() == [
                ["Eva Dvořáková", world.employee.email, "Globus", "Web", "", "Návrh, \"UI\"", "Yes", "2026-11-02", "09:00:00", "01:30:00", ""],
                ["Eva Dvořáková", world.employee.email, "Globus", "Web", "", "'=SUM(A1)", "Yes", "2026-11-03", "13:00:00", "02:00:00", ""],
            ])
            let clockify = try Self.readCommaCSV(try await admin.get("/t/acme/time/export?format=clockify&month=2026-11").bytes)
            #expect(clockify[0] == ["Project", "Client", "Description", "Task", "Email", "Tags", "Billable", "Start Date", "Start Time",
                                    "Duration (h)"])
            #expect(clockify.count == 5 && clockify[4] == ["Web", "Globus", "Review", "", world.leader.email, "", "Yes", "11/04/2026",
                                                            "08:00", "04:00:00"])

            // The filters: a range, a project, a client, a team.
            let october = "/t/acme/time/export?format=toggl&from=2024-10-01&to=2024-10-31"
            let seed = try Self.readCommaCSV(try await admin.get(october).bytes)
            #expect(seed.count == 2 && seed[1][5] == "Seed" && seed[1][7] == "2024-10-01" && seed[1][8] == "09:00:00")
            let onProject = "&project=\(project.lowercasedString)"
            #expect(try Self.readCommaCSV(try await admin.get(october + onProject).bytes).count == 1)
            #expect(try Self.readCommaCSV(try await admin.get("/t/acme/time/export?format=toggl&month=2026-11" + onProject).bytes).count == 5)
            let seedClient = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await ProjectQueries.clients(on: db).first { $0.name == "Seed client" }!.id
            }
            let ofClient = try Self.readCommaCSV(try await admin.get(october + "&client=\(seedClient.uuidString)").bytes)
            #expect(ofClient.count == 2 && ofClient[1][5] == "Seed")
            #expect(try Self.readCommaCSV(try await admin.get(
                "/t/acme/time/export?format=toggl&client=\(seedClient.uuidString)").bytes).count == 1)
            let teamID = try await world.db.transaction(tenant: world.admin.tenantID) { try await TeamQueries.names(on: $0)[0].id }
            let ofTeam = try Self.readCommaCSV(try await admin.get("/t/acme/time/export?format=toggl&team=\(teamID.uuidString)").bytes)
            #expect(ofTeam.dropFirst().map(\.first) == ["Eva Dvořáková", "Eva Dvořáková", "Petr Svoboda"])

            // The API gives the same files.
            let api = try await APIClient.signIn(world, world.admin)
            let viaAPI = try await api.get("/time/export?format=toggl&month=2026-11&person=\(eva)")
            #expect(viaAPI.status == .ok && viaAPI.bytes == toggl.bytes)
            #expect(viaAPI.headers.first(name: .contentDisposition)?.contains("time-2026-11-toggl.csv") == true)
            let xlsxViaAPI = try await api.get("/time/export?format=xlsx&month=2026-11")
            #expect(Set(try ExportTests.readXLSX(xlsxViaAPI.bytes).keys) == Set(sheets.keys))
            // A parameter given empty is not a date, a month or an id (the web reads it as left out).
            let empty = try await api.get("/time/export?to=&person=")
            #expect(empty.status == .unprocessableEntity && Set(empty.problem?.errors?.map(\.field) ?? []) == ["to", "person"])
        }
    }

    @Test func leadersExportTheirTeamsAndEveryoneElseTheirOwn() async throws {
        try await withWorld { world in
            _ = try await Self.november(world)
            func names(_ bytes: Data) throws -> [String] { try Self.readCommaCSV(bytes).dropFirst().map { $0[0] } }
            var leader = try await world.signedIn(world.leader)
            #expect(try names(try await leader.get("/t/acme/time/export?format=toggl&month=2026-11").bytes)
                    == ["Eva Dvořáková", "Eva Dvořáková", "Petr Svoboda"])
            #expect(try await leader.get("/t/acme/time/export?format=toggl&person=\(world.admin.id.lowercasedString)").status == .notFound)
            #expect(try names(try await leader.get("/t/acme/time/export?format=toggl&person=\(world.employee.id.lowercasedString)").bytes)
                    .count == 2)

            var employee = try await world.signedIn(world.employee)
            #expect(try names(try await employee.get("/t/acme/time/export?format=toggl&month=2026-11").bytes)
                    == ["Eva Dvořáková", "Eva Dvořáková"])
            let sheets = try ExportTests.readXLSX(try await employee.get("/t/acme/time/export?format=xlsx").bytes)
            #expect(Array(sheets.keys) == ["Eva Dvořáková"])
            for other in [world.leader, world.admin] {
                #expect(try await employee.get("/t/acme/time/export?person=\(other.id.lowercasedString)").status == .notFound)
            }
            let teamID = try await world.db.transaction(tenant: world.admin.tenantID) { try await TeamQueries.names(on: $0)[0].id }
            #expect(try names(try await employee.get("/t/acme/time/export?format=toggl&team=\(teamID.uuidString)").bytes).count == 2)
            // The month page of one's own has the person's downloads only.
            let own = try await employee.get(Paths.timeMonth("acme", month: Month(iso: "2026-11")!, person: nil))
            #expect(own.body.contains("/time/export?format=csv&amp;month=2026-11&amp;person=")
                    && !own.body.contains(#"/time/export?format=csv&amp;month=2026-11""#))

            // The API: the same reach.
            let api = try await APIClient.signIn(world, world.employee)
            let theirs = try await api.get("/time/export?person=\(world.leader.id.lowercasedString)")
            #expect(theirs.status == .notFound && theirs.isProblem)
            let leaderAPI = try await APIClient.signIn(world, world.leader)
            #expect(try names(try await leaderAPI.get("/time/export?format=toggl&month=2026-11").bytes).count == 3)
        }
    }

    @Test func anotherCompanysIdsAndBadInputGiveNothing() async throws {
        try await withWorld { world in
            let project = try await Self.november(world)
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            let eva = world.employee.id.lowercasedString
            #expect(try await globex.get("/t/globex/time/export?person=\(eva)").status == .notFound)
            let theirs = try await globex.get("/t/globex/time/export?format=toggl&from=2024-01-01&to=2024-12-31")
            let text = String(decoding: theirs.bytes, as: UTF8.self)
            #expect(theirs.status == .ok && text.contains("Hana Malá") && !text.contains("Dvořáková"))
            let onAcmeProject = try await globex.get("/t/globex/time/export?format=toggl&month=2026-11&project=\(project.lowercasedString)")
            #expect(try Self.readCommaCSV(onAcmeProject.bytes) == [TimeImportCSV.togglColumns])
            // Acme's page is not Globex's admin's.
            let acme = try await globex.get("/t/acme/time/export?format=csv")
            #expect(acme.status.code >= 300 && !String(decoding: acme.bytes, as: UTF8.self).contains("Dvořáková"))
            let api = try await APIClient.signIn(world, world.otherAdmin, slug: "globex")
            #expect(try await api.get("/time/export?person=\(eva)").status == .notFound)

            var admin = try await world.signedIn(world.admin)
            for query in ["format=pdf", "from=2026-13-01&to=2026-12-01", "from=2026-11-18&to=2026-11-17", "from=2025-01-01&to=2026-01-02",
                          "from=2026-11-01", "month=2026-13", "month=2026-11&from=2026-11-01&to=2026-11-02", "person=nope",
                          "team=1", "client=%20", "project=\(String(repeating: "f", count: 5_000))"] {
                let reply = try await admin.get("/t/acme/time/export?\(query)")
                #expect(reply.status == .badRequest, "\(query): \(reply.status)")
            }
            let nul = try await admin.get("/t/acme/time/export?client=%00").status
            #expect(nul.code >= 400 && nul.code < 500, "\(nul)")
            let range = try await admin.get("/t/acme/time/export?from=2026-11-18&to=2026-11-17")
            #expect(range.body.contains("at most 366 days"))
            let adminAPI = try await APIClient.signIn(world, world.admin)
            let invalid = try await adminAPI.get("/time/export?from=2025-01-01&to=2026-01-02")
            #expect(invalid.status.code == 400 || invalid.status.code == 422, "\(invalid.status)")
            #expect(invalid.problem?.errors?.first?.field == "to")
        }
    }

    /// An export that would hold more entries than a file takes is refused with what to do, never
    /// cut short (the limit, 100,000, made 3 here).
    @Test func tooManyEntriesAreRefusedNotCut() async throws {
        try await withWorld(settings: { $0.timeExportMaxRows = 3 }) { world in
            let project = try await TimeTrackingTests.project(world)
            var eva = try await world.signedIn(world.employee)
            let week = try await eva.get("/t/acme/time?week=2026-11-16")
            for (day, start) in [("2026-11-16", "8:00"), ("2026-11-16", "10:00"), ("2026-11-17", "8:00"), ("2026-11-18", "8:00")] {
                _ = try await eva.post("/t/acme/time/entries", form: ["day": day, "project": project.uuidString, "start": start,
                                                                      "duration": "1:00"], csrfFrom: week)
            }
            var jana = try await world.signedIn(world.admin)
            let refused = try await jana.get("/t/acme/time/export?format=csv&month=2026-11")
            #expect(refused.status == .badRequest && refused.body.contains("More than 3 entries"))
            let three = try await jana.get("/t/acme/time/export?format=toggl&from=2026-11-16&to=2026-11-17")
            let lines = try Self.readCommaCSV(three.bytes)
            #expect(three.status == .ok && lines.count == 4)  // the header and three entries
            let api = try await APIClient.signIn(world, world.admin)
            let viaAPI = try await api.get("/time/export?month=2026-11")
            #expect(viaAPI.status == .unprocessableEntity && viaAPI.problem?.errors?.first?.field == "to")
        }
    }
}
