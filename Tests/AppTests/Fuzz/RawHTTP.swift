import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP/1.1 exchange over a plain TCP socket, with bytes exactly as given: the fuzz suite
/// needs requests no HTTP client would send (a wrong Content-Length, raw NUL bytes, broken
/// encodings). Blocking calls run on a Dispatch thread, never on Swift's cooperative pool,
/// which the server's handlers use.
enum RawHTTP {
    struct Answer: Sendable {
        /// The status code of the first response line; nil when the server closed without one.
        let status: Int?
        let head: String
        var timedOut = false

        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` to 127.0.0.1:`port` and reads the response head. With `closeWrite`, the
    /// sending side is shut after the request, so a server waiting for promised bytes sees the end.
    static func exchange(_ request: [UInt8], port: Int, timeout: TimeInterval = 10, closeWrite: Bool = false) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try exchangeBlocking(request, port: port, timeout: timeout, closeWrite: closeWrite) })
            }
        }
    }

    private static func exchangeBlocking(_ request: [UInt8], port: Int, timeout: TimeInterval, closeWrite: Bool) throws -> Answer {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var interval = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect: errno \(errno) (is the server down?)") }

        var sent = 0
        var sendFailed = false
        while sent < request.count {
            let count = request.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + sent, request.count - sent, Int32(MSG_NOSIGNAL))
            }
            // The server may answer (413, 400) and close before it read everything: then read its answer.
            if count <= 0 { sendFailed = true; break }
            sent += count
        }
        if closeWrite && !sendFailed { shutdown(fd, Int32(SHUT_WR)) }

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let start = Date()
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
                if received.count >= 4, let _ = headEnd(received) { break }
                if received.count > 256 * 1024 { break }
                continue
            }
            if count == 0 { break }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                if Date().timeIntervalSince(start) >= timeout {
                    return Answer(status: parseStatus(received), head: text(received), timedOut: true)
                }
                continue
            }
            if errno == EINTR { continue }
            break  // a reset after the answer or instead of one
        }
        return Answer(status: parseStatus(received), head: text(received))
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func text(_ bytes: [UInt8]) -> String {
        let head = headEnd(bytes).map { Array(bytes[0..<$0]) } ?? Array(bytes.prefix(2048))
        return String(decoding: head, as: UTF8.self)
    }

    private static func parseStatus(_ bytes: [UInt8]) -> Int? {
        let line = String(decoding: bytes.prefix(64), as: UTF8.self)
        guard line.hasPrefix("HTTP/1."), line.count >= 12 else { return nil }
        let code = line.dropFirst(9).prefix(3)
        return Int(code)
    }
}
