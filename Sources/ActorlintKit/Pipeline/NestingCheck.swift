import Foundation

/// A lexical pre-check for the input shapes we know make SwiftParser exponential: a run of `[`
/// tokens with nothing but whitespace, comments or `(` between them, and runs that mix `[` and
/// `(` with a bare `@` (one no attribute name follows, always a syntax error). Measured with the
/// toolchain's parser: 16 `[` in a run parse in 0.35 s, 18 in 1.5 s, and each further `[`
/// doubles the time, closed (`[[[…1]]]`) or not; `[/**/` repeated 18 times takes 8.6 s. A bare
/// `@` costs more: `[@` repeated 10 times (20 bytes) takes 44 s, `(@[` repeated 8 times over
/// 30 s, `(@` 10 times 1.3 s, so in a run with a bare `@` each `@` counts as two `[` and each
/// `(` as one. Real code stays far below the limit. Anything slower that this check does not
/// know is caught by the pipeline's per-file time limit.
public enum NestingCheck {
    public static let maximumBracketRun = 16

    /// Why the text should not be parsed, or nil.
    public static func problem(in text: String) -> String? {
        guard let run = longestBracketRun(in: text), run.weight >= maximumBracketRun else { return nil }
        return "line \(run.line) has \(run.summary) (the limit is \(maximumBracketRun - 1))"
    }

    /// A description of a file that timed out, when this check can say why.
    public static func describe(path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let run = longestBracketRun(in: String(decoding: data, as: UTF8.self)), run.weight >= 8 else { return nil }
        return "line \(run.line) has \(run.summary)"
    }

    struct Run {
        var brackets = 0, parens = 0, bareAts = 0
        var line = 1

        /// What the run costs the parser, in `[`.
        var weight: Int { brackets + (bareAts > 0 ? parens + 2 * bareAts : 0) }

        var summary: String {
            guard bareAts > 0 else { return "\(brackets) `[` in a row" }
            return "\(brackets) `[`, \(parens) `(` and \(bareAts) `@` without an attribute name in a row, worth \(weight) `[`"
        }
    }

    /// The heaviest run outside comments and string literals, and the line it starts on.
    static func longestBracketRun(in text: String) -> Run? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes)
            scanner.scan()
            return scanner.best
        }
    }

    /// One pass over the bytes. A struct with mutating methods rather than a loop with local
    /// functions: variables captured by local functions are boxed and checked for exclusive
    /// access on every byte, which made this pass 7 % of a whole run with the package build.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0, line = 1
        var run = Run()
        var best: Run?

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func byte(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }

        mutating func count(_ update: (inout Run) -> Void) {
            // The run is said to start at its first `[` or `@`: `(` alone costs nothing.
            let weightless = run.brackets + run.bareAts == 0
            update(&run)
            if weightless, run.brackets + run.bareAts > 0 { run.line = line }
            if run.weight > (best?.weight ?? 0) { best = run }
        }

        mutating func scan() {
            let special = Self.special
            while index < bytes.count {
                // Most bytes are none of those below, and end a run.
                guard special[Int(bytes[index])] else {
                    run = Run()
                    index += 1
                    continue
                }
                switch bytes[index] {
                case UInt8(ascii: "\n"):
                    line += 1
                case UInt8(ascii: "["):
                    count { $0.brackets += 1 }
                case UInt8(ascii: "("):
                    count { $0.parens += 1 }
                case UInt8(ascii: "@") where !isIdentifierStart(byte(1)):
                    count { $0.bareAts += 1 }
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    break
                case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                    continue
                case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                    skipBlockComment()
                    // A comment is trivia: the parser sees the `[` on both sides as one run.
                    continue
                case UInt8(ascii: "\""):
                    skipStringLiteral()
                    run = Run()
                    continue
                default:
                    run = Run()
                }
                index += 1
            }
        }

        /// The bytes the switch in `scan` handles.
        private static let special: [Bool] = (0...255).map { byte in
            "\n[(@ \t\r/\"".utf8.contains(UInt8(byte))
        }

        private mutating func skipBlockComment() {
            var depth = 0
            repeat {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                if bytes[index] == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") { depth += 1; index += 1 }
                else if bytes[index] == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") { depth -= 1; index += 1 }
                index += 1
            } while index < bytes.count && depth > 0
        }

        private mutating func skipStringLiteral() {
            let triple = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
            index += triple ? 3 : 1
            while index < bytes.count {
                let c = bytes[index]
                if c == UInt8(ascii: "\\") { index += 2; continue }
                if c == UInt8(ascii: "\n") { line += 1; if !triple { break } }
                if c == UInt8(ascii: "\""), !triple || (byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")) {
                    index += triple ? 3 : 1
                    break
                }
                index += 1
            }
        }
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "`") || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")) || byte >= 0x80
    }
}
