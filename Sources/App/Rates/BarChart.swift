/// A server-rendered bar chart: the geometry is worked out here, the template only prints it.
public struct BarChart: Sendable, Encodable, Equatable {
    public struct Bar: Sendable, Encodable, Equatable {
        public let x: Int
        public let y: Int
        public let width: Int
        public let height: Int
        /// Under the bar, e.g. "2026-05".
        public let label: String
        /// On hover and for screen readers, e.g. "2026-05: 84 000,00 Kč".
        public let title: String
        public let href: String?
        public let selected: Bool
        /// Whether the label is printed (long charts print every few).
        public let showsLabel: Bool
        public let labelX: Int
        public let negative: Bool
    }

    public struct Point: Sendable {
        public let label: String
        public let value: Int64
        public let title: String
        public let href: String?
        public let selected: Bool

        public init(label: String, value: Int64, title: String, href: String? = nil, selected: Bool = false) {
            self.label = label
            self.value = value
            self.title = title
            self.href = href
            self.selected = selected
        }
    }

    public let width: Int
    public let height: Int
    /// The y of the zero line.
    public let baseline: Int
    public let labelY: Int
    public let bars: [Bar]
    /// A chart of links is a group of them, named by its title; one without is a single picture
    /// (an `img` hides its children, links included, from assistive technology).
    public let role: String

    /// Bars scaled to the largest magnitude; negative values hang below the zero line.
    /// - Parameter fill: the width a short series is stretched to; long ones get 34-pixel bars and scroll.
    public init(_ points: [Point], plotHeight: Int = 160, fill: Int = 800) {
        let top = 8, labelSpace = 22, gap = 14
        let barWidth = max(34, min(72, fill / max(points.count, 1) - gap))
        let maxValue = max(points.map(\.value).max() ?? 0, 0)
        let minValue = min(points.map(\.value).min() ?? 0, 0)
        let span = max(maxValue - minValue, 1)
        let zero = top + Int(Int64(plotHeight) * maxValue / span)
        baseline = zero
        width = max(points.count, 1) * (barWidth + gap) + gap
        height = top + plotHeight + labelSpace
        labelY = top + plotHeight + 16
        // Long charts label every few bars, always including the newest.
        let every = max(1, (points.count + 11) / 12)
        bars = points.enumerated().map { index, point in
            let length = Int(Int64(plotHeight) * Int64(clamping: point.value.magnitude) / span)
            let visible = point.value == 0 ? 0 : max(length, 1)
            let x = gap + index * (barWidth + gap)
            return Bar(x: x, y: point.value >= 0 ? zero - visible : zero, width: barWidth, height: visible,
                       label: point.label, title: point.title, href: point.href, selected: point.selected,
                       showsLabel: (points.count - 1 - index) % every == 0, labelX: x + barWidth / 2,
                       negative: point.value < 0)
        }
        role = points.contains { $0.href != nil } ? "group" : "img"
    }
}

