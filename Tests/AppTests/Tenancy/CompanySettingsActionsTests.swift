import Foundation
import PostgresNIO
import Testing
@testable import App

/// The use case of saving the company's settings, without HTTP: only an admin, only their own
/// company, and a reminder day not given kept as it is (`CompanySettingsActions`).
@Suite struct CompanySettingsActionsTests {
    static func settings(_ name: String, before: Int? = nil) -> CompanySettingsActions.Settings {
        CompanySettingsActions.Settings(name: name, timeZone: "Europe/London", defaultLanguage: .en, reminderBeforeEnd: before,
                                        reminderAfterStart: nil, toleranceBP: 250)
    }

    static func read(_ world: TestWorld, _ user: User) async throws -> (Tenant, ReminderDays, Int) {
        try await world.db.transaction(tenant: user.tenantID, readOnly: true) { db in
            (try await TenantQueries.current(on: db), try await TenantQueries.reminderDays(on: db),
             try await TenantQueries.amountTolerance(on: db))
        }
    }

    @Test func onlyAnAdminSavesTheirOwnCompanysSettings() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let (acme, days, _) = try await Self.read(world, world.admin)
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await CompanySettingsActions.save(Self.settings("Mine now"), $0) }
                }
            }
            #expect(try await Self.read(world, world.admin).0 == acme, "a refusal changes nothing")
            // Another company's admin saves their own company, never this one.
            try await world.act(as: world.otherAdmin) { try await CompanySettingsActions.save(Self.settings("Globex Ltd"), $0) }
            #expect(try await Self.read(world, world.admin).0 == acme)
            #expect(try await Self.read(world, world.otherAdmin).0.name == "Globex Ltd")
            let before = days.beforeEnd == 7 ? 6 : 7
            try await world.act(as: world.admin) { try await CompanySettingsActions.save(Self.settings("Acme a.s.", before: before), $0) }
            let (saved, reminders, tolerance) = try await Self.read(world, world.admin)
            #expect(saved.name == "Acme a.s." && saved.timeZone == "Europe/London" && saved.defaultLanguage == .en)
            #expect(reminders == ReminderDays(beforeEnd: before, afterStart: days.afterStart), "a day not given stays")
            #expect(tolerance == 250)
        }
    }
}
