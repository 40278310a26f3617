import Foundation
import NIOCore
import NIOPosix
import Testing
import Vapor
@testable import App

/// The upload gate is fair (`UploadGate`) and a body that trickles in is cut (`BodyCollector`):
/// one person cannot hold every place, and the places come back.
@Suite struct FairUploadTests {
    @Test func aPersonHoldsOnePlaceACompanyItsShareAndEachLaneItsOwn() {
        let gate = UploadGate(limit: 4)
        let acme = UUID(), globex = UUID()
        let eva = UploadGate.Holder(person: UUID(), company: acme), petr = UploadGate.Holder(person: UUID(), company: acme)
        let jana = UploadGate.Holder(person: UUID(), company: acme)
        #expect(gate.enter(.invoices, eva) == nil)
        #expect(gate.enter(.invoices, eva) == .ownUploadUnderWay)
        #expect(gate.enter(.invoices, petr) == nil)
        #expect(gate.enter(.invoices, jana) == .companyShareTaken, "half of four places for one company")
        // Another company still gets in, and then the lane is full.
        let boss = UploadGate.Holder(person: UUID(), company: globex), clerk = UploadGate.Holder(person: UUID(), company: globex)
        #expect(gate.enter(.invoices, boss) == nil && gate.enter(.invoices, clerk) == nil)
        #expect(gate.enter(.invoices, UploadGate.Holder(person: UUID(), company: UUID())) == .full)
        // Bank statements have their own lane: the full invoice lane does not stop them.
        #expect(gate.enter(.statements, eva) == nil)
        #expect(gate.current == 5)
        for (lane, holder) in [(UploadGate.Lane.invoices, eva), (.invoices, petr), (.invoices, boss), (.invoices, clerk), (.statements, eva)] {
            gate.leave(lane, holder)
        }
        #expect(gate.current == 0 && gate.enter(.invoices, jana) == nil)
    }

    /// A raw HTTP connection: what the server answered, once it closed or answered in full.
    final class Answer: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        private let lock = NSLock()
        private var received = ""
        let done: EventLoopPromise<String>

        init(_ promise: EventLoopPromise<String>) { done = promise }

        var text: String { lock.withLock { received } }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let text = lock.withLock {
                received += String(buffer: unwrapInboundIn(data))
                return received
            }
            // A whole answer: its head and as much body as it announced.
            if let head = text.range(of: "\r\n\r\n"),
               let length = text.firstMatch(of: /(?i)content-length: ([0-9]+)/).flatMap({ Int($0.1) }),
               text[head.upperBound...].utf8.count >= length {
                done.succeed(text)
            }
        }

        func channelInactive(context: ChannelHandlerContext) { done.succeed(text) }
        func errorCaught(context: ChannelHandlerContext, error: any Error) { done.succeed(text) }
    }

    /// An upload that sends its head and the form's first field, then one byte every
    /// `every` (a phone in a tunnel, or an attacker holding the place).
    struct Trickle {
        let channel: any Channel
        let answer: EventLoopFuture<String>
        let ticker: RepeatedTask

        static func start(port: Int, path: String, cookie: String, csrf: String, every: TimeAmount,
                          group: any EventLoopGroup) async throws -> Trickle {
            let loop = group.next()
            let promise = loop.makePromise(of: String.self)
            let handler = Answer(promise)
            let channel = try await ClientBootstrap(group: loop).channelInitializer { $0.pipeline.addHandler(handler) }
                .connect(host: "127.0.0.1", port: port).get()
            let boundary = "----trickle"
            let head = """
                POST \(path) HTTP/1.1\r
                Host: 127.0.0.1\r
                Cookie: \(cookie)\r
                Accept-Language: en\r
                Content-Type: multipart/form-data; boundary=\(boundary)\r
                Content-Length: 500000\r
                \r
                --\(boundary)\r
                Content-Disposition: form-data; name="_csrf"\r
                \r
                \(csrf)\r
                --\(boundary)\r
                Content-Disposition: form-data; name="file"; filename="slow.pdf"\r
                Content-Type: application/pdf\r
                \r
                %PDF-1.4
                """
            try await channel.writeAndFlush(ByteBuffer(string: head)).get()
            let ticker = loop.scheduleRepeatedTask(initialDelay: every, delay: every) { _ in
                channel.writeAndFlush(ByteBuffer(string: " "), promise: nil)
            }
            return Trickle(channel: channel, answer: promise.futureResult, ticker: ticker)
        }

        func stop() async {
            ticker.cancel()
            try? await channel.close()
        }
    }

    /// Four trickling uploads of one person: one place at most, taken back once the body falls
    /// below the minimum rate; meanwhile a colleague's and another company's uploads go through.
    @Test func onePersonsTricklingUploadsBlockNobodyAndAreCut() async throws {
        try await withWorld(settings: {
            $0.uploadConcurrency = 4
            $0.uploadRateWindowSeconds = 5
        }) { world in
            var port = 0
            for _ in 0..<10 where port == 0 {
                let candidate = Int.random(in: 10_000..<30_000)
                if (try? await world.app.server.start(address: .hostname("127.0.0.1", port: candidate))) != nil { port = candidate }
            }
            try #require(port != 0, "no free port for a live server")
            do {
                try await Self.trickleWhileOthersUpload(world, port: port)
            } catch {
                await world.app.server.shutdown()
                throw error
            }
            await world.app.server.shutdown()
        }
    }

    /// A client that goes away in the middle of its upload: its place comes back, and it is
    /// counted as a request the client closed (4xx), not as a server error.
    @Test func anAbortedUploadIsNotAServerError() async throws {
        try await withWorld { world in
            var port = 0
            for _ in 0..<10 where port == 0 {
                let candidate = Int.random(in: 10_000..<30_000)
                if (try? await world.app.server.start(address: .hostname("127.0.0.1", port: candidate))) != nil { port = candidate }
            }
            try #require(port != 0, "no free port for a live server")
            var eva = try await world.signedIn(world.employee)
            let form = try await eva.get(Paths.uploadInvoice("acme"))
            let cookie = eva.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            let trickle = try await Trickle.start(port: port, path: Paths.uploadInvoice("acme"), cookie: cookie,
                                                  csrf: try #require(form.csrf), every: .seconds(60), group: world.app.eventLoopGroup)
            for _ in 0..<100 where world.app.uploadGate.current == 0 { try await Task.sleep(for: .milliseconds(50)) }
            #expect(world.app.uploadGate.current == 1)
            await trickle.stop()
            var waited = 0
            while world.app.uploadGate.current > 0, waited < 50 {
                try await Task.sleep(for: .milliseconds(100))
                waited += 1
            }
            await world.app.server.shutdown()
            #expect(world.app.uploadGate.current == 0, "the place comes back at once")
            let metrics = String(decoding: world.app.metrics.exposition(), as: UTF8.self)
            let upload = metrics.split(separator: "\n").filter { $0.hasPrefix("roster_http_requests_total") && $0.contains("invoices/upload") }
            #expect(upload.contains { $0.contains("status=\"4xx\"") }, "\(upload)")
            #expect(!upload.contains { $0.contains("status=\"5xx\"") }, "\(upload)")
        }
    }

    static func trickleWhileOthersUpload(_ world: TestWorld, port: Int) async throws {
        var eva = try await world.signedIn(world.employee)
        let form = try await eva.get(Paths.uploadInvoice("acme"))
        let cookie = eva.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        var tricklers: [Trickle] = []
        for _ in 0..<4 {
            tricklers.append(try await Trickle.start(
                port: port, path: Paths.uploadInvoice("acme"), cookie: cookie, csrf: try #require(form.csrf),
                every: .milliseconds(200), group: world.app.eventLoopGroup))
            try await Task.sleep(for: .milliseconds(50))
        }
        // Three of the four are turned away at once: the person's place is taken.
        for _ in 0..<100 where world.app.uploadGate.current == 0 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(world.app.uploadGate.current == 1)

        // A colleague of the same company and another company's admin upload at once.
        var petr = try await world.signedIn(world.leader)
        let petrsForm = try await petr.get(Paths.uploadInvoice("acme"))
        let started = Date()
        let petrs = try await petr.postFile(Paths.uploadInvoice("acme"), fields: ["month": "2024-10"],
                                            file: TestPDF.invoice(["Faktura"]), filename: "petr.pdf", csrfFrom: petrsForm)
        #expect(petrs.status != .serviceUnavailable, "a colleague is not turned away: \(petrs.status)")
        var boss = try await world.signedIn(world.otherAdmin, slug: "globex")
        let bossForm = try await boss.get(Paths.uploadInvoice("globex"))
        let theirs = try await boss.postFile(Paths.uploadInvoice("globex"), fields: ["month": "2024-10"],
                                             file: TestPDF.invoice(["Faktura"]), filename: "boss.pdf", csrfFrom: bossForm)
        #expect(theirs.status == .seeOther, "another company's upload goes through: \(theirs.body.prefix(300))")
        // Not after a trickle's deadline (10 minutes): at once, but for reading two PDFs, which a
        // machine busy with other tests makes slow.
        #expect(Date().timeIntervalSince(started) < 120)

        // A byte every 200 ms is far below 16 kB/s: within a window and a quarter, every
        // trickle has its answer and its place is back.
        var answers: [String] = []
        for trickle in tricklers {
            answers.append(try await trickle.answer.get())
            await trickle.stop()
        }
        #expect(answers.filter { $0.hasPrefix("HTTP/1.1 503") && $0.contains("still on its way") }.count == 3, "\(answers.map { $0.prefix(40) })")
        #expect(answers.filter { $0.hasPrefix("HTTP/1.1 408") }.count == 1, "\(answers.map { $0.prefix(40) })")
        #expect(world.app.uploadGate.current == 0)
    }
}
