import SwiftSyntax

// Small questions about tokens, trivia, names and positions.

extension TriviaPiece {
    var isNewline: Bool {
        switch self {
        case .newlines, .carriageReturns, .carriageReturnLineFeeds: true
        default: false
        }
    }

    var isComment: Bool {
        switch self {
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: true
        default: false
        }
    }
}

extension DeclReferenceExprSyntax {
    /// Whether this is the `name` in `base.name` (a member, not a variable of this scope).
    var isMemberName: Bool {
        guard let member = parent?.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.id == id
    }
}

extension SyntaxProtocol {
    /// Where this node starts, without trivia, as a UTF-8 offset.
    var startOffset: Int { positionAfterSkippingLeadingTrivia.utf8Offset }
    /// Where this node ends, without trivia, as a UTF-8 offset.
    var endOffset: Int { endPositionBeforeTrailingTrivia.utf8Offset }
}

extension String {
    /// The first word of a camelCase identifier, lowercased: `set` for `setTitle`.
    var firstCamelCaseWord: String {
        let trimmed = drop { $0 == "_" }
        let word = trimmed.prefix { $0.isLowercase || $0.isNumber }
        return word.isEmpty ? trimmed.lowercased() : String(word)
    }

    var replacingBackticks: String { filter { $0 != "`" } }
}
