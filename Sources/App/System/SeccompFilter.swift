import Crypto
import Foundation

/// A seccomp BPF program (classic BPF, as `bwrap --seccomp FD` takes it) for the PDF inspector:
/// system calls an inspector never needs are refused with EPERM, creating processes (fork,
/// vfork, clone without CLONE_THREAD) too, so a sandboxed child can run threads but start no
/// other process; clone3, whose flags a filter cannot read, answers ENOSYS, which makes the C
/// library fall back to clone. Another architecture, or x32 calls, end the process.
public enum SeccompFilter {
    public enum Architecture: Sendable {
        case x86_64, aarch64

        /// AUDIT_ARCH_* of <linux/audit.h>.
        var auditArch: UInt32 {
            switch self {
            case .x86_64: 0xC000_003E
            case .aarch64: 0xC000_00B7
            }
        }

        /// The refused system calls by number (<asm/unistd.h> of the architecture).
        var refused: [UInt32] {
            switch self {
            case .x86_64:
                // socket, ptrace, syslog, personality, pivot_root, chroot, acct, mount, umount2, swapon,
                // swapoff, reboot, iopl, ioperm, init_module, delete_module, quotactl, add_key,
                // request_key, keyctl, kexec_load, unshare, perf_event_open, fanotify_init,
                // name_to_handle_at, open_by_handle_at, setns, process_vm_readv/writev, finit_module,
                // kexec_file_load, bpf, userfaultfd, io_uring_*, open_tree … fspick, mount_setattr,
                // fork, vfork.
                [41, 101, 103, 135, 155, 161, 163, 165, 166, 167, 168, 169, 172, 173, 175, 176, 179, 248, 249, 250, 246, 272,
                 298, 300, 303, 304, 308, 310, 311, 313, 320, 321, 323, 425, 426, 427, 428, 429, 430, 431, 432, 433, 442, 57, 58]
            case .aarch64:
                // The same calls in the generic table (arm64 has no fork or vfork: it uses clone).
                [198, 117, 116, 92, 41, 51, 89, 40, 39, 224, 225, 142, 105, 106, 60, 217, 218, 219, 104, 97,
                 241, 262, 264, 265, 268, 270, 271, 273, 294, 280, 282, 425, 426, 427, 428, 429, 430, 431, 432, 433, 442]
            }
        }

        var clone: UInt32 { self == .x86_64 ? 56 : 220 }
        var clone3: UInt32 { 435 }

        /// The architecture this server runs on, nil for any other.
        public static var current: Architecture? {
            #if arch(x86_64)
            .x86_64
            #elseif arch(arm64)
            .aarch64
            #else
            nil
            #endif
        }
    }

    static let retAllow: UInt32 = 0x7FFF_0000
    static let retKillProcess: UInt32 = 0x8000_0000
    static func retErrno(_ errno: Int32) -> UInt32 { 0x0005_0000 | (UInt32(errno) & 0xFFFF) }
    static let cloneThread: UInt32 = 0x0001_0000

    /// One `struct sock_filter` { u16 code; u8 jt; u8 jf; u32 k }, little-endian.
    struct Instruction {
        let code: UInt16, jt: UInt8, jf: UInt8, k: UInt32

        static func load(_ offset: UInt32) -> Instruction { .init(code: 0x20, jt: 0, jf: 0, k: offset) }  // BPF_LD|BPF_W|BPF_ABS
        static func jumpIfEqual(_ k: UInt32, _ jt: UInt8, _ jf: UInt8) -> Instruction { .init(code: 0x15, jt: jt, jf: jf, k: k) }
        static func jumpIfAtLeast(_ k: UInt32, _ jt: UInt8, _ jf: UInt8) -> Instruction { .init(code: 0x35, jt: jt, jf: jf, k: k) }
        static func jumpIfSet(_ k: UInt32, _ jt: UInt8, _ jf: UInt8) -> Instruction { .init(code: 0x45, jt: jt, jf: jf, k: k) }
        static func ret(_ k: UInt32) -> Instruction { .init(code: 0x06, jt: 0, jf: 0, k: k) }

        var bytes: [UInt8] {
            [UInt8(code & 0xFF), UInt8(code >> 8), jt, jf, UInt8(k & 0xFF), UInt8((k >> 8) & 0xFF), UInt8((k >> 16) & 0xFF), UInt8(k >> 24)]
        }
    }

    /// The program for an architecture (struct seccomp_data: nr at 0, arch at 4, args at 16).
    public static func program(for architecture: Architecture) -> [UInt8] {
        var program: [Instruction] = [
            .load(4),
            .jumpIfEqual(architecture.auditArch, 1, 0),
            .ret(retKillProcess),
            .load(0),
        ]
        if architecture == .x86_64 {
            // x32 system calls (bit 30) would get around the numbers below.
            program += [.jumpIfAtLeast(0x4000_0000, 0, 1), .ret(retKillProcess)]
        }
        for number in architecture.refused {
            program += [.jumpIfEqual(number, 0, 1), .ret(retErrno(EPERM))]
        }
        program += [.jumpIfEqual(architecture.clone3, 0, 1), .ret(retErrno(ENOSYS))]
        // clone: a thread (CLONE_THREAD in the flags, the first argument) is allowed, a process is not.
        program += [
            .jumpIfEqual(architecture.clone, 0, 4),
            .load(16),
            .jumpIfSet(cloneThread, 1, 0),
            .ret(retErrno(EPERM)),
            .ret(retAllow),
            .ret(retAllow),
        ]
        return program.flatMap(\.bytes)
    }

    /// The program for this machine in a file of its own, for the launcher to open as the
    /// descriptor `bwrap --seccomp` reads; nil when this architecture has no program or the file
    /// could not be written. The same file serves every start of the server (`stored`), so
    /// restarts leave nothing behind in the temporary folder.
    public static let file: String? = {
        guard let architecture = Architecture.current else { return nil }
        return stored(program(for: architecture), in: NSTemporaryDirectory())
    }()

    /// `program` in `folder/roster-seccomp-<uid>/inspector-<digest>.bpf`: the directory this
    /// user's alone (mode 0700, not a link), the file named after its content and checked byte
    /// for byte before it is used. Anything else found there (another user's directory, a file
    /// that differs) is not trusted: then a new private directory is made, as a last resort.
    static func stored(_ program: [UInt8], in folder: String) -> String? {
        let directory = folder + "/roster-seccomp-\(geteuid())"
        let name = "inspector-" + SHA256.hash(data: program).prefix(8).map { String(format: "%02x", $0) }.joined() + ".bpf"
        if mkdir(directory, 0o700) == 0 || errno == EEXIST, isPrivateDirectory(directory) {
            let path = directory + "/" + name
            if FileManager.default.contents(atPath: path) == Data(program), isOwnFile(path) { return path }
            // Written under a name of its own, then moved into place: never half a program.
            let partial = directory + "/.\(name).\(getpid())"
            unlink(partial)
            if FileManager.default.createFile(atPath: partial, contents: Data(program), attributes: [.posixPermissions: 0o444]),
               rename(partial, path) == 0 {
                return path
            }
            unlink(partial)
        }
        var template = Array((folder + "/roster-seccomp-XXXXXX").utf8CString)
        guard let fresh = template.withUnsafeMutableBufferPointer({ buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }) else { return nil }
        let path = fresh + "/" + name
        guard FileManager.default.createFile(atPath: path, contents: Data(program), attributes: [.posixPermissions: 0o444])
        else { return nil }
        return path
    }

    private static func isPrivateDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == geteuid()
            && (info.st_mode & 0o077) == 0
    }

    private static func isOwnFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_uid == geteuid()
    }
}
