import PDFInspection

/// An amount as camt writes it: digits, a point, at most five decimals (only two of them may be
/// other than zero), at most `InvoiceAmount.maxWholeDigits` whole digits; in minor units.
enum CamtAmount {
    /// Three capital letters (ISO 4217).
    static func isCurrency(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
    }

    static func minor(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first != 0x2E, bytes.count <= InvoiceAmount.maxWholeDigits + 6 else { return nil }
        var whole: Int64 = 0, fraction: Int64 = 0, wholeDigits = 0, fractionDigits = 0, sawPoint = false
        for byte in bytes {
            if byte == 0x2E, !sawPoint { sawPoint = true; continue }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let digit = Int64(byte - 0x30)
            if sawPoint {
                fractionDigits += 1
                guard fractionDigits <= 5 else { return nil }
                if fractionDigits <= 2 { fraction = fraction * 10 + digit } else if digit != 0 { return nil }
            } else {
                wholeDigits += 1
                guard wholeDigits <= InvoiceAmount.maxWholeDigits else { return nil }
                whole = whole * 10 + digit
            }
        }
        guard wholeDigits > 0, !sawPoint || fractionDigits > 0 else { return nil }
        if fractionDigits == 1 { fraction *= 10 }
        let minor = whole * 100 + fraction
        return minor > 0 ? minor : nil
    }
}
