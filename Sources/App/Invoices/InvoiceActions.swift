import Foundation

/// What an admin does to an invoice, named by what it does (DESIGN.md, Invoice states):
///
///     submitted --approve--> approved --mark paid--> paid
///     submitted --return (reason)--> returned
///     approved  --undo approval--> submitted
///     approved  --return (reason)--> returned
///     paid      --undo payment--> approved
///
/// Uploading and replacing the file are the employee's arrows (`InvoiceRules.stateAfterUpload`).
public enum InvoiceAction: String, Sendable, CaseIterable, Codable {
    case approve
    case returnToEmployee = "return"
    case markPaid = "pay"
    case undoApproval = "undo-approval"
    case undoPayment = "undo-payment"

    /// The states the action starts from, and where it leads.
    public var arrows: [InvoiceState: InvoiceState] {
        switch self {
        case .approve: [.submitted: .approved]
        case .returnToEmployee: [.submitted: .returned, .approved: .returned]
        case .markPaid: [.approved: .paid]
        case .undoApproval: [.approved: .submitted]
        case .undoPayment: [.paid: .approved]
        }
    }

    /// The state after the action, or nil when the action does not start from `state`.
    public func target(from state: InvoiceState) -> InvoiceState? { arrows[state] }

    public var sources: [InvoiceState] { InvoiceState.allCases.filter { arrows[$0] != nil } }

    /// A return tells the employee why.
    public var needsReason: Bool { self == .returnToEmployee }

    /// The actions offered for an invoice in `state`, in the order a page shows them.
    public static func allowed(from state: InvoiceState) -> [InvoiceAction] {
        allCases.filter { $0.target(from: state) != nil }
    }

    /// Who may do it: the reviewing admins only; nil when the action is allowed.
    public enum Refusal: Error, Sendable, Equatable {
        case notPermitted
        case notFrom(InvoiceState)
        case reasonMissing
        case reasonTooLong
    }

    public static let maxReasonLength = 2_000

    /// The whole rule for one invoice: role, state and reason.
    public func check(by user: User, state: InvoiceState, reason: String?) -> Result<InvoiceState, Refusal> {
        guard Permissions.can(user, .reviewInvoices, .company) else { return .failure(.notPermitted) }
        guard let target = target(from: state) else { return .failure(.notFrom(state)) }
        let trimmed = reason?.trimmingWhitespace() ?? ""
        if needsReason, trimmed.isEmpty { return .failure(.reasonMissing) }
        // Counted as the database counts (code points), not as a reader would (characters).
        if trimmed.unicodeScalars.count > Self.maxReasonLength { return .failure(.reasonTooLong) }
        return .success(target)
    }
}
