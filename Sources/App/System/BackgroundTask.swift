import Foundation
import Vapor

/// Work that runs beside the server for as long as it runs (the mail worker, the expiry
/// cleanup), cancelled when the application shuts down.
final class BackgroundTask: LifecycleHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    init(_ work: @escaping @Sendable () async -> Void) {
        task = Task { await work() }
    }

    func shutdown(_ application: Application) {
        lock.withLock {
            task?.cancel()
            task = nil
        }
    }

    func shutdownAsync(_ application: Application) async {
        shutdown(application)
    }
}
