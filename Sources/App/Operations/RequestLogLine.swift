import Foundation

/// One JSON line per answered request. It names the route pattern, never the path: paths hold
/// sign-in link tokens and ids, which do not belong in logs. Pure: the caller writes the line.
public struct RequestLogLine: Sendable, Equatable {
    public let time: String
    public let requestID: String
    public let method: String
    public let route: String
    public let tenant: String?
    public let status: UInt
    public let milliseconds: Double

    public init(time: Date, requestID: String, method: String, route: String, tenant: String?, status: UInt, duration: Duration) {
        self.time = Self.timeFormat.format(time)
        self.requestID = requestID
        self.method = method
        self.route = route
        self.tenant = tenant
        self.status = status
        // Whole microseconds, as milliseconds.
        let (seconds, attoseconds) = duration.components
        self.milliseconds = Double(seconds * 1_000_000 + attoseconds / 1_000_000_000_000) / 1_000
    }

    /// The line, ending in a newline: the keys in alphabetical order, as `JSONEncoder` with
    /// `.sortedKeys` writes them, but without an encoder per request (it is written for every one).
    public func json() -> Data {
        var line = "{\"method\":" + Self.quoted(method) + ",\"ms\":\(milliseconds),\"request_id\":" + Self.quoted(requestID)
        line += ",\"route\":" + Self.quoted(route) + ",\"status\":\(status)"
        if let tenant { line += ",\"tenant\":" + Self.quoted(tenant) }
        line += ",\"time\":" + Self.quoted(time) + "}\n"
        return Data(line.utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped (RFC 8259, 7).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let code = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - code.count) + code
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
