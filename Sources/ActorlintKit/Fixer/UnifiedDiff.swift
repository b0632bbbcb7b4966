/// A unified diff (`diff -u` style, 3 lines of context) between two texts, for `fix --diff`.
public enum UnifiedDiff {
    public static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var out = "--- \(path)\n+++ \(path)\n"
        var index = 0
        while index < script.count {
            guard let changeStart = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            // Extend the hunk while changes are within 2 × context of each other.
            var end = changeStart
            var lastChange = changeStart
            while end < script.count {
                if script[end].kind != .same { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            let start = max(index, changeStart - context)
            let stop = min(script.count, lastChange + context + 1)
            let hunk = script[start..<stop]
            let oldStart = hunk.first.map { $0.oldIndex } ?? 0
            let newStart = hunk.first.map { $0.newIndex } ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for line in hunk {
                switch line.kind {
                case .same: out += render(" ", a[line.oldIndex])
                case .delete: out += render("-", a[line.oldIndex])
                case .insert: out += render("+", b[line.newIndex])
                }
            }
            index = stop
        }
        return out
    }

    /// A hunk range as diff -u writes it: 1-based start (for an empty range, the line before it)
    /// and the count, which is left out when it is 1.
    static func range(_ start: Int, _ count: Int) -> String {
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }

    /// The lines of `text`, each with its `\n`: a last line without one differs from the same
    /// line with one, and a text ending in `\n` has no extra empty line after it (diff -u).
    static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            // "\r\n" is one Character in Swift; it ends a line too.
            if character == "\n" || character == "\r\n" {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// One diff line; a line without a newline gets diff's marker so `patch` keeps it that way.
    static func render(_ prefix: String, _ line: String) -> String {
        line.utf8.last == UInt8(ascii: "\n") ? prefix + line : prefix + line + "\n\\ No newline at end of file\n"
    }

    struct Line {
        enum Kind { case same, delete, insert }
        var kind: Kind
        /// Position in the old text (for inserts: where the insertion happens).
        var oldIndex: Int
        var newIndex: Int
    }

    /// Myers' O((N+M)·D) shortest edit script; fixes change few lines, so D is small.
    static func editScript(_ a: [String], _ b: [String]) -> [Line] {
        let n = a.count, m = b.count, max = n + m
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        outer: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? v[max + k + 1] : v[max + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[max + k] = x
                if x >= n, y >= m { break outer }
            }
        }
        var lines: [Line] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? k + 1 : k - 1
            let previousX = v[max + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                lines.append(Line(kind: .same, oldIndex: x, newIndex: y))
            }
            if d > 0 {
                if x == previousX { y -= 1; lines.append(Line(kind: .insert, oldIndex: x, newIndex: y)) }
                else { x -= 1; lines.append(Line(kind: .delete, oldIndex: x, newIndex: y)) }
            }
        }
        return lines.reversed()
    }
}
