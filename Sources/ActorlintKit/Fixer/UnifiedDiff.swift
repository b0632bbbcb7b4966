/// A unified diff (`diff -u` style, 3 lines of context) between two texts, for `fix --diff`.
public enum UnifiedDiff {
    public static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
            out += "@@ -\(oldStart + (oldCount > 0 ? 1 : 0)),\(oldCount) +\(newStart + (newCount > 0 ? 1 : 0)),\(newCount) @@\n"
            for line in hunk {
                switch line.kind {
                case .same: out += " \(a[line.oldIndex])\n"
                case .delete: out += "-\(a[line.oldIndex])\n"
                case .insert: out += "+\(b[line.newIndex])\n"
                }
            }
            index = stop
        }
        return out
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
