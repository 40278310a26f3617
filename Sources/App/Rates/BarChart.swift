/// A server-rendered bar chart: the geometry is worked out here, and `html(title:)` prints it as SVG.
public struct BarChart: Sendable, Equatable {
    public struct Bar: Sendable, Equatable {
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

    /// The chart as an SVG in a figure, named by `title`: each bar with its title for hover and
    /// screen readers, a link around it when it has one, and the labels printed under it.
    func html(title: String) -> HTML {
        let bars = self.bars.map { bar -> HTML in
            let shapes: HTML = """
                <rect x="\(bar.x)" y="\(bar.y)" width="\(bar.width)" height="\(bar.height)" \
                class="bar\(if: bar.selected, " selected")\(if: bar.negative, " negative")"><title>\(bar.title)</title></rect>\
                <rect x="\(bar.x)" y="0" width="\(bar.width)" height="\(labelY)" class="hit"><title>\(bar.title)</title></rect>
                """
            let linked: HTML = bar.href.map { "<a href=\"\($0)\" aria-label=\"\(bar.title)\">\(shapes)</a>" } ?? shapes
            let label: HTML = bar.showsLabel
                ? "<text x=\"\(bar.labelX)\" y=\"\(labelY)\" text-anchor=\"middle\" class=\"label\">\(bar.label)</text>"
                : .empty
            return "    \(linked)\n    \(label)\n"
        }
        return """
            <figure class="chart">
              <svg viewBox="0 0 \(width) \(height)" width="\(width)" height="\(height)" role="\(role)" \
            aria-labelledby="chart-title" focusable="false">
                <title id="chart-title">\(title)</title>
                <line x1="0" x2="\(width)" y1="\(baseline)" y2="\(baseline)" class="axis"></line>
            \(bars.joined())  </svg>
            </figure>

            """
    }
}
