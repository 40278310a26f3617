import Vapor

/// What a route can ask of the tenant middlewares, through `Route.userInfo`.
enum RouteOption {
    /// A GET that must write (the identity provider's return, which signs in).
    static let writesOnGet = "writesOnGet"
    /// The most bytes of body the route takes (an `Int`), instead of the application's default.
    static let maxBodyBytes = "maxBodyBytes"
    /// The route opens its own transactions (`Request.ownTransaction`): the request holds no
    /// connection while its body arrives or while the handler waits on something slow (a PDF
    /// inspection, a call to an identity provider).
    static let ownTransactions = "ownTransactions"
    /// For an `ownTransactions` route: the `Action` the signed-in person must be permitted for the
    /// company before their body is read (403 before a byte of a large upload arrives).
    static let requiresBeforeBody = "requiresBeforeBody"
    /// For a file route: its lane of the upload gate (an `UploadGate.Lane`); `.invoices` when unset.
    static let uploadLane = "uploadLane"
    /// The kind of body the route takes (a `RouteBody`); `.form` when unset.
    static let body = "body"
    /// A POST authorised by a signature in its address, not by a session or a page (a mail's
    /// one-click unsubscribe, which a mail program posts without cookies): no CSRF token is asked.
    static let signedAddress = "signedAddress"
    /// A report page that may read from the standby (`ReplicaReads`), when one is configured.
    static let replicaReads = "replicaReads"
    /// A page whose filter names the teams: the request's first statement reads them too
    /// (`Request.teamNames()`), saving the page a round trip.
    static let teamNames = "teamNames"
    /// A page that computes little (a list of a page of rows): its transaction and handler run on
    /// the event loop of its database connection (`EventLoopTaskExecutor`). Never a page that
    /// computes for long (an export, the review desk), which would hold that loop and every
    /// connection on it.
    static let onConnectionLoop = "onConnectionLoop"
    /// A page whose one read (`PageRead`) the request's first statement reads with the shell (a
    /// `PageReadOption`).
    static let pageRead = "pageRead"
}

/// The value of `RouteOption.pageRead`: the page's read for a request (its filter, page and month
/// from the address).
struct PageReadOption: Sendable {
    let read: @Sendable (Request) -> any PageRead
}
