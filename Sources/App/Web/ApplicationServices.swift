import Vapor

private struct DatabaseKey: StorageKey { typealias Value = Database }
private struct SettingsKey: StorageKey { typealias Value = AppSettings }
private struct TranslationsKey: StorageKey { typealias Value = Translations }
private struct MigratorKey: StorageKey { typealias Value = Migrator }
private struct OIDCKey: StorageKey { typealias Value = OIDCDirectory }
private struct PDFInspectorKey: StorageKey { typealias Value = PDFInspector }
private struct UploadGateKey: StorageKey { typealias Value = UploadGate }
private struct MetricsKey: StorageKey { typealias Value = RosterMetrics }

/// The services `configure` sets up once, reachable from every request.
extension Application {
    public var database: Database {
        get { storage[DatabaseKey.self]! }
        set { storage[DatabaseKey.self] = newValue }
    }

    public var settings: AppSettings {
        get { storage[SettingsKey.self]! }
        set { storage[SettingsKey.self] = newValue }
    }

    public var translations: Translations {
        get { storage[TranslationsKey.self]! }
        set { storage[TranslationsKey.self] = newValue }
    }

    public var migrator: Migrator {
        get { storage[MigratorKey.self]! }
        set { storage[MigratorKey.self] = newValue }
    }

    /// Identity providers' discovery documents and keys, shared by all requests.
    public var oidc: OIDCDirectory {
        get { storage[OIDCKey.self]! }
        set { storage[OIDCKey.self] = newValue }
    }

    /// The sandboxed PDF inspector every upload goes through.
    public var pdfInspector: PDFInspector {
        get { storage[PDFInspectorKey.self]! }
        set { storage[PDFInspectorKey.self] = newValue }
    }

    /// What `/metrics` shows.
    public var metrics: RosterMetrics {
        get { storage[MetricsKey.self]! }
        set { storage[MetricsKey.self] = newValue }
    }

    /// How many uploads are read at once (`ROSTER_UPLOAD_CONCURRENCY`).
    var uploadGate: UploadGate {
        get { storage[UploadGateKey.self]! }
        set { storage[UploadGateKey.self] = newValue }
    }
}
