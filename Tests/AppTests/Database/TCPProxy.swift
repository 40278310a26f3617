import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP forwarder in front of the test PostgreSQL, to cut the database off and bring
/// it back: `stop()` closes the listening socket (nothing listens on the port any more) and
/// resets every forwarded connection, as a server that went away would; `start()` listens on
/// the same port again. Blocking sockets on threads of its own.
final class TCPProxy: @unchecked Sendable {
    let targetPort: Int
    private(set) var port: Int = 0
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var open: Set<Int32> = []
    /// Signalled when the accept loop of the current listening socket has returned.
    private var acceptEnded: DispatchSemaphore?

    init(targetPort: Int) throws {
        self.targetPort = targetPort
        try start()
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    func start() throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw Failure(description: "cannot listen on port \(port): errno \(errno)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: actual.sin_port))
        let ended = DispatchSemaphore(value: 0)
        lock.withLock { listener = fd; acceptEnded = ended }
        let thread = Thread { [self] in
            acceptLoop(fd)
            ended.signal()
        }
        thread.start()
    }

    /// Nothing listens any more, and every connection through the proxy is reset.
    /// The connections are shut down under the lock: a pump closes its sockets under the lock
    /// too, so a number shut down here is never one the process has since reused for a socket
    /// of its own (another test's database connection).
    /// The listening socket is closed only after its accept loop ended, for the same reason.
    func stop() {
        let (fd, ended): (Int32, DispatchSemaphore?) = lock.withLock {
            for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
            defer { listener = -1; open = []; acceptEnded = nil }
            return (listener, acceptEnded)
        }
        guard fd >= 0 else { return }
        // A shut-down listening socket fails the accept under way and any later one.
        shutdown(fd, Int32(SHUT_RDWR))
        ended?.wait()
        close(fd)
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop(_ fd: Int32) {
        while true {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            #if canImport(Glibc)
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            let upstream = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            var address = Self.loopback(port: targetPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            let accepted: Bool = lock.withLock {
                guard connected == 0, listener == fd else { return false }
                open.insert(client)
                open.insert(upstream)
                return true
            }
            guard accepted else {
                close(client)
                close(upstream)
                continue
            }
            let pair = Pair()
            Thread { [self] in pump(from: client, to: upstream, pair: pair) }.start()
            Thread { [self] in pump(from: upstream, to: client, pair: pair) }.start()
        }
    }

    /// The two directions of one forwarded connection; the second to end closes both sockets
    /// (`ended` is changed under the proxy's lock only).
    private final class Pair: @unchecked Sendable {
        var ended = 0
    }

    private func pump(from source: Int32, to destination: Int32, pair: Pair) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress!, $0.count, 0) }
            if count <= 0 { break }
            var sent = 0
            while sent < count {
                let written = buffer.withUnsafeBytes { send(destination, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL)) }
                if written <= 0 { break }
                sent += written
            }
            if sent < count { break }
        }
        lock.withLock {
            // Both sockets are open until the second direction ends, here, under the lock.
            shutdown(source, Int32(SHUT_RDWR))
            shutdown(destination, Int32(SHUT_RDWR))
            open.remove(source)
            open.remove(destination)
            pair.ended += 1
            if pair.ended == 2 {
                close(source)
                close(destination)
            }
        }
    }
}
