import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A block of IP addresses in CIDR notation (`127.0.0.0/8`, `10.1.2.3`, `::1/128`): who may read
/// `/metrics` (`ROSTER_METRICS_ALLOW`). Pure: parsing and matching, no lookups.
public struct AddressRange: Sendable, Equatable {
    /// 4 bytes (IPv4) or 16 (IPv6).
    public let network: [UInt8]
    public let prefixLength: Int

    /// Parses `address` or `address/prefix`; nil for anything else (names, out-of-range prefixes).
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let bytes = Self.bytes(String(parts[0])) else { return nil }
        let bits = bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard parts[1].count <= 3, parts[1].allSatisfy(\.isASCII), let parsed = Int(parts[1]), (0...bits).contains(parsed) else { return nil }
            length = parsed
        }
        network = Self.masked(bytes, length)
        prefixLength = length
    }

    /// Whether `address` (a textual IPv4 or IPv6 address) lies in the block. An IPv4 address
    /// mapped into IPv6 (`::ffff:127.0.0.1`) counts as the IPv4 address.
    public func contains(_ address: String) -> Bool {
        guard var bytes = Self.bytes(address) else { return false }
        if bytes.count == 16, network.count == 4, bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff] {
            bytes = Array(bytes.suffix(4))
        }
        guard bytes.count == network.count else { return false }
        return Self.masked(bytes, prefixLength) == network
    }

    /// A comma-separated list, or the first entry that is not a range.
    public static func list(_ text: String) -> (ranges: [AddressRange], invalid: String?) {
        var ranges: [AddressRange] = []
        for entry in text.split(separator: ",") where !entry.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let range = AddressRange(String(entry)) else { return ([], String(entry.prefix(100))) }
            ranges.append(range)
        }
        return (ranges, nil)
    }

    /// Loopback only: the default.
    public static let loopback = [AddressRange("127.0.0.0/8")!, AddressRange("::1/128")!]

    static func bytes(_ text: String) -> [UInt8]? {
        guard text.utf8.count <= 45, !text.isEmpty, !text.utf8.contains(0) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4.s_addr) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    static func masked(_ bytes: [UInt8], _ length: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let bits = min(8, max(0, length - index * 8))
            return bits == 8 ? byte : byte & ~(UInt8.max >> bits)
        }
    }
}
