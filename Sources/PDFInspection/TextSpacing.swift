/// Poppler's page text joins words that sit far apart on one line ("IBANCZ65 0800…" when the
/// label and the value are in two columns). With the box of every character, a space goes back
/// wherever the gap between two characters is wider than a fraction of the line's height.
public enum TextSpacing {
    public struct Box: Sendable, Equatable {
        public let x1: Double, y1: Double, x2: Double, y2: Double

        public init(x1: Double, y1: Double, x2: Double, y2: Double) {
            (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
        }
    }

    /// A gap wider than this share of the character height separates two words.
    public static let gapRatio = 0.25

    /// `scalars[i]` sits in `boxes[i]`; when the counts differ the text is returned as it is.
    public static func spaced(_ scalars: [Unicode.Scalar], boxes: [Box]) -> String {
        var out = String.UnicodeScalarView()
        guard scalars.count == boxes.count else {
            out.append(contentsOf: scalars)
            return String(out)
        }
        for (index, scalar) in scalars.enumerated() {
            if index > 0, !isSpace(scalar), !isSpace(scalars[index - 1]) {
                let previous = boxes[index - 1], box = boxes[index]
                let height = max(box.y2 - box.y1, previous.y2 - previous.y1, 1)
                let sameLine = abs(box.y1 - previous.y1) < height / 2
                if sameLine, box.x1 - previous.x2 > height * gapRatio { out.append(" ") }
            }
            out.append(scalar)
        }
        return String(out)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }
}
