import Foundation
import PostgresNIO

/// What one's absences page shows besides the form: the year's and the next year's absences, the
/// company's days off in them, and one's contracts (for the vacation balance).
struct OwnAbsences: Sendable {
    let year: Int
    let absences: [Absence]
    let daysOff: DaysOff
    let contracts: [Contract]

    /// The first and last day the page reads: this year and the next.
    static func days(of year: Int) -> (first: LocalDate, last: LocalDate) {
        (LocalDate(year: year, month: 1, day: 1)!, LocalDate(year: year + 1, month: 12, day: 31)!)
    }

}

/// One's absences page (and the form shown again after a refused request): one read (`PageRead`).
/// The year is this year in the tenant's time zone by the application's clock; part 0 says it.
/// Parts 1–3 hold the absences
/// (1), the days off (2) and the contracts (3).
struct OwnAbsencesRead: PageReadAtInstant {
    private typealias Parts = OwnPageParts

    static let layout = PageLayout(parts: [["int"], Parts.absenceTypes, Parts.dayOffTypes, Parts.contractTypes])

    static let sql = PageSQL(name: "roster_page_absences", page: """
        CROSS JOIN LATERAL (
            SELECT date_trunc('year', $4::timestamptz AT TIME ZONE sh.time_zone)::date AS first OFFSET 0) py
        CROSS JOIN LATERAL (SELECT py.first, (py.first + interval '2 years')::date - 1 AS last OFFSET 0) pd
        CROSS JOIN LATERAL (
            SELECT \(layout.columns(0, "0", "extract(year FROM pd.first)::int"))
            UNION ALL
            \(Parts.absences(layout, part: 1, first: "pd.first", last: "pd.last", approvedOnly: false))
            UNION ALL
            \(Parts.daysOff(layout, part: 2, first: "pd.first", last: "pd.last"))
            UNION ALL
            \(Parts.contracts(layout, part: 3))
            ) page
        """)

    let now: Date

    /// The year and what the page shows of it, from the statement's rows; nil when it read none
    /// (nobody signed in).
    static func decode(_ rows: [PageRow]) throws -> OwnAbsences? {
        var year: Int?, absences: [Absence] = [], daysOff: [LocalDate: String] = [:], contracts: [Contract] = []
        for row in rows {
            switch row.part {
            case 0:
                var c = row.cells(at: layout.places(of: 0))
                year = try c.next(Int.self)
            case 1: if let absence = try Parts.absence(row, layout, part: 1) { absences.append(absence) }
            case 2: if let (day, name) = try Parts.dayOff(row, layout, part: 2) { daysOff[day] = name }
            default: if let contract = try Parts.contract(row, layout, part: 3) { contracts.append(contract) }
            }
        }
        guard let year else { return nil }
        return OwnAbsences(year: year, absences: absences, daysOff: DaysOff(company: daysOff), contracts: contracts)
    }
}
