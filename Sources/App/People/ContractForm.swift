import Vapor

/// The contract form of a profile, as typed.
struct ContractForm: Content, Sendable {
    var kind: String
    var validFrom: String
    var validTo: String?
    var capacity: String
    /// "on": end the current open-ended contract the day before the new one starts.
    var endCurrent: String?
    /// Days of vacation a year (HPP); empty or missing: 20.
    var vacationDays: String?
}

extension ContractForm {
    /// What is wrong with a form: the key of the message shown next to it.
    enum Problem: String, Sendable {
        case kind = "contract.error.kind", from = "employee.error.date", to = "contract.error.to"
        case capacity = "employee.error.capacity", overlap = "contract.error.overlap"
        case vacation = "contract.error.vacation"
    }

    /// The contract the form describes, or what is wrong with it; pure.
    var contract: Result<Contract, ProblemError> {
        let form = self
        guard let kind = ContractKind(rawValue: form.kind) else { return .failure(.init(.kind)) }
        guard let from = LocalDate(input: form.validFrom) else { return .failure(.init(.from)) }
        var to: LocalDate?
        if let text = form.validTo, !text.trimmingWhitespace().isEmpty {
            guard let day = LocalDate(input: text), day >= from else { return .failure(.init(.to)) }
            to = day
        }
        guard let capacity = ContractHistory.parseCapacity(form.capacity) else { return .failure(.init(.capacity)) }
        var vacation = ContractHistory.defaultVacationTenths
        if let text = form.vacationDays, !text.trimmingWhitespace().isEmpty {
            guard let tenths = ContractHistory.parseVacationDays(String(text.prefix(20))) else { return .failure(.init(.vacation)) }
            vacation = tenths
        }
        return .success(Contract(id: UUID(), kind: kind, validFrom: from, validTo: to, capacityTenths: capacity,
                                 vacationTenths: vacation))
    }

    /// A `Problem` as a failure of `contract`.
    struct ProblemError: Error {
        let problem: Problem
        init(_ problem: Problem) { self.problem = problem }
    }
}
