import Testing
@testable import App

/// How a first view's parts share the columns of its rows (`PageLayout`).
@Suite struct PageLayoutTests {
    @Test func partsShareColumnsOfTheirType() {
        let layout = PageLayout(parts: [["text"], ["uuid", "text", "int"], ["text", "text"], ["uuid", "int", "text"]])
        #expect(layout.columnTypes == ["text", "uuid", "text", "int", "text"])
        #expect(layout.places(of: 0) == [2])
        #expect(layout.places(of: 1) == [3, 4, 5])
        #expect(layout.places(of: 2) == [2, 4])
        // Its text comes after its int, so it takes the last column, not the first text.
        #expect(layout.places(of: 3) == [3, 5, 6])
        for part in layout.parts.indices {
            let places = layout.places(of: part)
            #expect(places == places.sorted() && Set(places).count == places.count)
            #expect(zip(places, layout.parts[part]).allSatisfy { layout.columnTypes[$0 - 2] == $1 })
        }
    }

    @Test func theSelectListsPutEachValueInItsPlace() {
        let layout = PageLayout(parts: [["text"], ["uuid", "text"], ["text", "int"]])
        #expect(layout.columns(0, "0", "pw.day::text")
            == "0 AS page_part, 0::bigint AS page_n, pw.day::text AS page_c0, NULL::uuid AS page_c1, NULL::text AS page_c2, NULL::int AS page_c3")
        #expect(layout.columns(1, "row_number() OVER (ORDER BY a, b)", "e.id, coalesce(e.note, 'a, b')")
            == "1, row_number() OVER (ORDER BY a, b), NULL::text, e.id, coalesce(e.note, 'a, b'), NULL::int")
        #expect(layout.columns(2, "0", "CASE WHEN x IN (1, 2) THEN 'y' END, array_length(ARRAY[1, 2], 1)")
            == "2, 0, CASE WHEN x IN (1, 2) THEN 'y' END, NULL::uuid, NULL::text, array_length(ARRAY[1, 2], 1)")
        #expect(PageLayout(parts: [[]]).columns(0, "0", "") == "0 AS page_part, 0::bigint AS page_n")
    }

    @Test func thePageReadsAreNarrowerThanTheirParts() {
        for layout in [WeekRead.layout, TimeMonthRead.layout, MyInvoicesRead.layout, OwnAbsencesRead.layout,
                       ProjectsRead.layout] {
            let all = layout.parts.reduce(0) { $0 + $1.count }
            #expect(layout.columnTypes.count <= all)
        }
        #expect(WeekRead.layout.columnTypes.count < 20)
    }

    /// A read's page names its parameters from `$4`; in a transaction they are one lower.
    @Test func theStatementInATransactionNamesEachParameterOneLower() {
        #expect(PageSQL.lowered("a = $4 AND b = $10::int AND c = '$' AND d = $5") == "a = $3 AND b = $9::int AND c = '$' AND d = $4")
        #expect(PageSQL.lowered("$4$5") == "$3$4")
    }

    /// The teams are read by the reads of the pages with a team filter, and only by them: the
    /// others' statements skip the aggregate (and a page of theirs asking for teams fails loudly).
    @Test func onlyThePagesWithATeamFilterReadTheTeams() {
        let views: [(any PageRead.Type, Bool)] = [
            (OverviewRead.self, true), (DirectoryRead.self, true), (RateIncreasesRead.self, true),
            (MyInvoicesRead.self, false), (WeekRead.self, false), (TimeMonthRead.self, false),
            (OwnAbsencesRead.self, false), (ProjectsRead.self, false),
        ]
        for (view, teams) in views {
            #expect(view.sql.teams == teams, "\(view)")
            for statements in view.sql.statements {
                #expect(statements.withShell.contains("FROM teams tm WHERE") == teams, "\(statements.name)")
                #expect(statements.withShell.contains("tm.team_names") == teams, "\(statements.name)")
                // The statement in a transaction is the same page, its parameters one lower.
                #expect(!statements.inTransaction.contains("tm.team_names"), "\(statements.name)")
                #expect(statements.inTransaction.contains("$3") == !view.pageBindingTypes.isEmpty, "\(statements.name)")
            }
        }
    }
}
