import SwiftSyntax

/// Text positions and edits the rules' fixes share.
struct EditBuilder {
    let bytes: [UInt8]
    /// The file's line break, so that inserted lines match it.
    let newline: String

    init(_ file: SourceFile) {
        bytes = Array(file.text.utf8)
        // The first line break decides: rules build one of these per fix, so scanning the whole
        // file here made a file's fixes cost its size times their number.
        let bytes = self.bytes
        let firstBreak = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? 0
        newline = firstBreak > 0 && bytes[firstBreak - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }

    /// Removes the capture list entry `capture` from `closure`: the whole `[…] in` when nothing
    /// else is left in the signature, else only the entry (and its comma).
    func removeCapture(_ capture: ClosureCaptureSyntax, from closure: ClosureExprSyntax) -> [TextEdit] {
        guard let signature = closure.signature, let clause = signature.capture else { return [] }
        let items = Array(clause.items)
        guard let index = items.firstIndex(where: { $0.id == capture.id }) else { return [] }
        if items.count > 1 {
            if index + 1 < items.count {
                return [TextEdit(start: capture.positionAfterSkippingLeadingTrivia.utf8Offset,
                                 end: items[index + 1].positionAfterSkippingLeadingTrivia.utf8Offset, replacement: "")]
            }
            let start = items[index - 1].trailingComma?.positionAfterSkippingLeadingTrivia
                ?? capture.positionAfterSkippingLeadingTrivia
            return [TextEdit(start: start.utf8Offset, end: capture.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "")]
        }
        let onlyCapture = signature.attributes.isEmpty && signature.parameterClause == nil
            && signature.effectSpecifiers == nil && signature.returnClause == nil
        if onlyCapture {
            // `{ [weak self] in body` → `{ body`.
            return [TextEdit(start: closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset,
                             end: signature.inKeyword.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "")]
        }
        guard let next = clause.nextToken(viewMode: .sourceAccurate) else { return [] }
        return [TextEdit(start: clause.positionAfterSkippingLeadingTrivia.utf8Offset,
                         end: next.positionAfterSkippingLeadingTrivia.utf8Offset, replacement: "")]
    }

    /// Adds `weak self` to `closure`'s capture list, creating the list (and `in`) if needed.
    func addWeakSelf(to closure: ClosureExprSyntax) -> TextEdit {
        guard let signature = closure.signature else {
            let offset = closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
            return TextEdit(start: offset, end: offset, replacement: " [weak self] in")
        }
        if let clause = signature.capture {
            if let strong = clause.items.first(where: { $0.isSelf && $0.specifier == nil }) {
                return TextEdit(start: strong.positionAfterSkippingLeadingTrivia.utf8Offset,
                                end: strong.name.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "weak self")
            }
            let offset = clause.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset
            return TextEdit(start: offset, end: offset, replacement: "weak self, ")
        }
        let anchor: Syntax = signature.parameterClause.map(Syntax.init)
            ?? signature.effectSpecifiers.map(Syntax.init)
            ?? signature.returnClause.map(Syntax.init)
            ?? Syntax(signature.inKeyword)
        let offset = anchor.positionAfterSkippingLeadingTrivia.utf8Offset
        return TextEdit(start: offset, end: offset, replacement: "[weak self] ")
    }

    /// Deletes a statement: its whole lines when it stands alone on them, else just the
    /// statement (with its `;`) and the spaces after it.
    func deleteStatement(_ item: CodeBlockItemSyntax) -> TextEdit {
        let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = item.endPositionBeforeTrailingTrivia.utf8Offset
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") {
            lineStart -= 1
        }
        var lineEnd = end
        while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t") {
            lineEnd += 1
        }
        var lineBreakEnd = lineEnd
        if lineBreakEnd < bytes.count, bytes[lineBreakEnd] == UInt8(ascii: "\r") { lineBreakEnd += 1 }
        let ownsLine = (lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n"))
            && (lineBreakEnd == bytes.count || bytes[lineBreakEnd] == UInt8(ascii: "\n"))
        if ownsLine { return TextEdit(start: lineStart, end: min(lineBreakEnd + 1, bytes.count), replacement: "") }
        return TextEdit(start: start, end: lineEnd, replacement: "")
    }

    /// Removes one condition of a multi-condition `guard`/`if`, with its comma.
    func deleteCondition(_ condition: ConditionElementSyntax) -> TextEdit? {
        guard let list = condition.parent?.as(ConditionElementListSyntax.self) else { return nil }
        let elements = Array(list)
        guard elements.count > 1, let index = elements.firstIndex(where: { $0.id == condition.id }) else { return nil }
        if index + 1 < elements.count {
            return TextEdit(start: condition.positionAfterSkippingLeadingTrivia.utf8Offset,
                            end: elements[index + 1].positionAfterSkippingLeadingTrivia.utf8Offset, replacement: "")
        }
        let start = elements[index - 1].trailingComma?.positionAfterSkippingLeadingTrivia
            ?? condition.positionAfterSkippingLeadingTrivia
        return TextEdit(start: start.utf8Offset, end: condition.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "")
    }

    /// Inserts `statement` as the first statement of `block`, on its own line when the block
    /// spans lines. `indentation` is the indentation `statement`'s later lines carry now.
    func insertFirst(_ statement: String, in block: CodeBlockSyntax, currentIndentation: String = "") -> TextEdit {
        let offset = block.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
        let first = block.statements.first
        let multiline = first.map { $0.leadingTrivia.contains(where: \.isNewline) }
            ?? block.rightBrace.leadingTrivia.contains(where: \.isNewline)
        if multiline {
            let indentation = first?.lineIndentation ?? (block.leftBrace.lineIndentation + "    ")
            let text = reindent(statement, removing: currentIndentation, adding: indentation)
            return TextEdit(start: offset, end: offset, replacement: newline + indentation + text)
        }
        // `{ work }` on one line: open it up, `{\n statement\n work\n}`, so that a multi-line
        // statement stays readable.
        let indentation = block.leftBrace.lineIndentation
        let inner = indentation + "    "
        var lines = [reindent(statement, removing: currentIndentation, adding: inner)]
        if !block.statements.isEmpty { lines.append(block.statements.trimmedText) }
        return TextEdit(start: offset, end: block.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset,
                        replacement: lines.map { newline + inner + $0 }.joined() + newline + indentation)
    }
}

extension SyntaxProtocol {
    /// The leading whitespace of the line this node starts on.
    public var lineIndentation: String {
        guard let token = firstToken(viewMode: .sourceAccurate) else { return "" }
        // Walk back through tokens to the one that starts the line.
        var start = token
        while !start.leadingTrivia.contains(where: \.isNewline), let previous = start.previousToken(viewMode: .sourceAccurate) {
            if previous.trailingTrivia.contains(where: \.isNewline) { break }
            start = previous
        }
        var indentation = ""
        for piece in start.leadingTrivia.reversed() {
            switch piece {
            case .spaces(let count): indentation = String(repeating: " ", count: count) + indentation
            case .tabs(let count): indentation = String(repeating: "\t", count: count) + indentation
            default: return indentation
            }
        }
        return indentation
    }
}

extension SourceFile {
    /// One level of the file's indentation, guessed from its lines (four spaces when the file
    /// says nothing).
    var indentUnit: String {
        var counts: [Int: Int] = [:]
        var previous = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.first == "\t" { return "\t" }
            let spaces = line.prefix { $0 == " " }.count
            if spaces == line.count { continue }
            if spaces > previous { counts[spaces - previous, default: 0] += 1 }
            previous = spaces
        }
        guard let unit = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key, unit > 0 else {
            return "    "
        }
        return String(repeating: " ", count: unit)
    }
}

/// The text of `node` (without trivia) with every line but the first re-indented: `remove`
/// taken off and `add` put on. Lines of a multi-line string literal move only together, and
/// only if all of them can, because the closing `"""` decides what the string contains.
public func reindent(_ node: some SyntaxProtocol, removing remove: String, adding add: String) -> String {
    let text = node.trimmedText
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let strings = MultilineStrings(Syntax(node))
    strings.walk(Syntax(node))
    let frozen = strings.ranges.filter { range in
        !range.allSatisfy { $0 >= lines.count || lines[$0].hasPrefix(remove) || lines[$0].allSatisfy(\.isWhitespace) }
    }
    for index in lines.indices.dropFirst() where !lines[index].allSatisfy(\.isWhitespace) {
        if frozen.contains(where: { $0.contains(index) }) { continue }
        if lines[index].hasPrefix(remove) { lines[index].removeFirst(remove.count) }
        lines[index] = add + lines[index]
    }
    return lines.joined(separator: "\n")
}

/// The line numbers (0-based, relative to a node's trimmed text) of each multi-line string's
/// body and closing line.
private final class MultilineStrings: SyntaxVisitor {
    var ranges: [ClosedRange<Int>] = []
    let start: AbsolutePosition
    let text: [UInt8]

    init(_ node: Syntax) {
        start = node.positionAfterSkippingLeadingTrivia
        text = Array(node.trimmedText.utf8)
        super.init(viewMode: .sourceAccurate)
    }

    func line(_ position: AbsolutePosition) -> Int {
        let offset = max(0, min(text.count, position.utf8Offset - start.utf8Offset))
        return text[..<offset].filter { $0 == UInt8(ascii: "\n") }.count
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if node.openingQuote.tokenKind == .multilineStringQuote {
            let first = line(node.openingQuote.endPosition) + 1
            ranges.append(first...max(first, line(node.closingQuote.positionAfterSkippingLeadingTrivia)))
        }
        return .visitChildren
    }
}

/// `reindent` for generated text that holds no multi-line string literal.
public func reindent(_ text: String, removing remove: String, adding add: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for index in lines.indices.dropFirst() where !lines[index].allSatisfy(\.isWhitespace) {
        if lines[index].hasPrefix(remove) { lines[index].removeFirst(remove.count) }
        lines[index] = add + lines[index]
    }
    return lines.joined(separator: "\n")
}

/// Applying a set of edits from several places at once (the migration's attributes and settings).
enum TextEdits {
    /// `text` with `edits` applied; insertions at the same offset keep their given order. Nil
    /// when two edits replace overlapping bytes or one lies outside the text.
    static func apply(_ edits: [TextEdit], to text: String) -> String? {
        var bytes = Array(text.utf8)
        let sorted = edits.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var previousEnd = 0
        for edit in sorted {
            guard edit.start >= previousEnd || (edit.start == edit.end && edit.start == previousEnd),
                  edit.start <= edit.end, edit.end <= bytes.count else { return nil }
            previousEnd = edit.end
        }
        for edit in sorted.reversed() { bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
