import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Work that a page never waits for but that costs CPU in proportion to an uploaded file
/// (parsing a multipart body, copying and hashing the file, feeding it to the inspector) runs
/// on a thread of its own at nice 10, so that on a busy machine the threads that serve pages
/// (the event loops and Swift's cooperative pool, both at nice 0) get the processor first.
/// On Linux a nice value belongs to a thread, so only this thread is lowered.
enum LowPriorityThread {
    static let niceness: Int32 = 10

    /// Runs `work` on a new thread at nice 10 and returns (or throws) what it does.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await run { Result(catching: work) }.get()
    }

    /// Runs `work` that cannot fail (a copy, a pipe's reads and writes) the same way.
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread {
                lowerCurrentThread()
                continuation.resume(returning: work())
            }.start()
        }
    }

    /// Lowers the calling thread's priority by 10; where that is refused the work still runs.
    static func lowerCurrentThread() {
        #if os(Linux)
        // PRIO_PROCESS with 0 names the calling thread on Linux (nice is a per-thread value there);
        // 10 below where the thread starts (a server already started at a nice value keeps it).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, currentNiceness() + niceness))
        #endif
    }

    /// The calling thread's nice value.
    static func currentNiceness() -> Int32 {
        #if os(Linux)
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #else
        return 0
        #endif
    }
}
