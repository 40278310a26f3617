import Foundation
import Testing
import Vapor
@testable import App

/// Notifications through the real flows: queued in the action's transaction, delivered through
/// sendmail to the test SMTP server, read back, unsubscribed from without signing in.
@Suite struct NotificationFlowTests {
    /// The outbox rows of the demo company addressed to `email`, newest first.
    static func outbox(_ world: TestWorld, to email: String) async throws -> [OutboxMail] {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            try await OutboxQueries.recent(limit: 100, on: db).filter { $0.recipient == email }
        }
    }

    /// The admin returns the employee's seeded invoice on its page, with `reason`.
    static func returnInvoice(_ world: TestWorld, reason: String) async throws -> Browser.Page {
        let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
        var admin = try await world.signedIn(world.admin)
        let page = try await admin.get(Paths.invoice("acme", seeded.invoice))
        return try await admin.post(Paths.invoiceAction("acme", seeded.invoice), form: [
            "action": "return", "version": String(seeded.version), "reason": reason,
        ], csrfFrom: page)
    }

    @Test func aReturnedInvoiceIsMailedWithItsReasonInTheRecipientsLanguageAndCanBeStoppedWithOneClick() async throws {
        let command = try #require(ProcessInfo.processInfo.environment["ROSTER_TEST_SENDMAIL"],
                                   "run the tests with scripts/test, which starts an SMTP server")
        let maildir = try #require(ProcessInfo.processInfo.environment["ROSTER_TEST_MAILDIR"])
        try await withWorld { world in
            // The employee reads Czech.
            try await world.db.transaction(tenant: world.admin.tenantID) {
                try await UserQueries.setPreferredLanguage(.cs, user: world.employee.id, on: $0)
            }
            let returned = try await Self.returnInvoice(world, reason: "Chybí číslo objednávky <PO-7>")
            #expect(returned.status == .seeOther)
            let queued = try #require(try await Self.outbox(world, to: world.employee.email).first)
            #expect(queued.subject == "Vaše faktura za říjen 2024 byla vrácena")
            #expect(queued.body.contains("Chybí číslo objednávky <PO-7>"))
            #expect(try await Self.outbox(world, to: world.admin.email).allSatisfy { $0.subject == "Welcome" },
                    "the admin who acted is not told")

            let worker = try Self.smtpWorker(world, command: command)
            #expect(try await worker.deliverDue(tenant: world.admin.tenantID).sent == 1)
            let mail = try ReceivedMail.find(in: maildir, id: queued.id)
            #expect(mail.header("To") == world.employee.email)
            #expect(mail.html.contains("Chybí číslo objednávky &lt;PO-7&gt;"), "the reason is escaped in HTML")
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            #expect(mail.text.contains("http://localhost:8080" + Paths.invoice("acme", seeded.invoice)))
            let header = try #require(mail.header("List-Unsubscribe"))
            #expect(mail.header("List-Unsubscribe-Post") == "List-Unsubscribe=One-Click")
            let stop = String(try #require(header.firstMatch(of: /<http:\/\/localhost:8080(\/t\/acme\/mail\/stop\/[^>]+)>/)).1)
            #expect(mail.text.contains("http://localhost:8080" + stop), "the footer has the same link")

            // Opening the link (or a scanner fetching it) changes nothing.
            var stranger = world.browser()
            let page = try await stranger.get(stop)
            #expect(page.status == .ok && page.body.contains("returned invoices"))
            #expect(try await Self.wanted(world, world.employee).contains(.invoiceReturned))
            // A tampered or foreign address is not found, and changes nothing either.
            for bad in [stop.replacingOccurrences(of: "invoice-returned", with: "invoice-paid"),
                        stop.replacingOccurrences(of: world.employee.id.lowercasedString, with: world.leader.id.lowercasedString),
                        stop.replacingOccurrences(of: "/t/acme/", with: "/t/globex/"),
                        String(stop.prefix { $0 != "?" }), stop + "x"] {
                #expect(try await stranger.postRaw(bad, form: ["List-Unsubscribe": "One-Click"]).status == .notFound, "\(bad)")
            }
            #expect(try await Self.wanted(world, world.employee).contains(.invoiceReturned))
            // A mail program's one-click POST: no cookie, no CSRF token; as multipart/form-data too (RFC 8058).
            var multipartProgram = world.browser()
            let boundary = "roster-test-boundary"
            let multipart = "--\(boundary)\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--\(boundary)--\r\n"
            let paidStop = stop.replacingOccurrences(of: "invoice-returned", with: "invoice-approved")
            #expect(try await multipartProgram.send(.POST, paidStop, body: multipart,
                                                    contentType: "multipart/form-data; boundary=\(boundary)").status == .notFound,
                    "the signature is still checked")
            let viaMultipart = try await multipartProgram.send(.POST, stop, body: multipart,
                                                               contentType: "multipart/form-data; boundary=\(boundary)")
            #expect(viaMultipart.status == .ok && viaMultipart.body.contains("no longer receive"))
            #expect(try await !Self.wanted(world, world.employee).contains(.invoiceReturned))
            try await world.db.transaction(tenant: world.admin.tenantID) {
                try await MailPreferenceQueries.set(Set(MailKind.allCases.filter { $0.isOffered(to: world.employee) }), for: world.employee, on: $0)
            }
            var mailProgram = world.browser()
            let done = try await mailProgram.postRaw(stop, form: ["List-Unsubscribe": "One-Click"])
            #expect(done.status == .ok && done.body.contains("no longer receive"))
            #expect(try await !Self.wanted(world, world.employee).contains(.invoiceReturned))
            #expect(try await Self.wanted(world, world.employee).contains(.invoicePaid), "only that kind")
        }
    }

    /// A mail worker that delivers through sendmail to the test SMTP server.
    static func smtpWorker(_ world: TestWorld, command: String) throws -> MailWorker {
        MailWorker(database: world.db, transport: try #require(SendmailTransport(commandLine: command)),
                   from: "Roster <roster@roster.test>", logger: TestPostgres.logger)
    }

    /// The kinds offered to `user` that they receive (a kind that is not offered to them is never
    /// sent to them: "absence-requested" goes to those who decide).
    static func wanted(_ world: TestWorld, _ user: User) async throws -> Set<MailKind> {
        try await world.db.transaction(tenant: user.tenantID, readOnly: true) {
            try await MailPreferenceQueries.wanted(by: user.id, on: $0).filter { $0.isOffered(to: user) }
        }
    }

    @Test func aKindTurnedOffOnThePreferencesPageIsNotSent() async throws {
        try await withWorld { world in
            var employee = try await world.signedIn(world.employee)
            let page = try await employee.get(Paths.preferences("acme"))
            #expect(page.body.contains(#"name="mail[]" value="invoice-returned" checked"#))
            let saved = try await employee.post(Paths.preferences("acme"), form: [
                "language": "en", "mail[]": "invoice-paid",
            ], csrfFrom: page)
            #expect(saved.status == .seeOther)
            #expect(try await Self.wanted(world, world.employee) == [.invoicePaid])
            let refused = try await employee.post(Paths.preferences("acme"), form: ["language": "en", "mail[]": "spam"], csrfFrom: page)
            #expect(refused.status == .badRequest)
            #expect(try await Self.wanted(world, world.employee) == [.invoicePaid])
            _ = try await Self.returnInvoice(world, reason: "Wrong total")
            #expect(try await Self.outbox(world, to: world.employee.email).isEmpty)
        }
    }

    @Test func aRateSetByAnAdminIsMailedToThePersonNotToTheAdmin() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            for person in [world.leader, world.admin] {
                let page = try await admin.get(Paths.person("acme", person.id))
                let saved = try await admin.post(Paths.rates("acme", person.id), form: [
                    "amount": "1 234,50", "effectiveFrom": "2027-01-01",
                ], csrfFrom: page)
                #expect(saved.status == .seeOther)
            }
            let mails = try await Self.outbox(world, to: world.leader.email)
            #expect(mails.count == 1 && mails[0].body.contains("2027-01-01") && mails[0].body.contains("1"))
            #expect(try await Self.outbox(world, to: world.admin.email).allSatisfy { $0.subject == "Welcome" })
            // Through the SMTP server, like every kind.
            if let command = ProcessInfo.processInfo.environment["ROSTER_TEST_SENDMAIL"],
               let maildir = ProcessInfo.processInfo.environment["ROSTER_TEST_MAILDIR"], let queued = mails.first {
                let worker = try Self.smtpWorker(world, command: command)
                _ = try await worker.deliverDue(tenant: world.admin.tenantID)
                let mail = try ReceivedMail.find(in: maildir, id: queued.id)
                #expect(mail.header("To") == world.leader.email && mail.text.contains("2027-01-01"))
                #expect(mail.header("List-Unsubscribe")?.contains("/rate-changed?") == true)
            }
        }
    }

    @Test func remindersAreQueuedOnceWhenTwoServersRace() async throws {
        // The last working day of November 2026, 10:00 in Prague.
        try await withWorld(clock: .fixed("2026-11-30T10:00:00+01:00")!) { world in
            let reminders = (0..<2).map { _ in world.app.scheduledMail }
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for reminder in reminders { group.addTask { try await reminder.queueDue() } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            // The leader and the employee have IČO contracts and no November invoice.
            #expect(counts.reduce(0, +) == 2, "\(counts)")
            #expect(try await world.app.scheduledMail.queueDue() == 0, "a later pass queues nothing again")
            for person in [world.leader, world.employee] {
                let mails = try await Self.outbox(world, to: person.email)
                #expect(mails.count == 1, "\(person.email)")
                #expect(mails.first?.subject == "Chybí vaše faktura za listopad 2026", "in the company's language")
                #expect(mails.first?.body.contains(Paths.uploadInvoice("acme", month: Month(year: 2026, month: 11)!)) == true)
            }
            #expect(try await Self.outbox(world, to: world.admin.email).allSatisfy { $0.subject == "Welcome" }, "no IČO contract")
        }
        // On an ordinary day nothing is due.
        try await withWorld { world in
            let queued = try await world.app.scheduledMail.queueDue()
            #expect(queued == 0)
        }
    }

    @Test func aCompanyWhoseRemindersAnotherServerQueuesIsPassedBy() async throws {
        try await withWorld(clock: .fixed("2026-11-30T10:00:00+01:00")!) { world in
            let key = "scheduled-mail:" + world.admin.tenantID.uuidString
            // Another server is in the middle of acme's pass: this one queues nothing there.
            try await world.database.asSuperuser { connection in
                try await connection.query("SELECT pg_advisory_lock(hashtextextended(\(key), 0))", logger: TestPostgres.logger)
                #expect(try await world.app.scheduledMail.queueDue() == 0)
                try await connection.query("SELECT pg_advisory_unlock(hashtextextended(\(key), 0))", logger: TestPostgres.logger)
            }
            #expect(try await world.app.scheduledMail.queueDue() == 2, "the next pass does it")
        }
    }

    /// The latest reminder day at 10:00 in Prague no later than now: `remind --at` takes no older
    /// instant than 25 days, and the processes read the real clock. There is always one: a
    /// month's third working day and its last are at most 25 days apart.
    static func latestReminder(before now: Date) throws -> (at: Date, month: Month) {
        var day = LocalDate.today(in: "Europe/Prague", now: now)
        for _ in 0..<25 {
            let at = day.instant(hour: 10, minute: 0, in: "Europe/Prague")
            if at <= now, let due = ReminderSchedule.due(today: day, hour: 10, days: ReminderDays(beforeEnd: 1, afterStart: 3)).first {
                return (at, due.month)
            }
            day = day.adding(days: -1)
        }
        throw ReminderDayNotFound()
    }

    struct ReminderDayNotFound: Error {}

    /// Two `Roster remind` processes on one database, as two servers' passes: one reminder each,
    /// delivered through the SMTP server, with a link that opens the month's upload. They run on
    /// the real clock, as of the latest reminder day.
    @Test func remindersGoOutOnceWhenTwoRosterProcessesRace() async throws {
        let command = try #require(ProcessInfo.processInfo.environment["ROSTER_TEST_SENDMAIL"],
                                   "run the tests with scripts/test, which starts an SMTP server")
        let maildir = try #require(ProcessInfo.processInfo.environment["ROSTER_TEST_MAILDIR"])
        // The test runner's own directory holds the built products.
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Roster")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build Roster first (scripts/test does)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let (at, month) = try Self.latestReminder(before: Date())
        let formatter = ISO8601DateFormatter()
        try await withWorld { world in
            let url = try world.database.appURL
            var environment = ProcessInfo.processInfo.environment
            environment["DATABASE_URL"] = "postgres://\(url.username)@\(url.host):\(url.port)/\(url.database)"
            environment["PUBLIC_URL"] = "http://localhost:8080"
            /// `Roster remind --at instant`, started.
            func remind(at instant: Date) throws -> Process {
                let process = Process()
                process.executableURL = binary
                process.arguments = ["remind", "--at", formatter.string(from: instant)]
                process.currentDirectoryURL = root
                process.environment = environment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            let processes = try (0..<2).map { _ in try remind(at: at) }
            let deadline = Date().addingTimeInterval(60)
            while processes.contains(where: \.isRunning), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
            #expect(processes.allSatisfy { !$0.isRunning && $0.terminationStatus == 0 })
            // Not ahead of now, nor so far back that the sent mail is no longer known.
            for refused in [Date().addingTimeInterval(3_600), Date().addingTimeInterval(-26 * 24 * 3_600)] {
                let process = try remind(at: refused)
                process.waitUntilExit()
                #expect(process.terminationStatus != 0, "\(refused)")
            }
            let worker = try Self.smtpWorker(world, command: command)
            _ = try await worker.deliverDue(tenant: world.admin.tenantID)
            for person in [world.leader, world.employee] {
                let mails = try await Self.outbox(world, to: person.email).filter { $0.subject != "Welcome" }
                #expect(mails.count == 1, "\(person.email): one reminder from two processes")
                let queued = try #require(mails.first)
                let mail = try ReceivedMail.find(in: maildir, id: queued.id)
                #expect(queued.subject.hasPrefix("Chybí vaše faktura za "), "in the company's language")
                #expect(mail.header("To") == person.email && mail.header("Subject")?.hasPrefix("=?UTF-8?") == true)
                #expect(mail.text.contains("http://localhost:8080" + Paths.uploadInvoice("acme", month: month)))
                #expect(mail.header("List-Unsubscribe")?.contains("/mail/stop/") == true)
            }
        }
    }

    @Test func theWorkerWakesWhenMailIsQueuedWithoutWaitingForItsSweep() async throws {
        try await withWorld { world in
            let transport = RecordingTransport()
            let worker = MailWorker(database: world.db, transport: transport, from: "roster@roster.test", logger: TestPostgres.logger)
            let running = Task { await worker.run(sweepEvery: .seconds(3_600)) }
            defer { running.cancel() }
            // Let the first sweep and the LISTEN happen, then queue.
            try await Task.sleep(for: .milliseconds(500))
            try await world.db.transaction(tenant: world.admin.tenantID) {
                _ = try await OutboxQueries.enqueue(to: world.leader.email, subject: "Wake up", body: "Now", on: $0)
            }
            let deadline = ContinuousClock.now + .seconds(10)
            while await !transport.subjects().contains("Wake up"), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(await transport.subjects().contains("Wake up"), "delivered within seconds, not after the hour's sweep")
        }
    }

    @Test func companyRemindersAreSetByAdminsOnly() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get(Paths.company("acme"))
            #expect(page.body.contains(#"name="reminderBeforeEnd" type="number" min="0" max="10" inputmode="numeric" value="1""#))
            let form = ["name": "Acme s.r.o.", "timeZone": "Europe/Prague", "defaultLanguage": "cs"]
            let bad = try await admin.post(Paths.company("acme"), form: form.merging(["reminderBeforeEnd": "11", "reminderAfterStart": "3"]) { $1 },
                                           csrfFrom: page)
            #expect(bad.status == .unprocessableEntity && bad.body.contains("from 0 to 10"))
            let saved = try await admin.post(Paths.company("acme"), form: form.merging(["reminderBeforeEnd": "0", "reminderAfterStart": "5"]) { $1 },
                                             csrfFrom: page)
            #expect(saved.status == .seeOther)
            let days = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) {
                try await TenantQueries.reminderDays(on: $0)
            }
            #expect(days == ReminderDays(beforeEnd: 0, afterStart: 5))
            var employee = try await world.signedIn(world.employee)
            let employeePage = try await employee.get(Paths.preferences("acme"))
            let refused = try await employee.post(Paths.company("acme"), form: form.merging(["reminderBeforeEnd": "2"]) { $1 },
                                                  csrfFrom: employeePage)
            #expect(refused.status == .forbidden)
        }
    }
}

/// A transport that keeps what it was given.
actor RecordingTransport: MailTransport {
    private var sent: [MailMessage] = []
    func send(_ message: MailMessage) async throws { sent.append(message) }
    func subjects() -> [String] { sent.map(\.subject) }
}

/// The admins' daily digest: asked for, sent once a working day, only when something waits.
@Suite struct DailyDigestTests {
    @Test func anAdminWhoAskedGetsOneDigestADayListingWhatWaits() async throws {
        try await withWorld { world in
            // Only admins are offered it: an employee's request for it is left out.
            var employee = try await world.signedIn(world.employee)
            let employeePage = try await employee.get(Paths.preferences("acme"))
            #expect(!employeePage.body.contains("daily-digest"))
            _ = try await employee.post(Paths.preferences("acme"), form: ["language": "en", "mail[]": "daily-digest"],
                                        csrfFrom: employeePage)
            #expect(try await !NotificationFlowTests.wanted(world, world.employee).contains(.dailyDigest))
            #expect(try await world.app.scheduledMail.queueDue() == 0, "nobody asked for it yet")

            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get(Paths.preferences("acme"))
            #expect(page.body.contains(#"name="mail[]" value="daily-digest">"#), "offered, and off until asked for")
            _ = try await admin.post(Paths.preferences("acme"), form: ["language": "en", "mail[]": "daily-digest"], csrfFrom: page)
            #expect(try await NotificationFlowTests.wanted(world, world.admin) == [.dailyDigest])
            let passes = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<2 { group.addTask { try await world.app.scheduledMail.queueDue() } }
                return try await group.reduce(0, +)
            }
            #expect(passes == 1)
            let digest = try #require(try await NotificationFlowTests.outbox(world, to: world.admin.email).first)
            #expect(digest.subject == "Acme s.r.o.: what waits for you on 2026-11-18")
            #expect(digest.body.contains("Invoices to review: 1.\nhttp://localhost:8080/t/acme/review/desk?month=2024-10&state=submitted"))
            #expect(digest.body.contains("Invoices missing for October 2026: 2."))
        }
    }

    @Test func noDigestOnAWeekendOrAHolidayOrBeforeSeven() {
        #expect(DailyDigest.isDue(today: LocalDate(iso: "2026-11-18")!, hour: 7))
        #expect(!DailyDigest.isDue(today: LocalDate(iso: "2026-11-18")!, hour: 6))
        #expect(!DailyDigest.isDue(today: LocalDate(iso: "2026-11-17")!, hour: 12), "a public holiday")
        #expect(!DailyDigest.isDue(today: LocalDate(iso: "2026-11-21")!, hour: 12), "a Saturday")
    }
}
