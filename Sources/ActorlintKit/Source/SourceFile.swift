import SwiftParser
import SwiftSyntax

/// One parsed Swift file: the text, its syntax tree and the helpers every rule needs.
/// Parsed once per run; rules and the isolation model share it.
public final class SourceFile: @unchecked Sendable {
    /// The path as reported: as given on the command line, joined with the relative path.
    public let path: String
    public let text: String
    public let tree: SourceFileSyntax
    public let converter: SourceLocationConverter

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.tree = Parser.parse(source: text)
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    public func position(_ absolute: AbsolutePosition) -> SourcePosition {
        let location = converter.location(for: absolute)
        return SourcePosition(line: location.line, column: location.column, offset: absolute.utf8Offset)
    }

    /// The node's range without its leading and trailing trivia.
    public func range(of node: some SyntaxProtocol) -> SourceRange {
        SourceRange(start: position(node.positionAfterSkippingLeadingTrivia),
                    end: position(node.endPositionBeforeTrailingTrivia))
    }

    public func line(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    /// The text of line `number` (1-based), without its line terminator.
    public func lineText(_ number: Int) -> String {
        var current = 1
        var lineStart = text.utf8.startIndex
        for index in text.utf8.indices where current < number {
            if text.utf8[index] == UInt8(ascii: "\n") {
                current += 1
                lineStart = text.utf8.index(after: index)
            }
        }
        guard current == number else { return "" }
        let rest = text.utf8[lineStart...]
        let end = rest.firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) ?? rest.endIndex
        return String(decoding: text.utf8[lineStart..<end], as: UTF8.self)
    }

    public var lineCount: Int { converter.location(for: tree.endPosition).line }

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
}
