import SwiftSyntax

/// Adds Swift settings to one target of a Package.swift as text edits that keep the manifest's
/// layout: into the target's own `swiftSettings: [ … ]` literal, or as a new `swiftSettings:`
/// argument where PackageDescription expects it. nil when the target's settings are assembled
/// elsewhere (a shared array, a loop): an edit there would change other targets or be undone.
enum ManifestSettingsEdit {
    /// The parameters of `.target(…)` and `.executableTarget(…)` that come after `swiftSettings:`
    /// (PackageDescription 6.2: name, dependencies, path, exclude, sources, resources,
    /// publicHeadersPath, packageAccess, cSettings, cxxSettings, swiftSettings, linkerSettings,
    /// plugins). Arguments must keep that order or the manifest does not compile.
    static let parametersAfterSwiftSettings: Set<String> = ["linkerSettings", "plugins"]

    static func edits(adding settings: [String], to target: ManifestTarget, in file: SourceFile) -> [TextEdit]? {
        guard !settings.isEmpty, let call = target.call.node.as(FunctionCallExprSyntax.self), call.leftParen != nil,
              call.trailingClosure == nil else { return nil }
        if let argument = call.arguments.first(where: { $0.label?.text == "swiftSettings" }) {
            guard let array = argument.expression.as(ArrayExprSyntax.self), isOnlySource(array, of: target) else { return nil }
            return insert(settings, into: array, file: file)
        }
        // Without the argument the target must have no settings at all, or a loop gives it some.
        guard target.settings == nil else { return nil }
        return addArgument(settings, to: call, file: file, style: Style(file))
    }

    /// Whether the target ends with exactly the settings of this literal, no more, no fewer.
    private static func isOnlySource(_ array: ArrayExprSyntax, of target: ManifestTarget) -> Bool {
        guard let final = target.settings, final.count == array.elements.count else { return false }
        return zip(final, array.elements).allSatisfy { value, element in
            guard case .call(let call) = value else { return false }
            return call.node.positionAfterSkippingLeadingTrivia == element.expression.positionAfterSkippingLeadingTrivia
        }
    }

    static func insert(_ settings: [String], into array: ArrayExprSyntax, file: SourceFile) -> [TextEdit] {
        guard let last = array.elements.last, let first = array.elements.first else {
            return [TextEdit(start: array.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset,
                             end: array.rightSquare.positionAfterSkippingLeadingTrivia.utf8Offset,
                             replacement: settings.joined(separator: ", "))]
        }
        if file.line(of: first) == file.line(of: array.leftSquare) {
            // One line: `[.a]` → `[.a, .b]`.
            if let comma = last.trailingComma {
                return [TextEdit(start: comma.endPositionBeforeTrailingTrivia.utf8Offset, end: comma.endPositionBeforeTrailingTrivia.utf8Offset,
                                 replacement: " " + settings.map { $0 + "," }.joined(separator: " "))]
            }
            let end = last.expression.endPositionBeforeTrailingTrivia.utf8Offset
            return [TextEdit(start: end, end: end, replacement: ", " + settings.joined(separator: ", "))]
        }
        // One element a line: new lines after the last one, indented like it.
        return appendLines(settings, after: last.expression, trailingComma: last.trailingComma,
                           indentation: last.lineIndentation)
    }

    static func addArgument(_ settings: [String], to call: FunctionCallExprSyntax, file: SourceFile, style: Style) -> [TextEdit]? {
        let arguments = Array(call.arguments)
        guard let leftParen = call.leftParen, let last = arguments.last else { return nil }
        let next = arguments.firstIndex { parametersAfterSwiftSettings.contains($0.label?.text ?? "") }
        let multiline = arguments.contains { file.line(of: $0) != file.line(of: leftParen) }
        guard multiline else {
            let inline = "swiftSettings: [\(settings.joined(separator: ", "))]"
            if let next {
                let start = arguments[next].positionAfterSkippingLeadingTrivia.utf8Offset
                return [TextEdit(start: start, end: start, replacement: inline + ", ")]
            }
            if let comma = last.trailingComma {
                let end = comma.endPositionBeforeTrailingTrivia.utf8Offset
                return [TextEdit(start: end, end: end, replacement: " " + inline + ",")]
            }
            let end = last.expression.endPositionBeforeTrailingTrivia.utf8Offset
            return [TextEdit(start: end, end: end, replacement: ", " + inline)]
        }
        let reference = next.map { arguments[$0] } ?? last
        let indentation = reference.lineIndentation
        let inner = indentation + style.unit
        let elements = settings.enumerated().map { position, setting in
            inner + setting + (position < settings.count - 1 || style.trailingCommas ? "," : "")
        }
        let argument = (["swiftSettings: ["] + elements + [indentation + "]"]).joined(separator: "\n")
        if let next {
            // Before `linkerSettings:`/`plugins:`: the argument before it already ends in a comma.
            let previous = arguments[next - 1]
            return appendLines([argument], after: previous.expression, trailingComma: previous.trailingComma,
                               indentation: indentation, lastHasComma: true)
        }
        return appendLines([argument], after: last.expression, trailingComma: last.trailingComma,
                           indentation: indentation)
    }

    /// New lines after a list element (`expression` and its `trailingComma`): after the comma
    /// and any comment on that line, each with `indentation`. The element gets a comma when it
    /// lacks one; the last new line gets one when the element had one (the list's own style) or
    /// when `lastHasComma` says more elements follow.
    private static func appendLines(_ lines: [String], after expression: ExprSyntax, trailingComma: TokenSyntax?,
                                    indentation: String, lastHasComma: Bool? = nil) -> [TextEdit] {
        let endsWithComma = lastHasComma ?? (trailingComma != nil)
        let text = lines.enumerated().map { position, line in
            "\n" + indentation + line + (position < lines.count - 1 || endsWithComma ? "," : "")
        }.joined()
        let lineEnd = (trailingComma.map { Syntax($0) } ?? Syntax(expression)).endPosition.utf8Offset
        guard trailingComma == nil else { return [TextEdit(start: lineEnd, end: lineEnd, replacement: text)] }
        let expressionEnd = expression.endPositionBeforeTrailingTrivia.utf8Offset
        if expressionEnd == lineEnd { return [TextEdit(start: lineEnd, end: lineEnd, replacement: "," + text)] }
        // A comment follows the element on its line: the comma goes before it, the lines after it.
        return [TextEdit(start: expressionEnd, end: expressionEnd, replacement: ","),
                TextEdit(start: lineEnd, end: lineEnd, replacement: text)]
    }

    /// How the manifest lays out lists: its indentation step and whether multi-line array
    /// literals end with a comma (argument lists may not before Swift 6.1, so they do not count).
    struct Style {
        var unit = "    "
        var trailingCommas = false

        init(_ file: SourceFile) {
            var smallest: Int?
            for line in file.text.split(separator: "\n") {
                if line.first == "\t" {
                    unit = "\t"
                    smallest = nil
                    break
                }
                let spaces = line.prefix { $0 == " " }.count
                let rest = line.dropFirst(spaces)
                // Comment continuations and blank lines say nothing about the step.
                guard spaces > 0, !rest.isEmpty, !rest.hasPrefix("*"), !rest.hasPrefix("//") else { continue }
                smallest = min(smallest ?? spaces, spaces)
            }
            if let smallest, (2...8).contains(smallest) { unit = String(repeating: " ", count: smallest) }

            final class Lists: SyntaxVisitor {
                var withComma = 0, withoutComma = 0
                let file: SourceFile
                init(_ file: SourceFile) {
                    self.file = file
                    super.init(viewMode: .sourceAccurate)
                }
                override func visit(_ node: ArrayExprSyntax) -> SyntaxVisitorContinueKind {
                    if let last = node.elements.last, file.line(of: last) != file.line(of: node.rightSquare) {
                        if last.trailingComma != nil { withComma += 1 } else { withoutComma += 1 }
                    }
                    return .visitChildren
                }
            }
            let lists = Lists(file)
            lists.walk(file.tree)
            trailingCommas = lists.withComma > lists.withoutComma
        }
    }
}
