import Foundation

/// The use case of an admin saving the company's settings: name, time zone, default language,
/// the reminder days of a missing invoice and the desk's tolerance of a difference. The form is
/// read by `CompanyRoutes.validate`; the SQL is `TenantQueries.updateSettings`.
enum CompanySettingsActions {
    /// The settings as read; a reminder day or tolerance that is nil stays as it is.
    struct Settings: Sendable, Equatable {
        let name: String
        let timeZone: String
        let defaultLanguage: Language
        let reminderBeforeEnd: Int?
        let reminderAfterStart: Int?
        let toleranceBP: Int?
    }

    /// Saves `settings` for the actor's company. 403 for anyone but an admin.
    static func save(_ settings: Settings, _ c: ActionContext) async throws {
        try c.require(.manageCompany)
        let current = try await TenantQueries.reminderDays(on: c.db)
        try await TenantQueries.updateSettings(
            name: settings.name, timeZone: settings.timeZone, defaultLanguage: settings.defaultLanguage,
            reminders: ReminderDays(beforeEnd: settings.reminderBeforeEnd ?? current.beforeEnd,
                                    afterStart: settings.reminderAfterStart ?? current.afterStart),
            toleranceBP: settings.toleranceBP, on: c.db)
    }
}
