import Foundation
import Testing
@testable import App

@Suite struct AbsenceRulesTests {
    func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    @Test func aRequestIsAKindAndDays() throws {
        let one = try AbsenceRules.read(AbsenceInput(kind: "vacation", first: "2026-12-21", last: "", note: " Skiing\n")).get()
        #expect(one.first == day("2026-12-21") && one.last == day("2026-12-21") && one.note == "Skiing" && !one.halfDay)
        let half = try AbsenceRules.read(AbsenceInput(kind: "doctor", first: "2026-12-21", last: "2026-12-21", halfDay: true)).get()
        #expect(half.halfDay && half.kind == .doctor)
        func problems(_ input: AbsenceInput) -> [String: String] {
            if case .failure(let problems) = AbsenceRules.read(input) { return problems.fields }
            return [:]
        }
        #expect(problems(AbsenceInput(kind: "holiday", first: "2026-12-21")) == ["kind": "absence.error.kind"])
        #expect(problems(AbsenceInput(kind: "sick", first: "tomorrow")) == ["first": "absence.error.first"])
        #expect(problems(AbsenceInput(kind: "sick", first: "2026-12-21", last: "2026-12-20")) == ["last": "absence.error.lastBeforeFirst"])
        #expect(problems(AbsenceInput(kind: "sick", first: "2026-12-21", last: "2026-12-22", halfDay: true)) == ["last": "absence.error.halfDay"])
        #expect(problems(AbsenceInput(kind: "unpaid", first: "2026-01-01", last: "2027-01-02")) == ["last": "absence.error.tooLong"])
        #expect(problems(AbsenceInput(kind: "other", first: "2026-12-21", note: String(repeating: "n", count: 501)))
            == ["note": "absence.error.note"])
    }

    @Test func onlyWorkingDaysAreTaken() {
        let daysOff = DaysOff(company: [day("2026-12-31"): "New Year's Eve"])
        // 21–31 December 2026: 24 and 25 are public holidays, 26–27 a weekend, the 31st the company's.
        #expect(AbsenceRules.halfDays(of: (day("2026-12-21"), day("2026-12-31"), false), daysOff: daysOff) == 2 * 6)
        #expect(AbsenceRules.halfDays(of: (day("2026-12-21"), day("2026-12-31"), false), daysOff: DaysOff()) == 2 * 7)
        #expect(AbsenceRules.halfDays(of: (day("2026-12-22"), day("2026-12-22"), true), daysOff: daysOff) == 1)
        #expect(AbsenceRules.halfDays(of: (day("2026-12-26"), day("2026-12-27"), false), daysOff: daysOff) == 0)
        // Within a range: a request over New Year counts in each year what lies in it.
        #expect(AbsenceRules.halfDays(of: (day("2026-12-28"), day("2027-01-08"), false), daysOff: DaysOff(),
                                      within: day("2027-01-01")...day("2027-12-31")) == 2 * 5)
    }

    @Test func theBalanceIsTheYearsShareOfTheEntitlement() {
        let hpp = Contract(id: UUID(), kind: .hpp, validFrom: day("2026-07-01"), validTo: nil, capacityTenths: 400, vacationTenths: 250)
        let contractor = Contract(id: UUID(), kind: .ico, validFrom: day("2025-01-01"), validTo: day("2026-06-30"), capacityTenths: 400)
        func absence(_ first: String, _ last: String, _ status: AbsenceStatus, kind: AbsenceKind = .vacation, half: Bool = false) -> Absence {
            Absence(id: UUID(), userID: UUID(), kind: kind, first: day(first), last: day(last), halfDay: half, note: "", status: status,
                    decidedBy: nil, reason: nil)
        }
        let absences = [absence("2026-08-03", "2026-08-07", .approved), absence("2026-09-01", "2026-09-01", .approved, half: true),
                        absence("2026-10-05", "2026-10-06", .pending), absence("2026-10-12", "2026-10-12", .declined),
                        absence("2026-11-02", "2026-11-02", .approved, kind: .sick)]
        let balance = VacationBalance.of(year: 2026, contracts: [contractor, hpp], absences: absences, daysOff: DaysOff())
        // 25 days a year, for 184 of 365 days: 12.6 days, rounded down to 12.5.
        #expect(balance == VacationBalance(entitlement: 25, taken: 11, pending: 4))
        #expect(balance?.remaining == 14 && VacationBalance.days(14, language: .cs) == "7" && VacationBalance.days(25, language: .cs) == "12,5")
        #expect(VacationBalance.days(-3, language: .en) == "-1.5")
        // A contractor has no vacation to count.
        #expect(VacationBalance.of(year: 2025, contracts: [contractor, hpp], absences: [], daysOff: DaysOff()) == nil)
    }

    @Test func theTeamsLeaderOrAnAdminDecidesNeverOneself() {
        func user(_ roles: Set<Role>, id: UUID = UUID()) -> User {
            User(id: id, tenantID: UUID(), email: "x@acme.example", firstName: "X", lastName: "Y", title: "", roles: roles, active: true,
                 preferredLanguage: nil)
        }
        let leader = user([.employee, .teamLeader]), admin = user([.admin]), otherLeader = user([.employee, .teamLeader])
        let member = PersonSubject(id: UUID(), teamLeader: leader.id)
        #expect(AbsenceRules.decides(leader, for: member) && AbsenceRules.decides(admin, for: member))
        #expect(!AbsenceRules.decides(otherLeader, for: member) && !AbsenceRules.decides(user([.employee]), for: member))
        #expect(!AbsenceRules.decides(leader, for: PersonSubject(id: leader.id, teamLeader: leader.id)))
        #expect(!AbsenceRules.decides(admin, for: PersonSubject(id: admin.id, teamLeader: nil)))
    }

    @Test func expectedHoursLeaveOutDaysOffAndApprovedAbsences() {
        let contract = Contract(id: UUID(), kind: .hpp, validFrom: day("2026-01-01"), validTo: nil, capacityTenths: 400)
        let week = Week(containing: day("2026-12-21")).days  // 21–27 December: 24 and 25 are holidays
        let away = Absence(id: UUID(), userID: UUID(), kind: .vacation, first: day("2026-12-21"), last: day("2026-12-21"), halfDay: true,
                           note: "", status: .approved, decidedBy: nil, reason: nil)
        let waiting = Absence(id: UUID(), userID: UUID(), kind: .vacation, first: day("2026-12-22"), last: day("2026-12-22"), halfDay: false,
                              note: "", status: .pending, decidedBy: nil, reason: nil)
        #expect(ExpectedTime.seconds(over: week, contracts: [contract]) == 3 * 8 * 3600)
        #expect(ExpectedTime.seconds(over: week, contracts: [contract], daysOff: DaysOff(company: [day("2026-12-23"): "Bridge"]),
                                     absences: [away, waiting]) == (4 + 8) * 3600)
    }

    /// A reason is counted as the database counts it (code points), not as characters.
    @Test func aReasonIsCountedInCodePoints() {
        #expect(DecisionReason.parse(String(repeating: "e", count: 500)) != nil)
        #expect(DecisionReason.parse(String(repeating: "e\u{301}", count: 300)) == nil)  // 300 characters, 600 code points
    }
}
