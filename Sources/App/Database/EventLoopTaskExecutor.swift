import NIOCore

/// Runs a task's jobs on one event loop.
///
/// A light page (`RouteOption.onConnectionLoop`) runs on the loop of the database connection it
/// holds: each statement is written from that loop's thread, and its answer resumes the page on
/// the thread that read it, instead of waking a thread of the concurrency pool for every
/// statement (docs/PERFORMANCE.md, "What keeps a page fast").
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
