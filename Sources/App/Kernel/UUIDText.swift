import Foundation

extension UUID {
    /// The id as pages, links and forms print it: 36 characters, lowercase hex in 8-4-4-4-12
    /// groups. Written byte by byte: `uuidString` goes through the C library's formatted printing
    /// and then `lowercased()` copies it again, and a desk of a thousand invoices prints seven ids
    /// a row.
    var lowercasedString: String {
        String(unsafeUninitializedCapacity: 36) { writeLowercased(into: $0) }
    }

    /// Writes the 36 bytes of `lowercasedString` at the start of `out` (at least 36 long) and
    /// returns 36: a page can print an id without making a string of it first (`HTML`).
    func writeLowercased(into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid) { raw in
            digits.withUTF8Buffer { hex in
                var at = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    out[at] = hex[Int(byte >> 4)]
                    out[at + 1] = hex[Int(byte & 0x0F)]
                    at += 2
                }
                return at
            }
        }
    }
}
