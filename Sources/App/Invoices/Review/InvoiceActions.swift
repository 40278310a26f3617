import Foundation

/// What an admin does to an invoice, named by what it does (docs/DOMAIN.md, Invoice states):
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

    /// Paying and undoing are asked about first (`ConfirmQuestion`): they are hard to take back.
    public var needsConfirmation: Bool { self == .markPaid || self == .undoApproval || self == .undoPayment }

    /// The actions offered for an invoice in `state`, in the order a page shows them.
    public static func allowed(from state: InvoiceState) -> [InvoiceAction] {
        allCases.filter { $0.target(from: state) != nil }
    }

    /// Why the rule refuses an action.
    public enum Refusal: Error, Sendable, Equatable {
        /// Only active admins review invoices.
        case notPermitted
        /// The action does not start from this state.
        case notFrom(InvoiceState)
        /// A return must say why.
        case reasonMissing
        /// A reason (or an approval's note) longer than `maxReasonLength` code points.
        case reasonTooLong
    }

    public static let maxReasonLength = 2_000

    /// The rule for everything that can be known before the invoices are read: who asks, and each
    /// pick's reason (trimmed; required for a return; at most `maxReasonLength` code points, as the
    /// database counts). Throws `notPermitted` for anyone but an active admin; picks refused for
    /// their reason are named in `refused`, the others make the command (nil when none is left).
    /// What depends on each invoice (its state, its version, whose it is) is checked where the
    /// rows are locked, against the command's `arrows` (`ReviewMutations.apply`).
    public func command(by user: User, picks: [ReviewPick]) throws(Refusal) -> InvoiceCommand.Checked {
        guard Permissions.can(user, .reviewInvoices, .company) else { throw .notPermitted }
        var refused: [UUID: Refusal] = [:]
        var items: [InvoiceCommand.Item] = []
        var seen: Set<UUID> = []
        for pick in picks where seen.insert(pick.id).inserted {
            let trimmed = pick.reason?.trimmingWhitespace() ?? ""
            if needsReason, trimmed.isEmpty {
                refused[pick.id] = .reasonMissing
            } else if trimmed.storedLength > Self.maxReasonLength {
                refused[pick.id] = .reasonTooLong
            } else {
                items.append(InvoiceCommand.Item(id: pick.id, version: pick.version, reason: trimmed.isEmpty ? nil : trimmed,
                                                 booking: self == .markPaid ? pick.booking : nil))
            }
        }
        let command = items.isEmpty ? nil : InvoiceCommand(action: self, actor: user.id, items: items)
        return InvoiceCommand.Checked(command: command, refused: refused)
    }

    /// The whole rule for one invoice in a known state: role, reason and state; the state it
    /// leads to.
    public func check(by user: User, state: InvoiceState, reason: String?) -> Result<InvoiceState, Refusal> {
        let id = UUID()
        let checked: InvoiceCommand.Checked
        do { checked = try command(by: user, picks: [ReviewPick(id: id, version: 0, reason: reason)]) } catch {
            return .failure(error)
        }
        if let refusal = checked.refused[id] { return .failure(refusal) }
        guard let target = checked.command?.target(from: state) else { return .failure(.notFrom(state)) }
        return .success(target)
    }
}

/// An admin's action that passed `InvoiceAction.command`: the only input `ReviewMutations.apply`
/// takes, so the rule that is tested is the rule that runs. Made only by `command(by:picks:)`.
public struct InvoiceCommand: Sendable, Equatable {
    /// One invoice the command is for: as the admin saw it (its version), with its normalised reason.
    public struct Item: Sendable, Equatable {
        public let id: UUID
        public let version: Int
        public let reason: String?
        /// Only a payment names a statement.
        public var booking: StatementBooking? = nil
    }

    /// What the rule made of a selection.
    public struct Checked: Sendable, Equatable {
        /// The invoices that passed, or nil when none did.
        public let command: InvoiceCommand?
        /// The picks refused for their reason.
        public let refused: [UUID: InvoiceAction.Refusal]
    }

    public let action: InvoiceAction
    /// The admin who asked; the history names them.
    public let actor: UUID
    public let items: [Item]

    fileprivate init(action: InvoiceAction, actor: UUID, items: [Item]) {
        self.action = action
        self.actor = actor
        self.items = items
    }

    /// The arrows the invoices may move along: from each source state, its target.
    public var arrows: [(from: InvoiceState, to: InvoiceState)] {
        InvoiceState.allCases.compactMap { from in action.target(from: from).map { (from, $0) } }
    }

    /// Where an invoice in `state` goes, or nil when the action does not start from it.
    public func target(from state: InvoiceState) -> InvoiceState? { action.target(from: state) }
}
