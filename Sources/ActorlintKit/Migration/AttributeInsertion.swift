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
            guard !guarded else { return nil }
            if let signature = closure.signature {
                let offset = signature.positionAfterSkippingLeadingTrivia.utf8Offset
                return TextEdit(start: offset, end: offset, replacement: attribute + " ")
            }
            let offset = closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
            return TextEdit(start: offset, end: offset, replacement: " \(attribute) in")
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
}
