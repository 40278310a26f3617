import Foundation
import Testing
@testable import App

/// sendmail runs with a small fixed environment: never the server's database URLs or secret key.
@Suite struct SendmailEnvironmentTests {
    @Test func onlyWhatAMailProgramNeedsIsPassedOn() {
        let kept = SendmailTransport.environment([
            "PATH": "/usr/bin", "HOME": "/var/lib/roster", "LANG": "C.UTF-8",
            "DATABASE_URL": "postgres://app:pw@db/roster", "MIGRATION_DATABASE_URL": "postgres://owner:pw@db/roster",
            "ROSTER_SECRET_KEY": "c2VjcmV0", "ROSTER_SENDMAIL": "msmtp -t",
        ])
        #expect(kept == ["PATH": "/usr/bin", "HOME": "/var/lib/roster", "LANG": "C.UTF-8"])
        #expect(SendmailTransport.environment([:])["PATH"] != nil, "programs are still found")
    }

    @Test func theProgramItselfSeesNoSecrets() async throws {
        setenv("MIGRATION_DATABASE_URL", "postgres://roster_owner:owner-password@127.0.0.1:1/roster", 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sendmail-env-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let transport = SendmailTransport(command: ["/bin/sh", "-c", "cat >/dev/null; env > '\(file)'"])
        try await transport.send(try MailMessage(
            from: "Roster <roster@localhost>", to: "eva@acme.example", subject: "Hi", body: "Hello"))
        let seen = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!seen.contains("MIGRATION_DATABASE_URL") && !seen.contains("owner-password"))
        #expect(seen.contains("PATH="))
    }
}
