import Foundation
import Testing
@testable import App

/// What a hostile inspector could reach, asked from inside it: a stand-in started by
/// `PDFInspector.inspect` itself (the launch every upload uses) reports, as the text of a valid
/// report, its environment, whether it reached the test PostgreSQL, where it could write, and
/// whether it could start a process. The same stand-in without the sandbox reaches all of it,
/// so the checks can tell.
@Suite struct InspectorIsolationTests {
    struct Findings: Decodable {
        let environment: [String: String]
        let connect: String
        let writes: [String: String]
        let fork: String
        let seccomp: String
        let uid: Int
        let niceness: Int
        let sees: [String: Bool]
    }

    /// The test PostgreSQL's port (from ROSTER_TEST_POSTGRES).
    static var postgresPort: Int {
        let url = ProcessInfo.processInfo.environment["ROSTER_TEST_POSTGRES"] ?? ""
        return URLComponents(string: url)?.port ?? 5432
    }

    /// A directory every user may write to outside the sandbox, holding the stand-in, which the
    /// sandbox therefore shows (read-only) as the inspector's own directory.
    static func standIn() throws -> (directory: String, executable: String) {
        let directory = NSTemporaryDirectory() + "roster-isolation-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o777])
        let secret = ProcessInfo.processInfo.environment.keys.sorted().first ?? "PATH"
        let script = """
            #!/usr/bin/python3
            import json, os, socket, sys
            sys.stdin.buffer.read()
            # The environment the process was started with (Python itself may add LC_CTYPE to os.environ).
            start = open("/proc/self/environ", "rb").read().split(b"\\0")
            found = {"environment": dict(v.decode().split("=", 1) for v in start if v), "writes": {}, "uid": os.getuid(), "niceness": os.nice(0)}
            try:
                socket.create_connection(("127.0.0.1", \(postgresPort)), timeout=3).close()
                found["connect"] = "connected"
            except Exception as error:
                found["connect"] = type(error).__name__ + ": " + str(error)
            for path in ["\(directory)/written", "/written", "/usr/written", "/etc/written", "/dev/written", "/tmp/written"]:
                try:
                    with open(path, "w") as f:
                        f.write("x")
                    found["writes"][path] = "written"
                except Exception as error:
                    found["writes"][path] = type(error).__name__
            try:
                pid = os.fork()
                if pid == 0:
                    os._exit(0)
                os.waitpid(pid, 0)
                found["fork"] = "forked"
            except Exception as error:
                found["fork"] = type(error).__name__ + ": " + str(error)
            found["seccomp"] = [l.split()[1] for l in open("/proc/self/status") if l.startswith("Seccomp:")][0]
            found["sees"] = {p: os.path.exists(p) for p in ["/root", "/home", "/var/lib/postgresql", "\(FileManager.default.currentDirectoryPath)/Package.swift"]}
            found["sees"]["server environment variable \(secret)"] = "\(secret)" in found["environment"]
            print(json.dumps({"verdict": "ok", "pages": 1, "text": json.dumps(found), "fields": {}}))
            """
        let executable = directory + "/inspector"
        guard FileManager.default.createFile(atPath: executable, contents: Data(script.utf8),
                                             attributes: [.posixPermissions: 0o755]) else { throw CocoaError(.fileWriteUnknown) }
        return (directory, executable)
    }

    static func findings(sandbox: PDFSandbox) async throws -> (Findings, String) {
        let (directory, executable) = try standIn()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let inspector = PDFInspector(command: [executable], sandbox: sandbox, concurrency: 1)
        let result = await inspector.inspect(TestPDF.invoice(["Faktura"]))
        guard case .inspected(let report) = result else {
            Issue.record("the stand-in gave no report: \(result)")
            throw CocoaError(.fileReadUnknown)
        }
        return (try JSONDecoder().decode(Findings.self, from: Data(report.text.utf8)), directory)
    }

    @Test func theSandboxedInspectorHasNoEnvironmentNoNetworkAndNowhereToWrite() async throws {
        let (inside, directory) = try await Self.findings(sandbox: .bubblewrap)
        #expect(inside.environment == [:], "not one variable of the server's environment")
        #expect(inside.connect != "connected", "the test PostgreSQL on 127.0.0.1:\(Self.postgresPort) is out of reach")
        #expect(inside.writes["/tmp/written"] == "written", "its private /tmp is writable")
        for (path, outcome) in inside.writes where path != "/tmp/written" {
            #expect(outcome != "written", "\(path) must not be writable")
        }
        #expect(inside.writes["\(directory)/written"] == "OSError", "its own directory is there, read-only")
        #expect(inside.fork.contains("Operation not permitted"), "no second process: \(inside.fork)")
        #expect(inside.seccomp == "2", "a seccomp filter is in force")
        #expect(inside.uid != 0)
        #expect(inside.niceness >= 10, "pages come before reading PDFs")
        #expect(inside.sees.values.allSatisfy { !$0 }, "\(inside.sees)")
    }

    @Test func withoutTheSandboxTheSameStandInReachesAllOfIt() async throws {
        // The control: these checks do see a leak when there is one. (The environment stays
        // empty even here: the server never hands its own to the inspector.)
        let (outside, directory) = try await Self.findings(sandbox: .none)
        #expect(outside.environment == [:])
        #expect(outside.connect == "connected")
        #expect(outside.writes["\(directory)/written"] == "written")
        #expect(outside.fork == "forked")
        #expect(outside.seccomp == "0")
    }

    @Test func theSeccompProgramIsWellFormed() throws {
        for architecture in [SeccompFilter.Architecture.x86_64, .aarch64] {
            let program = SeccompFilter.program(for: architecture)
            #expect(program.count % 8 == 0 && program.count / 8 < 4096, "BPF_MAXINSNS")
            // Ends by allowing, starts by checking the architecture.
            #expect(Array(program.suffix(8)) == [0x06, 0, 0, 0, 0x00, 0x00, 0xFF, 0x7F])
            #expect(Array(program.prefix(8)) == [0x20, 0, 0, 0, 4, 0, 0, 0])
        }
        #expect(SeccompFilter.file.map { FileManager.default.fileExists(atPath: $0) } == true)
    }

    @Test func theSettingNamesTheSandbox() {
        #expect(PDFSandbox(setting: nil) == .bubblewrap)
        #expect(PDFSandbox(setting: "") == .bubblewrap)
        #expect(PDFSandbox(setting: "bwrap") == .bubblewrap)
        #expect(PDFSandbox(setting: "none") == PDFSandbox.none)
        #expect(PDFSandbox(setting: "off") == nil)
    }

    @Test func theSandboxWorksHere() async {
        let inspector = PDFInspector(command: [PDFInspector.defaultExecutable()], concurrency: 1)
        #expect(await inspector.sandboxProblem() == nil)
        let broken = PDFInspector(command: ["/nonexistent/roster-pdf"], concurrency: 1)
        #expect(await broken.sandboxProblem() == nil, "the probe runs a shell, not the inspector")
    }
}
