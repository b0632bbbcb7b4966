import SwiftSyntax

/// Small syntax questions many rules ask. Kept free of isolation knowledge.
extension FunctionCallExprSyntax {
    /// `Task.detached` for `Task.detached { }`; `DispatchQueue.main.async` for
    /// `DispatchQueue.main.async { }`; `.onAppear` for a modifier whose base is elided.
    public var calleeText: String {
        // Rules ask this of every call in a file, several times: join the token texts directly
        // when that gives the same string, which is when the trivia between them is only
        // whitespace and the text is ASCII (then "whitespace" is the six ASCII ones).
        var bytes: [UInt8] = []
        var previousTrailingIsWhitespace: Bool?
        for token in calledExpression.tokens(viewMode: .sourceAccurate) {
            // The first token's leading and the last token's trailing trivia are trimmed.
            if let previous = previousTrailingIsWhitespace,
               !previous || !token.leadingTrivia.allSatisfy(\.isWhitespace) { return slowCalleeText }
            previousTrailingIsWhitespace = token.trailingTrivia.allSatisfy(\.isWhitespace)
            var text = token.text
            let isASCII = text.withUTF8 { buffer -> Bool in
                for byte in buffer {
                    guard byte < 0x80 else { return false }
                    // Tab, line feed, vertical tab, form feed, carriage return, space.
                    if !(9...13).contains(byte) && byte != 32 { bytes.append(byte) }
                }
                return true
            }
            if !isASCII { return slowCalleeText }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `calleeText` is one of `candidates` (ASCII spellings such as `Task.detached`),
    /// without joining the text of a long callee: a view with a chain of modifiers makes every
    /// callee in the chain hold the whole view. The callee's first and last tokens must begin
    /// and end a candidate; only then is the text compared.
    func calleeText(isOneOf candidates: Set<String>) -> Bool {
        guard let first = calledExpression.firstToken(viewMode: .sourceAccurate),
              let last = calledExpression.lastToken(viewMode: .sourceAccurate) else {
            return candidates.contains(calleeText)
        }
        // Whitespace inside a token (a string literal) is dropped from `calleeText` too. A
        // non-ASCII token means a non-ASCII callee, which equals no ASCII candidate.
        guard let head = Self.asciiWithoutWhitespace(first.text), let tail = Self.asciiWithoutWhitespace(last.text),
              candidates.contains(where: { $0.utf8.starts(with: head) && $0.utf8.reversed().starts(with: tail.reversed()) })
        else { return false }
        return candidates.contains(calleeText)
    }

    /// The bytes of an ASCII text without its whitespace, or nil for non-ASCII text. By byte:
    /// `Character.isWhitespace` looks up Unicode properties (1.5 % of a run in perf).
    private static func asciiWithoutWhitespace(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            // The ASCII characters `Character.isWhitespace` accepts: tab, line feed, vertical tab, form feed, return, space.
            if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { bytes.append(byte) }
        }
        return bytes
    }

    /// The definition `calleeText` must agree with.
    var slowCalleeText: String {
        calledExpression.trimmedDescription.filter { !$0.isWhitespace }
    }

    /// The last path component of the callee: `async` for `DispatchQueue.main.async`.
    public var calleeName: String? {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return nil
    }

    /// The single closure argument: the trailing closure, or the only closure among the arguments.
    public var onlyClosure: ClosureExprSyntax? {
        if let trailing = trailingClosure { return additionalTrailingClosures.isEmpty ? trailing : nil }
        let closures = arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        return closures.count == 1 ? closures.first : nil
    }
}

extension SyntaxProtocol {
    /// The nearest ancestor of the given type.
    public func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var current = parent
        while let node = current {
            if let match = node.as(type) { return match }
            current = node.parent
        }
        return nil
    }

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

extension TriviaPiece {
    var isNewline: Bool {
        switch self {
        case .newlines, .carriageReturns, .carriageReturnLineFeeds: true
        default: false
        }
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
