import Foundation

/// A lexical pre-check for the one input shape we know makes SwiftParser exponential: a run of
/// `[` tokens with nothing but whitespace or `(` between them. Measured with the toolchain's
/// parser: 16 in a run parse in 0.35 s, 18 in 1.5 s, and each further `[` doubles the time,
/// closed (`[[[…1]]]`) or not. Real code stays far below the limit. Anything slower that this
/// check does not know is caught by the pipeline's per-file time limit.
public enum NestingCheck {
    public static let maximumBracketRun = 16

    /// Why the text should not be parsed, or nil.
    public static func problem(in text: String) -> String? {
        guard let run = longestBracketRun(in: text), run.count >= maximumBracketRun else { return nil }
        return "line \(run.line) has \(run.count) `[` in a row (the limit is \(maximumBracketRun - 1))"
    }

    /// A description of a file that timed out, when this check can say why.
    public static func describe(path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let run = longestBracketRun(in: String(decoding: data, as: UTF8.self)), run.count >= 8 else { return nil }
        return "line \(run.line) has \(run.count) `[` in a row"
    }

    /// The longest run of `[` outside comments and string literals, and the line it starts on.
    static func longestBracketRun(in text: String) -> (count: Int, line: Int)? {
        let bytes = Array(text.utf8)
        var best: (count: Int, line: Int)?
        var run = 0, runLine = 1, line = 1, index = 0
        func byte(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        while index < bytes.count {
            let current = bytes[index]
            switch current {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "["):
                if run == 0 { runLine = line }
                run += 1
                if run > (best?.count ?? 0) { best = (run, runLine) }
            case UInt8(ascii: "("), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                var depth = 0
                repeat {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    if bytes[index] == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") { depth += 1; index += 1 }
                    else if bytes[index] == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") { depth -= 1; index += 1 }
                    index += 1
                } while index < bytes.count && depth > 0
                run = 0
                continue
            case UInt8(ascii: "\""):
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
                run = 0
                continue
            default:
                run = 0
            }
            index += 1
        }
        return best
    }
}
