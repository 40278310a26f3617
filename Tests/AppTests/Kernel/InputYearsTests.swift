import Foundation
import Testing
@testable import App

/// One range for every date a person or a program types (`LocalDate.inputYears`): a time entry,
/// an absence, a contract, a rate, a filter or an export in 2101 is refused alike, on the web and
/// through the API.
@Suite struct InputYearsTests {
    @Test func everyDateInputKeepsToTheSameYears() {
        #expect(LocalDate(input: "2000-01-01") != nil && LocalDate(input: "2100-12-31") != nil)
        for text in ["1999-12-31", "2101-01-01", "9999-12-31", "2026-02-30", "", String(repeating: "9", count: 10_000)] {
            #expect(LocalDate(input: text) == nil, "\(text.prefix(20))")
            #expect(RateForm.day(text) == nil)
        }
        #expect(Month(filter: "2101-01") == nil && Month(filter: "2100-12") != nil)
        guard case .failure(let entry) = TimeEntryRules.read(TimeEntryInput(day: "2101-01-05", project: UUID().uuidString,
                                                                              duration: "1:00")) else {
            Issue.record("a time entry in 2101 was accepted")
            return
        }
        #expect(entry.fields["day"] != nil)
        guard case .failure(let absence) = AbsenceRules.read(AbsenceInput(kind: "vacation", first: "2101-01-05")) else {
            Issue.record("an absence in 2101 was accepted")
            return
        }
        #expect(absence.fields["first"] != nil)
    }

    @Test func theAPIRefusesATimeEntryInTheNextCentury() async throws {
        try await withWorld { world in
            let project = try await TimeTrackingTests.project(world).lowercasedString
            let eva = try await APIClient.signIn(world, world.employee)
            let refused = try await eva.send(.POST, "/me/time", json: #"{"day":"2101-01-05","projectId":"\#(project)","durationMinutes":60}"#)
            #expect(refused.status == .unprocessableEntity && refused.problem?.errors?.map(\.field) == ["day"])
        }
    }
}
