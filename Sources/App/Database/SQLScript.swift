/// Splits a SQL script into statements at top-level semicolons.
///
/// The extended query protocol runs one statement at a time, so a migration file is split
/// here; quotes, quoted identifiers, dollar-quoted bodies and comments are respected.
public enum SQLScript {
    public static func statements(_ script: String) -> [String] {
        let chars = Array(script.unicodeScalars)
        var statements: [String] = []
        var current = String.UnicodeScalarView()
        var hasContent = false
        var i = 0

        func flush() {
            let text = String(current).trimmingWhitespace()
            if hasContent, !text.isEmpty { statements.append(text) }
            current = String.UnicodeScalarView()
            hasContent = false
        }

        while i < chars.count {
            let c = chars[i]
            let next: Unicode.Scalar? = i + 1 < chars.count ? chars[i + 1] : nil
            if c == "-", next == "-" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", next == "*" {
                var depth = 0
                repeat {
                    if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" { depth += 1; i += 2; continue }
                    if chars[i] == "*", i + 1 < chars.count, chars[i + 1] == "/" { depth -= 1; i += 2; continue }
                    i += 1
                } while i < chars.count && depth > 0
                current.append(" ")
                continue
            }
            if c == "'" || c == "\"" {
                let quote = c
                current.append(c)
                i += 1
                while i < chars.count {
                    current.append(chars[i])
                    if chars[i] == quote {
                        if i + 1 < chars.count, chars[i + 1] == quote {
                            current.append(chars[i + 1])
                            i += 2
                            continue
                        }
                        i += 1
                        break
                    }
                    i += 1
                }
                hasContent = true
                continue
            }
            if c == "$", let tag = dollarTag(chars, at: i) {
                current.append(contentsOf: tag)
                i += tag.count
                while i < chars.count {
                    if chars[i] == "$", dollarTag(chars, at: i) == tag {
                        current.append(contentsOf: tag)
                        i += tag.count
                        break
                    }
                    current.append(chars[i])
                    i += 1
                }
                hasContent = true
                continue
            }
            if c == ";" {
                flush()
                i += 1
                continue
            }
            current.append(c)
            if !c.properties.isWhitespace { hasContent = true }
            i += 1
        }
        flush()
        return statements
    }

    /// `$$` or `$name$` starting at `index`, if there is one.
    private static func dollarTag(_ chars: [Unicode.Scalar], at index: Int) -> [Unicode.Scalar]? {
        var j = index + 1
        while j < chars.count {
            let c = chars[j]
            if c == "$" { return Array(chars[index...j]) }
            let isTagChar = c == "_" || c.properties.isAlphabetic || (j > index + 1 && ("0"..."9").contains(c))
            if !isTagChar { return nil }
            j += 1
        }
        return nil
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}
