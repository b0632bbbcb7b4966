import SwiftSyntax

/// Where `@concurrent` goes on a function, initializer or closure, laid out like the attributes
/// already there: on its own line when they are on their own lines, else before the modifiers.
/// When the compiler may predate Swift 6.2, which does not know the attribute, it is wrapped in
/// `#if compiler(>=6.2)` (SE-0367 allows `#if` around attributes); older compilers build the
/// code as before, and without `NonisolatedNonsendingByDefault` there it keeps its behaviour.
enum AttributeInsertion {
    static let attribute = "@concurrent"

    static func concurrent(on node: Syntax, file: SourceFile, newline: String, guarded: Bool) -> TextEdit? {
        if let closure = node.as(ClosureExprSyntax.self) {
            let edit: TextEdit
            if let signature = closure.signature {
                let offset = signature.positionAfterSkippingLeadingTrivia.utf8Offset
                edit = TextEdit(start: offset, end: offset, replacement: attribute + " ")
            } else {
                let offset = closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
                edit = TextEdit(start: offset, end: offset, replacement: " \(attribute) in")
            }
            return guarded ? guardedStatement(around: closure, edit: edit, newline: newline) : edit
        }
        let attributes: AttributeListSyntax
        let afterAttributes: TokenSyntax?
        if let function = node.as(FunctionDeclSyntax.self) {
            attributes = function.attributes
            afterAttributes = function.modifiers.first?.firstToken(viewMode: .sourceAccurate) ?? function.funcKeyword
        } else if let initializer = node.as(InitializerDeclSyntax.self) {
            attributes = initializer.attributes
            afterAttributes = initializer.modifiers.first?.firstToken(viewMode: .sourceAccurate) ?? initializer.initKeyword
        } else {
            return nil
        }
        guard let first = node.firstToken(viewMode: .sourceAccurate), let afterAttributes else { return nil }
        let indentation = node.lineIndentation
        if guarded {
            // `#if` must start its own line.
            guard first.leadingTrivia.contains(where: \.isNewline) || first.previousToken(viewMode: .sourceAccurate) == nil else { return nil }
            let offset = first.positionAfterSkippingLeadingTrivia.utf8Offset
            let text = "#if compiler(>=6.2)" + newline + indentation + attribute + newline + indentation + "#endif" + newline + indentation
            return TextEdit(start: offset, end: offset, replacement: text)
        }
        if let last = attributes.last, file.line(of: last) != file.line(of: afterAttributes) {
            let offset = last.endPositionBeforeTrailingTrivia.utf8Offset
            return TextEdit(start: offset, end: offset, replacement: newline + indentation + attribute)
        }
        let offset = afterAttributes.positionAfterSkippingLeadingTrivia.utf8Offset
        return TextEdit(start: offset, end: offset, replacement: attribute + " ")
    }

    /// A closure's attribute cannot sit in an `#if`: the statement (or, in a one-line body, the
    /// declaration) that holds the closure is written twice instead, with the attribute for
    /// Swift 6.2 and later and as it was before.
    private static func guardedStatement(around closure: ClosureExprSyntax, edit: TextEdit, newline: String) -> TextEdit? {
        let startsLine = { (node: Syntax) in
            node.firstToken(viewMode: .sourceAccurate)?.leadingTrivia.contains(where: \.isNewline) == true
        }
        guard let statement = closure.nearest(orSelf: false, where: {
            ($0.is(CodeBlockItemSyntax.self) || $0.is(MemberBlockItemSyntax.self)) && startsLine($0)
        }) else { return nil }
        let start = statement.positionAfterSkippingLeadingTrivia.utf8Offset, end = statement.endPositionBeforeTrailingTrivia.utf8Offset
        let original = statement.trimmedDescription
        var bytes = Array(original.utf8)
        bytes.insert(contentsOf: Array(edit.replacement.utf8), at: edit.start - start)
        let indentation = statement.lineIndentation
        let text = "#if compiler(>=6.2)" + newline + indentation + String(decoding: bytes, as: UTF8.self) + newline + indentation + "#else"
            + newline + indentation + original + newline + indentation + "#endif"
        return TextEdit(start: start, end: end, replacement: text)
    }
}
