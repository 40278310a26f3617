import Testing
@testable import App

/// Who may read /metrics: CIDR blocks parsed strictly and matched by bits.
@Suite struct AddressRangeTests {
    @Test func blocksMatchByTheirPrefix() throws {
        let loopback = try #require(AddressRange("127.0.0.0/8"))
        #expect(loopback.contains("127.0.0.1"))
        #expect(loopback.contains("127.255.1.2"))
        #expect(!loopback.contains("128.0.0.1"))
        #expect(loopback.contains("::ffff:127.0.0.1"), "an IPv4 address mapped into IPv6 is the IPv4 address")
        #expect(!loopback.contains("::1"))

        let network = try #require(AddressRange("10.1.2.0/23"))
        #expect(network.contains("10.1.3.255"))
        #expect(!network.contains("10.1.4.0"))
        #expect(network == AddressRange("10.1.3.7/23"), "host bits are masked off")

        let single = try #require(AddressRange("192.0.2.5"))
        #expect(single.prefixLength == 32)
        #expect(single.contains("192.0.2.5") && !single.contains("192.0.2.6"))

        let v6 = try #require(AddressRange("2001:db8::/32"))
        #expect(v6.contains("2001:db8:ffff::1"))
        #expect(!v6.contains("2001:db9::1"))
        #expect(try #require(AddressRange("::1/128")).contains("::1"))
        #expect(try #require(AddressRange("0.0.0.0/0")).contains("203.0.113.9"))
    }

    @Test func anythingElseIsRefused() {
        for text in ["", "localhost", "127.0.0.1/33", "::1/129", "10.0.0.0/-1", "10.0.0.0/", "/8", "10.0.0.0/8/8",
                     "10.0.0.0/ 8", "10.0.0.0/0x8", "256.0.0.1", "1.2.3", "10.0.0.0/٨", String(repeating: "1", count: 10_000),
                     "127.0.0.1\u{0}", "::1%lo"] {
            #expect(AddressRange(text) == nil, "\(text.prefix(40))")
        }
        #expect(!AddressRange.loopback.contains { $0.contains("unknown") })
        #expect(!AddressRange.loopback.contains { $0.contains("") })
    }

    @Test func aListNamesItsFirstBadEntry() {
        let good = AddressRange.list("127.0.0.1, 10.0.0.0/8,,::1")
        #expect(good.invalid == nil)
        #expect(good.ranges.count == 3)
        let bad = AddressRange.list("127.0.0.1,intranet,10.0.0.0/8")
        #expect(bad.invalid == "intranet")
        #expect(bad.ranges.isEmpty)
    }
}
