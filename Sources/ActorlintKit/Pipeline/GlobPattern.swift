/// A path glob as in `.gitignore`-style configs: `*` within a component, `**` across
/// components, `?` one character. A pattern without `/` matches any path component.
public struct GlobPattern: Sendable, Hashable {
    public let pattern: String

    public init(_ pattern: String) {
        self.pattern = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
    }

    public func matches(_ path: String) -> Bool {
        let components = path.split(separator: "/").map(String.init)
        if !pattern.contains("/") {
            return components.contains { Self.match(Array(pattern), Array($0)) }
        }
        let parts = pattern.split(separator: "/").map(String.init)
        // A directory pattern also matches everything below it.
        for end in stride(from: components.count, through: 1, by: -1)
        where Self.matchComponents(parts[...], components[0..<end]) {
            return true
        }
        return false
    }

    private static func matchComponents(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            return (path.startIndex...path.endIndex).contains { matchComponents(pattern.dropFirst(), path[$0...]) }
        }
        guard let component = path.first, match(Array(first), Array(component)) else { return false }
        return matchComponents(pattern.dropFirst(), path.dropFirst())
    }

    private static func match(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            // `*` first: a `*` in the pattern is always a wildcard, even against a literal `*`.
            if p < pattern.count, pattern[p] == "*" {
                star = p; mark = t; p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1; t += 1
            } else if star >= 0 {
                p = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
