import Foundation

/// The admin's form for a person: what was typed, and what is wrong with it (pure).
struct EmployeeForm: Codable, Sendable {
    var firstName: String = ""
    var lastName: String = ""
    var title: String = ""
    var position: String = ""
    var email: String = ""
    var personalEmail: String = ""
    var phone: String = ""
    var team: String = ""
    var teamLeader: String?
    var admin: String?
    // Only when creating: the first contract and rate.
    var contractKind: String?
    var contractFrom: String?
    var capacity: String?
    var rate: String?
    var rateFrom: String?

    var roles: Set<Role> {
        var roles: Set<Role> = [.employee]
        if teamLeader != nil { roles.insert(.teamLeader) }
        if admin != nil { roles.insert(.admin) }
        return roles
    }

    /// The profile the form gives, trimmed and normalised (after `validate` found no problem);
    /// nil when the e-mail is not an address.
    var profile: PeopleMutations.Profile? {
        guard let email = EmailAddress.normalized(email) else { return nil }
        let personal = personalEmail.trimmingWhitespace()
        let phone = phone.trimmingWhitespace()
        return PeopleMutations.Profile(
            firstName: firstName.trimmingWhitespace(), lastName: lastName.trimmingWhitespace(),
            title: title.trimmingWhitespace(), position: position.trimmingWhitespace(), email: email,
            personalEmail: personal.isEmpty ? nil : EmailAddress.normalized(personal),
            phone: phone.isEmpty ? nil : Self.normalizedPhone(phone),
            team: UUID(uuidString: team), roles: roles)
    }

    static func normalizedPhone(_ raw: String) -> String? {
        let phone = raw.trimmingWhitespace()
        return phone.wholeMatch(of: /\+?[0-9 ]{6,20}/) != nil ? phone : nil
    }

    /// Field → translation key of the problem.
    func validate(creating: Bool) -> [String: String] {
        var errors: [String: String] = [:]
        func text(_ value: String, _ field: String, max: Int, required: Bool) {
            let trimmed = value.trimmingWhitespace()
            if required && trimmed.isEmpty { errors[field] = "employee.error.required" }
            else if trimmed.storedLength > max { errors[field] = "employee.error.tooLong" }
        }
        text(firstName, "firstName", max: 100, required: true)
        text(lastName, "lastName", max: 100, required: true)
        text(title, "title", max: 50, required: false)
        text(position, "position", max: 100, required: false)
        if EmailAddress.normalized(email) == nil { errors["email"] = "employee.error.email" }
        if !personalEmail.trimmingWhitespace().isEmpty && EmailAddress.normalized(personalEmail) == nil {
            errors["personalEmail"] = "employee.error.email"
        }
        if !phone.trimmingWhitespace().isEmpty && Self.normalizedPhone(phone) == nil { errors["phone"] = "employee.error.phone" }
        if !team.isEmpty && UUID(uuidString: team) == nil { errors["team"] = "employee.error.team" }
        if creating {
            if ContractKind(rawValue: contractKind ?? "") == nil { errors["contractKind"] = "employee.error.contractKind" }
            if LocalDate(input: contractFrom ?? "") == nil { errors["contractFrom"] = "employee.error.date" }
            if ContractHistory.parseCapacity(capacity ?? "") == nil { errors["capacity"] = "employee.error.capacity" }
            if let amount = Money.parse(rate ?? ""), amount > 0, amount <= Money.maxHourlyRateMinor {} else {
                errors["rate"] = "employee.error.rate"
            }
            if RateForm.day(rateFrom ?? "") == nil { errors["rateFrom"] = "rate.error.date" }
        }
        return errors
    }
}
