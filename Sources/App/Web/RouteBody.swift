import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// The kind of body a route takes (`RouteOption.body`); forms unless a route says otherwise.
/// `RequestBodyMiddleware` refuses any other Content-Type with 415 before a byte is decoded.
enum RouteBody: Sendable {
    /// `application/x-www-form-urlencoded` (or no body).
    case form
    /// `multipart/form-data` with files, collected by the tenant middleware once the visitor is
    /// known to be signed in (`RouteOption.ownTransactions`) and parsed once (`MultipartForm`).
    case multipart
    /// `application/json` (or no body): the API's operations (docs/ARCHITECTURE.md, "The API").
    case json
}

private struct MultipartFormKey: StorageKey { typealias Value = MultipartForm }

extension Request {
    var maxBodyBytes: Int {
        (route?.userInfo[RouteOption.maxBodyBytes] as? Int) ?? application.routes.defaultMaxBodySize.value
    }

    var routeBody: RouteBody { (route?.userInfo[RouteOption.body] as? RouteBody) ?? .form }

    /// The multipart form of a file route, parsed once by `collectMultipartForm`.
    var multipartForm: MultipartForm? { storage[MultipartFormKey.self] }

    /// How long a form's body may take to arrive; a file's gets longer (a phone on a slow line).
    var bodyDeadline: TimeAmount { routeBody == .multipart ? .minutes(10) : .seconds(30) }

    /// Collects the body within the route's limit (413 beyond it) and its deadline (408), once.
    func collectBody() async throws {
        if let data = body.data {
            // Already whole (a request built in memory): the limit still holds.
            guard data.readableBytes <= maxBodyBytes else { throw Abort(.payloadTooLarge) }
            return
        }
        let promise = eventLoop.makePromise(of: ByteBuffer?.self)
        body.collect(max: maxBodyBytes).cascade(to: promise)
        let timer = eventLoop.scheduleTask(in: bodyDeadline) {
            promise.fail(Abort(.requestTimeout))
        }
        defer { timer.cancel() }
        do {
            _ = try await promise.futureResult.get()
        } catch let error as any AbortError {
            throw error
        } catch {
            // The stream fails only when the connection does: the client went away.
            throw RequestProblem.clientGone
        }
    }

    /// For a file route: within a place of the application's upload gate in `lane` for `holder` (503 with Retry-After at
    /// once when the person, their company or everyone holds all the places they may, before any
    /// of the body is read), collects the body at its minimum rate (`BodyCollector`) and parses it
    /// as a multipart form on a thread of its own at a lower priority (`LowPriorityThread`), not
    /// on the threads that serve pages; then runs `body`. The place is given back as soon as the
    /// body fails to arrive, or when `body` returns.
    func withMultipartForm<T>(
        lane: UploadGate.Lane, holder: UploadGate.Holder, _ body: () async throws -> T
    ) async throws -> T {
        guard case .multipartForm(let boundary)? = try? headers.first(name: .contentType).map({ try BodyContentType(header: $0) })
        else { throw Abort(.unsupportedMediaType) }
        if let declared = headers.first(name: .contentLength).flatMap(Int.init), declared > maxBodyBytes {
            throw Abort(.payloadTooLarge)
        }
        let gate = application.uploadGate
        if let refusal = gate.enter(lane, holder) {
            application.metrics.pdfRefused(refusal == .full ? "uploads-busy" : "uploads-share")
            throw refusal == .ownUploadUnderWay ? RequestProblem.busy("upload.refused.ownUnderWay")
                                                : RequestProblem.busy("invoice.refused.busy")
        }
        defer { gate.leave(lane, holder) }
        let settings = application.settings
        let buffer = try await BodyCollector.collect(
            self, max: maxBodyBytes, deadline: bodyDeadline,
            minimumRate: BodyCollector.MinimumRate(bytesPerSecond: settings.uploadMinimumRate,
                                                   window: .seconds(Int64(settings.uploadRateWindowSeconds))))
        let form: MultipartForm
        do {
            form = try await LowPriorityThread.run { try MultipartForm.parse(buffer, boundary: boundary) }
        } catch MultipartForm.Problem.nulCharacter(let field) {
            throw RequestProblem.nulCharacter(field: field)
        } catch MultipartForm.Problem.hiddenCharacter(let field) {
            throw RequestProblem.hiddenCharacter(field: field)
        } catch is MultipartForm.Problem {
            throw Abort(.badRequest)
        }
        storage[MultipartFormKey.self] = form
        return try await body()
    }
}
