import Foundation
import Vapor

/// What `serve` checks before it listens: a development server is a private one, and a
/// production server can deliver its mail. Pure, so every refusal is tested without a server.
enum ServeChecks {
    struct Situation: Equatable {
        var environment: String
        var publicURL: String
        /// Where the server will listen (`--hostname`, `--bind`, or the default 127.0.0.1);
        /// nil for a Unix socket.
        var hostname: String?
        /// The mail command's words when one is set up; nil when mail would go to the log.
        var mailCommand: [String]?
        /// Whether the mail command's program exists and may be run.
        var mailCommandRuns: Bool
    }

    /// Why the server must not start; empty when it may.
    static func refusals(_ situation: Situation) -> [String] {
        var refusals: [String] = []
        if situation.environment == Environment.development.name {
            if situation.publicURL.lowercased().hasPrefix("https://") {
                refusals.append("PUBLIC_URL is https, but Roster runs in development mode, which is for one machine only. Run it with --env production (see README, Running in production).")
            }
            if let hostname = situation.hostname, !isLoopback(hostname) {
                refusals.append("Roster in development mode listens on loopback addresses only, not on \(hostname). Run it with --env production (see README, Running in production), or bind 127.0.0.1.")
            }
        }
        if situation.environment == Environment.production.name {
            if situation.mailCommand == nil || !situation.mailCommandRuns {
                refusals.append("No working mail command: set ROSTER_SENDMAIL to a sendmail command (e.g. \"/usr/sbin/sendmail -t -i\" from msmtp-mta) whose program exists. A production server never writes mail, and the sign-in links in it, to the log.")
            }
        }
        return refusals
    }

    /// localhost, 127.0.0.0/8, ::1 (with or without brackets).
    static func isLoopback(_ hostname: String) -> Bool {
        var host = hostname.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }

    /// Whether `program` (a path, or a name looked up in PATH) is an executable file.
    static func runs(_ program: String, path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") -> Bool {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }
}

extension GuardedServeCommand {
    /// `serve`'s options, read here so the address is checked before anything listens on it.
    struct Signature: CommandSignature {
        @Option(name: "hostname", short: "H", help: "The address to listen on (default 127.0.0.1).")
        var hostname: String?
        @Option(name: "port", short: "p", help: "The port to listen on (default 8080).")
        var port: Int?
        @Option(name: "bind", short: "b", help: "hostname:port together.")
        var bind: String?
        @Option(name: "unix-socket", short: nil, help: "A Unix domain socket to listen on instead.")
        var socketPath: String?
        init() {}
    }

    /// Puts the signature's address into the server's configuration; the hostname it will use.
    static func applyAddress(_ signature: Signature, to app: Application) throws -> String? {
        var configuration = app.http.server.configuration
        switch (signature.hostname, signature.port, signature.bind, signature.socketPath) {
        case (nil, nil, nil, let path?):
            configuration.address = .unixDomainSocket(path: path)
            app.http.server.configuration = configuration
            return nil
        case (nil, nil, let bind?, nil):
            let parts = bind.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let port = Int(parts[1]) else {
                throw OperatorCommands.Failure("--bind takes hostname:port, not \(bind)")
            }
            configuration.hostname = String(parts[0])
            configuration.port = port
        case (let hostname, let port, nil, nil):
            if let hostname { configuration.hostname = hostname }
            if let port { configuration.port = port }
        default:
            throw OperatorCommands.Failure("Use --hostname and --port, or --bind, or --unix-socket.")
        }
        app.http.server.configuration = configuration
        return configuration.hostname
    }

    /// The situation of this `serve`: its environment, address and mail.
    static func situation(_ app: Application, hostname: String?) -> ServeChecks.Situation {
        let mail = (app.mailTransport as? SendmailTransport)?.command
        return ServeChecks.Situation(
            environment: app.environment.name, publicURL: app.settings.publicURL, hostname: hostname,
            mailCommand: mail, mailCommandRuns: mail?.first.map { ServeChecks.runs($0) } ?? false)
    }
}
