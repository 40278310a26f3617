import Foundation

extension TenantConnection {
    /// Claims `job` for this tenant until the transaction ends, without waiting: true for the one
    /// server that got it, false for every other server running the same job at the same time,
    /// which passes the tenant by (a transaction-level advisory lock, so it works through a
    /// transaction pooler and is released by COMMIT or ROLLBACK, or with a server that dies).
    func claim(job: String) async throws -> Bool {
        let key = job + ":" + tenant.uuidString
        return try await query("SELECT pg_try_advisory_xact_lock(hashtextextended(\(key), 0))").collect()[0].decode(Bool.self)
    }
}
