import Foundation
import Logging

/// How the PDF inspector is isolated from the server (`ROSTER_PDF_SANDBOX`).
///
/// - `bwrap` (the default): bubblewrap with every namespace new (no network: the child has
///   only its own loopback; its own pids, IPC and host name), all capabilities dropped, a new
///   session, killed with the server; the file system is `/usr` (and `/lib`, `/bin` as their
///   links), fontconfig's `/etc/fonts` and caches, the loader cache, the inspector's own directory and
///   the Swift runtime's, all read-only, with a private 16 MB tmpfs on `/tmp` as the only
///   writable place; a seccomp filter (`SeccompFilter`) that refuses sockets, new processes,
///   mounts, ptrace, namespaces, BPF, keyrings and the like; and an empty environment. Started
///   by a root server, it runs as `nobody` (setpriv), so it cannot read root's files even
///   where they are visible. It runs at nice 10, so pages come first on a busy machine.
///   prlimit sets CPU time, address space, no core files and 64 open
///   files.
/// - `none`: prlimit only, the child still gets an empty environment. For machines without
///   user namespaces (development only): the server warns loudly at start, and production
///   refuses `bwrap` failing unless `none` is set explicitly.
public enum PDFSandbox: String, Sendable {
    case bubblewrap = "bwrap"
    case none

    /// The setting's value: unset or empty is `bwrap`; nil for anything but `bwrap` and `none`.
    public init?(setting: String?) {
        guard let setting, !setting.isEmpty else {
            self = .bubblewrap
            return
        }
        self.init(rawValue: setting)
    }

    /// The user a root server runs the inspector as (`nobody`).
    static let unprivilegedID = 65534

    /// Directories the sandbox shows read-only, besides the inspector's own: the system's
    /// programs and libraries, fonts and the loader's cache.
    static let systemPaths = ["/usr", "/etc/fonts", "/var/cache/fontconfig", "/etc/ld.so.cache", "/etc/ld.so.conf",
                              "/etc/ld.so.conf.d"]

    /// Top-level directories that merged-/usr systems make links into /usr.
    static let topLevelPaths = ["/bin", "/sbin", "/lib", "/lib64", "/lib32"]

    /// The directory of the Swift runtime this server loaded (the inspector, built by the same
    /// toolchain, loads it from there too); nil when it is linked statically or lives in /usr.
    static let swiftRuntimeDirectory: String? = {
        // Read to the end: /proc files report a size of 0.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        for line in maps.split(separator: "\n") where line.hasSuffix("/libswiftCore.so") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let directory = (String(line[slash...]) as NSString).deletingLastPathComponent
            return directory.hasPrefix("/usr/") ? nil : directory
        }
        return nil
    }()

    /// bwrap arguments for a top-level path: a link (as /lib → usr/lib on merged systems) is
    /// made again as a link, a directory or file is bound read-only, a missing one is left out.
    static func binding(_ path: String) -> [String] {
        let manager = FileManager.default
        if let target = try? manager.destinationOfSymbolicLink(atPath: path) { return ["--symlink", target, path] }
        guard manager.fileExists(atPath: path) else { return [] }
        return ["--ro-bind", path, path]
    }

    /// The whole command line that starts `command` in this sandbox under the limits.
    func launch(_ command: [String], limits: PDFInspector.Limits) -> [String] {
        // At a lower priority (nice 10): on a busy machine the pages' threads come before reading PDFs.
        let prlimit = ["/usr/bin/nice", "-n", "10", "/usr/bin/prlimit", "--cpu=\(limits.cpuSeconds)",
                       "--as=\(limits.addressSpaceBytes)", "--core=0", "--nofile=64", "--"]
        switch self {
        case .none:
            return prlimit + command
        case .bubblewrap:
            var sandbox = ["/usr/bin/bwrap", "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
            for path in Self.systemPaths { sandbox += Self.binding(path) }
            for path in Self.topLevelPaths { sandbox += Self.binding(path) }
            var own = Set<String>()
            if let executable = command.first, executable.hasPrefix("/") {
                let directory = (executable as NSString).deletingLastPathComponent
                let shown = Self.systemPaths + Self.topLevelPaths
                if !shown.contains(where: { directory == $0 || directory.hasPrefix($0 + "/") }) { own.insert(directory) }
            }
            if let runtime = Self.swiftRuntimeDirectory { own.insert(runtime) }
            sandbox += ["--size", String(16 << 20), "--tmpfs", "/tmp", "--proc", "/proc", "--dev", "/dev"]
            // After the tmpfs, so that an inspector kept under /tmp is still seen.
            for directory in own.sorted() { sandbox += ["--ro-bind", directory, directory] }
            sandbox += ["--remount-ro", "/dev", "--remount-ro", "/", "--chdir", "/tmp", "--seccomp", "3", "--",
                        // bwrap sets PWD; the inspector starts with no variable at all.
                        "/usr/bin/env", "-i", "--"]
            // A root server: the sandbox is entered as nobody, whose files are none of these.
            let user = geteuid() == 0
                ? ["/usr/bin/setpriv", "--reuid=\(Self.unprivilegedID)", "--regid=\(Self.unprivilegedID)", "--clear-groups", "--"]
                : []
            // The shell opens the seccomp program as descriptor 3 for bwrap and replaces itself.
            return ["/bin/sh", "-c", #"exec 3<"$0" && exec "$@""#, SeccompFilter.file ?? "/nonexistent/seccomp"]
                + user + prlimit + sandbox + command
        }
    }
}

extension PDFInspector {
    /// Starts a stand-in (`/bin/sh -c "exit 0"`) through exactly the inspector's launch: nil
    /// when it runs, otherwise what went wrong.
    public func sandboxProblem() async -> String? {
        let probe = PDFInspector(command: ["/bin/sh", "-c", "exit 0"], maxPages: maxPages, limits: limits, sandbox: sandbox,
                                 concurrency: 1)
        do {
            let outcome = try await ChildProcess.run(probe.launchCommand, input: Data(), timeout: .seconds(10),
                                                     maxOutput: 10_000, mergeStandardError: true, environment: [:])
            if outcome.status == 0, !outcome.signaled { return nil }
            return "the sandbox ended with \(outcome.signaled ? "signal" : "status") \(outcome.status): "
                + String(decoding: outcome.output.prefix(500), as: UTF8.self)
        } catch {
            return "\(error)"
        }
    }

    /// At start: `none` is allowed but said loudly; a sandbox that does not work stops a
    /// production server and is said loudly elsewhere.
    public func checkSandbox(production: Bool, logger: Logger) async throws {
        if sandbox == .none {
            logger.critical("ROSTER_PDF_SANDBOX=none: uploaded PDFs are read by a process with network access and the server's file system. Use bwrap wherever user namespaces are available.")
            return
        }
        guard let problem = await sandboxProblem() else { return }
        let message = "The PDF inspector's sandbox (bubblewrap) does not work here: \(problem). Install bubblewrap and allow user namespaces, or set ROSTER_PDF_SANDBOX=none to read PDFs without it."
        if production { throw SandboxUnavailable(description: message) }
        logger.critical("\(message) Every invoice upload will be refused until then.")
    }

    public struct SandboxUnavailable: Error, CustomStringConvertible {
        public let description: String
    }
}
