import Foundation
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// One parsed Swift file: the text, its syntax tree and the helpers every rule needs.
/// Parsed once per run; rules and the isolation model share it.
public final class SourceFile: @unchecked Sendable {
    /// The path as reported: as given on the command line, joined with the relative path.
    public let path: String
    public let text: String
    public let tree: SourceFileSyntax
    /// UTF-8 offset where each line starts (line 1 at index 0). Lines end at `\n`, `\r\n` or
    /// `\r`, as in Swift and `SourceLocationConverter`; built from the text in one byte scan
    /// instead of the converter's walk over every token.
    private let lineStarts: [Int32]
    /// Guards `storedConverter` and `words`: a file may be read from more than one thread.
    private let lock = NSLock()
    private var storedConverter: SourceLocationConverter?
    private let memos = MemoTable()
    /// What `contains` found, by word: facts about the text, so they outlive `unwalked()`.
    private var words: [String: Bool] = [:]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.tree = Parser.parse(source: text)
        self.lineStarts = Self.lineStarts(of: text)
    }

    private init(path: String, text: String, tree: SourceFileSyntax, lineStarts: [Int32], words: [String: Bool]) {
        self.path = path
        self.text = text
        self.tree = tree
        self.lineStarts = lineStarts
        self.words = words
    }

    /// The same file over the same parsed nodes, with a new root and no memos (the words
    /// `contains` looked for stay: they hold no nodes). A tree keeps
    /// every node a walk has visited for as long as it lives, and the memos keep lists of them:
    /// a file waiting between its summary and its rules would hold all that (about a quarter
    /// more than the parsed nodes) for nothing but a walk the rules can redo.
    func unwalked() -> SourceFile {
        let root = Syntax(raw: tree.raw, rawNodeArena: tree.raw.arena)
        lock.lock()
        defer { lock.unlock() }
        return SourceFile(path: path, text: text, tree: root.cast(SourceFileSyntax.self), lineStarts: lineStarts, words: words)
    }

    /// Made on first use: positions and line texts come from `lineStarts`, and the converter
    /// copies the whole text and walks every token to build a table of its own.
    public var converter: SourceLocationConverter {
        lock.lock()
        defer { lock.unlock() }
        if let storedConverter { return storedConverter }
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        storedConverter = converter
        return converter
    }

    private static func lineStarts(of text: String) -> [Int32] {
        var text = text
        return text.withUTF8 { bytes in
            var starts: [Int32] = [0]
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(Int32(index))
                } else if byte == UInt8(ascii: "\r") {
                    if index < count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(Int32(index))
                }
            }
            return starts
        }
    }

    /// The 0-based line index holding UTF-8 offset `offset` (clamped to the file).
    private func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        // The last start that is <= offset.
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle }
        }
        return low
    }

    public func position(_ absolute: AbsolutePosition) -> SourcePosition {
        let offset = max(0, min(absolute.utf8Offset, text.utf8.count))
        let index = lineIndex(of: offset)
        return SourcePosition(line: index + 1, column: offset - Int(lineStarts[index]) + 1, offset: absolute.utf8Offset)
    }

    /// The node's range without its leading and trailing trivia.
    public func range(of node: some SyntaxProtocol) -> SourceRange {
        SourceRange(start: position(node.positionAfterSkippingLeadingTrivia),
                    end: position(node.endPositionBeforeTrailingTrivia))
    }

    public func line(of node: some SyntaxProtocol) -> Int {
        lineIndex(of: max(0, min(node.positionAfterSkippingLeadingTrivia.utf8Offset, text.utf8.count))) + 1
    }

    /// The text of line `number` (1-based), without its line terminator. Constant time to find
    /// the line: reporters call this once per finding.
    public func lineText(_ number: Int) -> String {
        guard number >= 1, number <= lineStarts.count else { return "" }
        var text = text
        return text.withUTF8 { bytes in
            var end = number < lineStarts.count ? Int(lineStarts[number]) : bytes.count
            let start = Int(lineStarts[number - 1])
            while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    public var lineCount: Int { lineStarts.count }

    /// About what its parsed nodes take in memory: 90 bytes a node. Over the benchmark's files
    /// of 40 KB or more, 9 in 10 took 78–97 bytes a node, but 16–34 per byte of source (a
    /// comment is one node, a dense test many), so a budget of trees counts nodes. The last
    /// token's place in a depth-first walk gives their number without a walk.
    var treeBytes: Int { (Int(tree.endOfFileToken.id.indexInTree.toOpaque()) + 1) * 90 }

    /// `treeBytes` guessed before parsing: 25 bytes per byte of source, the median over the
    /// same files.
    static func treeBytes(sourceBytes: Int) -> Int { sourceBytes * 25 }

    /// Whether the parser had to invent or skip tokens to build the tree.
    public var hasSyntaxErrors: Bool { tree.hasError }

    /// The line where the parser gave up because the code nests deeper than its limit, or nil.
    /// Past that point the parser skips the rest of the enclosing code, so rules never see it.
    public var nestingOverflowLine: Int? {
        guard tree.hasMaximumNestingLevelOverflow else { return nil }
        // The flag propagates upward: follow it down to the node where the parser stopped.
        var node = Syntax(tree)
        while let child = node.children(viewMode: .all).first(where: \.hasMaximumNestingLevelOverflow) {
            node = child
        }
        return line(of: node)
    }

    /// Whether the text contains `word` anywhere (in code, comments or strings alike): a byte
    /// search, asked by the pipeline before it runs a rule (`Rule.triggers`).
    public func contains(_ word: String) -> Bool {
        lock.lock()
        let known = words[word]
        lock.unlock()
        if let known { return known }
        let found = Self.text(text, contains: word)
        lock.lock()
        words[word] = found
        lock.unlock()
        return found
    }

    /// `contains` without a parsed file.
    static func text(_ text: String, contains word: String) -> Bool {
        var text = text
        var word = word
        return text.withUTF8 { haystack in
            word.withUTF8 { needle in
                guard !needle.isEmpty else { return true }
                guard let start = haystack.baseAddress.map(UnsafeRawPointer.init), let word = needle.baseAddress,
                      needle.count <= haystack.count else { return false }
                // memchr jumps to each candidate (vectorized), memcmp checks the word there: several
                // times faster than a byte loop. The candidates are the word's least common byte
                // in Swift code (the `w` of `await`, not its `a`, where the search stopped 15
                // times as often).
                let anchor = needle.indices.min { Self.commonness(needle[$0]) < Self.commonness(needle[$1]) }!
                let byte = Int32(needle[anchor])
                let last = haystack.count - needle.count + anchor
                var offset = anchor
                while offset <= last, let hit = memchr(start + offset, byte, last - offset + 1) {
                    let index = start.distance(to: UnsafeRawPointer(hit))
                    if memcmp(start + index - anchor, word, needle.count) == 0 { return true }
                    offset = index + 1
                }
                return false
            }
        }
    }

    /// Bytes in about the order of how often they occur in Swift code, most common first.
    private static let commonBytes = Array(" \netoainsrlcdu.pmhf(),:gy=bv\"_{}wSTkx/".utf8)

    private static func commonness(_ byte: UInt8) -> Int {
        commonBytes.firstIndex(of: byte).map { commonBytes.count - $0 } ?? 0
    }

    /// A value computed once per file and shared by every rule that asks for it under the same
    /// key (the nodes several rules look for, gathered in one walk). `make` runs outside the
    /// lock, so it may itself ask for other memos.
    func memo<T>(_ key: String, _ make: () -> T) -> T {
        memos.value(key, make)
    }
}
