import Foundation

/// One JSON line per answered request. It names the route pattern, never the path: paths hold
/// sign-in link tokens and ids, which do not belong in logs. Pure: the caller writes the line.
public struct RequestLogLine: Encodable, Sendable, Equatable {
    public let time: String
    public let requestID: String
    public let method: String
    public let route: String
    public let tenant: String?
    public let status: UInt
    public let milliseconds: Double

    enum CodingKeys: String, CodingKey {
        case time, requestID = "request_id", method, route, tenant, status, milliseconds = "ms"
    }

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

    /// The line, ending in a newline.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        data.append(0x0a)
        return data
    }

    private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
