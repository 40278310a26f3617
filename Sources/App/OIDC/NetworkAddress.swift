import Foundation

/// An IP address (pure): IPv4 as its 32 bits, IPv6 as its 16 bytes.
public enum IPAddress: Sendable, Equatable, CustomStringConvertible {
    case v4(UInt32)
    case v6([UInt8])

    public var description: String {
        switch self {
        case .v4(let bits):
            return [24, 16, 8, 0].map { String((bits >> UInt32($0)) & 0xff) }.joined(separator: ".")
        case .v6(let bytes):
            return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
                .joined(separator: ":")
        }
    }

    /// A host that is an address literal, read the way the C library reads it (so the address
    /// checked is the address connected to): IPv4 in every form `inet_aton` takes (`127.1`,
    /// `0x7f.1`, `0177.0.0.1`, `2130706433`), IPv6 with or without brackets (a zone `%eth0` is
    /// dropped). nil for a name, which has to be resolved.
    public init?(literal host: String) {
        var text = Substring(host)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        guard !text.isEmpty, text.utf8.count <= 100 else { return nil }
        if text.contains(":") {
            if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
            guard let bytes = Self.parseIPv6(text) else { return nil }
            self = .v6(bytes)
        } else if let bits = Self.parseIPv4(text) {
            self = .v4(bits)
        } else {
            return nil
        }
    }

    /// `inet_aton`: one to four parts, each decimal, octal (leading 0) or hex (0x); the last part
    /// fills the bytes that remain.
    static func parseIPv4(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard let value = parseNumber(part) else { return nil }
            values.append(value)
        }
        var bits: UInt64 = 0
        for (index, value) in values.dropLast().enumerated() {
            guard value <= 0xff else { return nil }
            bits |= value << UInt64(24 - 8 * index)
        }
        let last = values[values.count - 1]
        let remainingBits = UInt64(32 - 8 * (values.count - 1))
        guard last < (UInt64(1) << remainingBits) else { return nil }
        return UInt32(bits | last)
    }

    private static func parseNumber(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.utf8.count <= 12 else { return nil }
        let lower = part.lowercased()
        // Only digits of the base: Swift's integer parsing would also take a sign.
        if lower.hasPrefix("0x") {
            let digits = lower.dropFirst(2)
            guard digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)  // "0x" alone is 0 to inet_aton
        }
        guard lower.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if lower.count > 1, lower.hasPrefix("0") { return UInt64(lower.dropFirst(), radix: 8) }
        return UInt64(lower, radix: 10)
    }

    /// RFC 4291 text: eight groups of up to four hex digits, one `::` for a run of zeros, and a
    /// dotted IPv4 address in place of the last two groups.
    static func parseIPv6(_ text: Substring) -> [UInt8]? {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String) -> [UInt16]? {
            if half.isEmpty { return [] }
            let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
            var result: [UInt16] = []
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    let quad = piece.split(separator: ".", omittingEmptySubsequences: false)
                    guard quad.count == 4 else { return nil }
                    var bytes: [UInt16] = []
                    for octet in quad {
                        guard (1...3).contains(octet.count), octet.allSatisfy({ $0.isASCII && $0.isNumber }),
                              let value = UInt16(octet), value <= 255 else { return nil }
                        bytes.append(value)
                    }
                    result += [bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3]]
                } else {
                    guard (1...4).contains(piece.count), piece.allSatisfy({ $0.isASCII && $0.isHexDigit }),
                          let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        var all: [UInt16]
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count <= 7 else { return nil }
            all = head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        } else {
            guard head.count == 8 else { return nil }
            all = head
        }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] }
    }
}

/// Where an address leads (pure). Roster's server-side requests to identity providers go to
/// `.publicInternet` only, outside development.
public enum AddressScope: String, Sendable, Equatable {
    case publicInternet, unspecified, loopback, privateNetwork, linkLocal, uniqueLocal, sharedAddressSpace, multicast, reserved

    public init(_ address: IPAddress) {
        switch address {
        case .v4(let bits): self = Self.scope(v4: bits)
        case .v6(let bytes): self = Self.scope(v6: bytes)
        }
    }

    static func scope(v4 bits: UInt32) -> AddressScope {
        func within(_ prefix: UInt32, _ length: UInt32) -> Bool { bits >> (32 - length) == prefix >> (32 - length) }
        if within(0x0000_0000, 8) { return .unspecified }        // 0.0.0.0/8, "this network"
        if within(0x7f00_0000, 8) { return .loopback }           // 127.0.0.0/8
        if within(0x0a00_0000, 8) || within(0xac10_0000, 12) || within(0xc0a8_0000, 16) { return .privateNetwork }
        if within(0xa9fe_0000, 16) { return .linkLocal }         // 169.254.0.0/16, cloud metadata
        if within(0x6440_0000, 10) { return .sharedAddressSpace } // 100.64.0.0/10, carrier-grade NAT
        if within(0xe000_0000, 4) { return .multicast }          // 224.0.0.0/4
        if within(0xf000_0000, 4)                                 // 240.0.0.0/4 and the broadcast address
            || within(0xc000_0000, 24) || within(0xc000_0200, 24) // 192.0.0.0/24, 192.0.2.0/24
            || within(0xc612_0000, 15) || within(0xc633_6400, 24) // 198.18.0.0/15, 198.51.100.0/24
            || within(0xcb00_7100, 24) {                          // 203.0.113.0/24
            return .reserved
        }
        return .publicInternet
    }

    static func scope(v6 bytes: [UInt8]) -> AddressScope {
        guard bytes.count == 16 else { return .reserved }
        func embeddedV4(at offset: Int) -> UInt32 {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        let zeros = { (range: Range<Int>) in bytes[range].allSatisfy { $0 == 0 } }
        if zeros(0..<16) { return .unspecified }
        if zeros(0..<15), bytes[15] == 1 { return .loopback }
        // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (the old IPv4-compatible form): the IPv4 address's scope.
        if zeros(0..<10), bytes[10] == 0xff, bytes[11] == 0xff { return scope(v4: embeddedV4(at: 12)) }
        if zeros(0..<12) { return scope(v4: embeddedV4(at: 12)) }
        // 64:ff9b::/96, NAT64 to an IPv4 address.
        if bytes[0] == 0x00, bytes[1] == 0x64, bytes[2] == 0xff, bytes[3] == 0x9b, zeros(4..<12) {
            return scope(v4: embeddedV4(at: 12))
        }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return scope(v4: embeddedV4(at: 2)) }  // 2002::/16, 6to4
        if bytes[0] == 0xff { return .multicast }
        if bytes[0] & 0xfe == 0xfc { return .uniqueLocal }                        // fc00::/7
        if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0x80 { return .linkLocal }        // fe80::/10
        if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0xc0 { return .privateNetwork }   // fec0::/10, site-local
        // Only 2000::/3 is global unicast; within it, the protocol assignments (2001::/23, Teredo
        // among them), documentation (2001:db8::/32, 3fff::/20) are not anyone's server.
        guard bytes[0] & 0xe0 == 0x20 else { return .reserved }
        if bytes[0] == 0x20, bytes[1] == 0x01 {
            if bytes[2] <= 0x01 { return .reserved }
            if bytes[2] == 0x0d, bytes[3] == 0xb8 { return .reserved }
        }
        if bytes[0] == 0x3f, bytes[1] == 0xff, bytes[2] & 0xf0 == 0 { return .reserved }
        return .publicInternet
    }
}
