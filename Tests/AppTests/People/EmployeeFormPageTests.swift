import Foundation
import Testing
@testable import App

/// The person form as a model: adding and editing, the chosen team and kind, problems per field.
@Suite struct EmployeeFormPageTests {
    static let sales = UUID()

    @Test func addingAndEditingAPerson() {
        var form = EmployeeForm()
        form.team = Self.sales.uuidString.uppercased()
        form.contractKind = "dpc"
        let adding = EmployeeFormPage(layout: Layout(title: "x", language: .en), slug: "acme", id: nil, form: form,
                                      teams: [(Self.sales, "Sales")], errors: ["email": "employee.error.duplicateEmail"],
                                      t: TestTranslator.en)
        #expect(adding.creating && adding.action == Paths.newPerson("acme") && adding.cancelURL == Paths.people("acme"))
        #expect(adding.teams.first?.selected == true && adding.kinds.first { $0.selected }?.value == "dpc")
        #expect(adding.errors["email"] == TestTranslator.en("employee.error.duplicateEmail") && adding.errorSummary != nil)
        let id = UUID()
        let editing = EmployeeFormPage(layout: Layout(title: "x", language: .cs), slug: "acme", id: id, form: EmployeeForm(),
                                       teams: [], errors: [:], t: TestTranslator.cs)
        #expect(!editing.creating && editing.action == Paths.editPerson("acme", id) && editing.errorSummary == nil)
        #expect(editing.heading == TestTranslator.cs("employee.edit"))
    }
}
