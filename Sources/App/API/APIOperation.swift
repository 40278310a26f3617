/// Every operation of the API with the `Permissions` entry it checks before anything else: the
/// entry of its web page, and the least reach a role must grant for it. What the operation then
/// reads is checked per item as on the web (someone else's invoice or a profile out of reach is a
/// 404). A test enumerates every operation of the OpenAPI document × every role against this.
enum APIOperation: String, CaseIterable, Sendable {
    case getMe, getMyMailPreferences, setMyMailPreferences, listMyEarnings, listMyInvoices, uploadInvoice, getInvoice, downloadInvoiceDocument
    case listInvoices, listMissingInvoices, getReviewDesk, actOnInvoice, actOnInvoices, correctInvoice, exportPayments
    case listPersonInvoices
    case listStatements, importStatement, getStatement, payStatementMatches
    case listPeople, createPerson, getPerson, updatePerson, setPersonActive, addPersonContract, setContractVacationDays
    case getSupplierDetails, setSupplierDetails, proposeSupplierDetails, decideSupplierProposal
    case exportReport
    case listPersonRates, setPersonRate, changePersonRate, deletePersonRate, listRateIncreases, getAverageIncrease
    case listMyTimeEntries, createTimeEntry, updateTimeEntry, deleteTimeEntry, listMyProjects, getTimer, startTimer, stopTimer
    case getPersonMonthTime, exportTime
    case listProjects, createProject, updateProject, createClient, updateClient
    case listMyAbsences, requestAbsence, withdrawAbsence, listTeamAbsences, decideAbsence, listDaysOff, setDayOff, deleteDayOff
    case submitMonth, decideMonth, reopenMonth, listMonthClose
    case listWorkStatements, downloadWorkStatementWorkbook, decideWorkStatements, downloadWorkStatement

    var permission: (action: Action, reach: Reach) {
        switch self {
        case .getMe: (.viewHome, .own)
        case .getMyMailPreferences, .setMyMailPreferences: (.editPreferences, .own)
        case .listMyEarnings: (.viewEarnings, .own)
        case .listMyInvoices, .uploadInvoice: (.submitInvoices, .own)
        case .getInvoice, .downloadInvoiceDocument, .downloadWorkStatement: (.viewInvoices, .own)
        case .listInvoices, .listMissingInvoices, .getReviewDesk, .actOnInvoice, .actOnInvoices, .correctInvoice,
             .exportPayments, .listPersonInvoices, .listStatements, .importStatement, .getStatement, .payStatementMatches,
             .listWorkStatements, .downloadWorkStatementWorkbook, .decideWorkStatements:
            (.reviewInvoices, .tenant)
        case .listPeople: (.listPeople, .team)
        case .getPerson: (.viewProfile, .own)
        case .createPerson, .updatePerson, .setPersonActive, .addPersonContract, .setContractVacationDays, .setSupplierDetails,
             .decideSupplierProposal:
            (.manageEmployees, .tenant)
        case .getSupplierDetails, .proposeSupplierDetails: (.viewSupplierDetails, .own)
        // Every report is an admin's; each is checked again for its own page's permission.
        case .exportReport: (.reviewInvoices, .tenant)
        case .listPersonRates, .setPersonRate, .changePersonRate, .deletePersonRate, .listRateIncreases, .getAverageIncrease:
            (.manageRates, .tenant)
        case .listMyTimeEntries, .createTimeEntry, .updateTimeEntry, .deleteTimeEntry, .listMyProjects, .getTimer, .startTimer,
             .stopTimer:
            (.trackTime, .own)
        // Whose entries it holds is the month page's reach: one's own, a leader's teams', everyone's.
        case .getPersonMonthTime, .exportTime: (.viewTime, .own)
        case .listProjects, .createProject, .updateProject, .createClient, .updateClient: (.manageProjects, .tenant)
        case .listMyAbsences, .requestAbsence, .withdrawAbsence: (.requestAbsence, .own)
        case .listTeamAbsences, .listDaysOff: (.viewAbsences, .own)
        case .decideAbsence: (.decideAbsences, .team)
        case .setDayOff, .deleteDayOff: (.manageDaysOff, .tenant)
        case .submitMonth: (.trackTime, .own)
        case .decideMonth, .listMonthClose: (.decideMonths, .team)
        case .reopenMonth: (.reopenMonths, .tenant)
        }
    }

    /// Whether `user` may call the operation at all; the reach `Permissions` grants them for it.
    func reach(for user: User) -> Reach? {
        guard user.active, let reach = Permissions.reach(of: user.roles, for: permission.action), reach >= permission.reach
        else { return nil }
        return reach
    }
}
