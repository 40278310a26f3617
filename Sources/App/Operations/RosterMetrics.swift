import Prometheus

/// What operators watch, in Prometheus's text format at `/metrics` (docs/ARCHITECTURE.md,
/// Metrics and logs). One registry per application, so tests of several applications in one
/// process never mix their figures. Labels hold bounded sets only: route patterns (never paths),
/// status classes, and the reasons of a fixed list.
public final class RosterMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()

    /// Connections of the pool lent out now.
    public let poolInUse: Gauge
    /// How long a request waited for a pooled connection.
    public let poolWait: DurationHistogram
    /// Waits that ran out (answered 503).
    public let poolTimeouts: Counter
    /// PDF inspections running now, and waiting for a turn.
    public let pdfRunning: Gauge
    public let pdfQueued: Gauge
    public let pdfDuration: DurationHistogram
    /// Undelivered mail of every tenant, and the age of the oldest, as of the last sweep.
    public let outboxPending: Gauge
    public let outboxOldestAge: Gauge

    static let requestBuckets: [Duration] = [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
                                             .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
                                             .milliseconds(2_500), .seconds(5), .seconds(10)]

    public init() {
        poolInUse = registry.makeGauge(descriptor: Self.name("db_pool_connections_in_use", "", "Pooled database connections lent out now."))
        poolWait = registry.makeDurationHistogram(
            descriptor: Self.name("db_pool_wait", "seconds", "How long a request waited for a pooled database connection."),
            buckets: [.milliseconds(1), .milliseconds(5), .milliseconds(25), .milliseconds(100), .milliseconds(500),
                      .seconds(1), .seconds(2), .seconds(5)])
        poolTimeouts = registry.makeCounter(descriptor: Self.name("db_pool_wait_timeouts", "total", "Waits for a pooled connection that ran out (503)."))
        pdfRunning = registry.makeGauge(descriptor: Self.name("pdf_inspections_running", "", "PDF inspections running now."))
        pdfQueued = registry.makeGauge(descriptor: Self.name("pdf_inspections_queued", "", "PDF inspections waiting for a turn."))
        pdfDuration = registry.makeDurationHistogram(
            descriptor: Self.name("pdf_inspection_duration", "seconds", "How long a PDF inspection took."),
            buckets: [.milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
                      .seconds(2), .seconds(5), .seconds(10), .seconds(20)])
        outboxPending = registry.makeGauge(descriptor: Self.name("outbox_pending", "", "Mail not yet delivered, as of the last sweep."))
        outboxOldestAge = registry.makeGauge(
            descriptor: Self.name("outbox_oldest_pending_age", "seconds", "Age of the oldest undelivered mail, as of the last sweep."))
    }

    /// A request answered: counted by route pattern and status class, timed by route pattern.
    public func requestFinished(method: String, route: String, status: UInt, duration: Duration) {
        let labels = [("method", method), ("route", route)]
        registry.makeCounter(descriptor: Self.name("http_requests", "total", "Requests answered."),
                             labels: labels + [("status", "\(status / 100)xx")]).increment()
        registry.makeDurationHistogram(descriptor: Self.name("http_request_duration", "seconds", "Time to answer a request."),
                                       labels: labels, buckets: Self.requestBuckets).record(duration)
    }

    /// Why an upload's inspection was turned away: every inspection slot and its line taken
    /// (`inspections-busy`), every upload slot (`uploads-busy`), or the person's or their
    /// company's share of them (`uploads-share`).
    public func pdfRefused(_ reason: String) {
        registry.makeCounter(descriptor: Self.name("pdf_inspections_refused", "total", "Uploads turned away because inspection was busy."),
                             labels: [("reason", reason)]).increment()
    }

    /// A sign-in that failed: by way (`link`, `oidc`, `oauth`) and reason.
    public func signInFailed(_ method: String, reason: String) {
        registry.makeCounter(descriptor: Self.name("sign_in_failures", "total", "Sign-ins that failed."),
                             labels: [("method", method), ("reason", reason)]).increment()
    }

    /// The registry's text, for `/metrics`.
    public func exposition() -> [UInt8] { registry.emitToBuffer() }

    private static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "roster", metricName: metric, unitName: unit, helpText: help)
    }
}
