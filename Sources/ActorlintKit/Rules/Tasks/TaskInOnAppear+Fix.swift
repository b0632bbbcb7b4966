import Foundation
import SwiftSyntax

/// The fix of `TaskInOnAppear`: `.onAppear { Task(priority:) { body } }` → `.task(priority:) {
/// body }`, with the comments that were around the task, a throwing body inside `do { } catch
/// {}`, and a result the file shows is not discardable dropped with `_ =`.
extension TaskInOnAppear {
    static func taskModifierFix(_ modifier: FunctionCallExprSyntax, task: TaskCreation, _ context: RuleContext) -> Fix? {
        let call = task.call, body = task.body
        guard let closure = modifier.trailingClosure, modifier.arguments.isEmpty, modifier.additionalTrailingClosures.isEmpty,
              let member = modifier.calledExpression.as(MemberAccessExprSyntax.self),
              closure.statements.count == 1, closure.statements.first?.item.id == call.id,
              call.trailingClosure?.id == body.id, call.additionalTrailingClosures.isEmpty,
              call.arguments.allSatisfy({ $0.label?.text == "priority" }) else { return nil }
        // `.task`'s action takes nothing, returns nothing and cannot throw: only a capture list
        // or attributes may stand before `in`, and no `return` may hand back a value.
        if let signature = body.signature,
           signature.parameterClause != nil || signature.effectSpecifiers != nil || signature.returnClause != nil { return nil }
        if contains(in: body.statements, within: .context, where: { $0.as(ReturnStmtSyntax.self)?.expression != nil }) { return nil }
        let arguments = call.leftParen == nil ? "" : "(\(call.arguments.trimmedText))"
        // Comments in the `.onAppear` closure but outside the task's body move into the new body.
        let outside = closure.tokens(viewMode: .sourceAccurate).filter { !$0.isInside(body) }.flatMap { token in
            (token.leadingTrivia + token.trailingTrivia).filter(\.isComment).map(\.commentText)
        }
        let throwing = body.throwsOutOfBody
        // `Task { await f() }` returns what `f` returns; `.task`'s action returns nothing, so a
        // result this file shows is not discardable would draw an unused-result warning.
        let discarding = returnsUndiscardableResult(body, FileFacts(context.file))
        let text: String
        if !throwing && !discarding && outside.isEmpty {
            text = reindent(body, removing: call.lineIndentation, adding: member.period.lineIndentation)
        } else {
            // Multi-line string literals keep their lines' indentation: not rewritten here.
            guard !body.statements.trimmedText.contains("\"\"\"") else { return nil }
            text = rebuilt(body, comments: outside, throwing: throwing, discarding: discarding,
                           indentation: member.period.lineIndentation, context)
        }
        let edit = TextEdit(start: member.declName.positionAfterSkippingLeadingTrivia.utf8Offset,
                            end: modifier.endPositionBeforeTrailingTrivia.utf8Offset,
                            replacement: "task\(arguments) \(text)")
        let title = throwing ? "Replace with `.task { }`, ignoring the errors the task ignored" : "Replace with `.task { }`"
        return Fix(title: title, safety: .unsafe, edits: [edit])
    }

    /// The body is one expression: a call of a function this file declares with a result and
    /// without `@discardableResult`.
    private static func returnsUndiscardableResult(_ body: ClosureExprSyntax, _ facts: FileFacts) -> Bool {
        guard body.statements.count == 1, let expression = body.statements.first?.item.as(ExprSyntax.self)?.peeled(),
              let name = expression.as(FunctionCallExprSyntax.self)?.calleeName,
              let functions = facts.functions[name], !functions.isEmpty else { return false }
        return functions.allSatisfy { function in
            function.signature.returnClause != nil && !function.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "discardableResult"
            }
        }
    }

    /// The task's closure as the new action: its signature, the moved comments, and its
    /// statements (with their own comments), inside `do { } catch {}` when they can throw.
    private static func rebuilt(_ body: ClosureExprSyntax, comments: [String], throwing: Bool, discarding: Bool,
                                indentation: String, _ context: RuleContext) -> String {
        let unit = context.file.indentUnit
        let inner = indentation + unit
        let bytes = Array(context.file.text.utf8)
        let start = (body.signature?.endPositionBeforeTrailingTrivia ?? body.leftBrace.endPositionBeforeTrailingTrivia).utf8Offset
        let end = body.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
        var text = String(decoding: bytes[start..<end], as: UTF8.self)
        if discarding, let first = body.statements.first {
            // `_ = ` where the one statement starts (comments before it stay before it).
            let offset = first.positionAfterSkippingLeadingTrivia.utf8Offset
            text = String(decoding: bytes[start..<offset], as: UTF8.self) + "_ = " + String(decoding: bytes[offset..<end], as: UTF8.self)
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let old = body.statements.first.map { $0.leadingTrivia.contains(where: \.isNewline) ? $0.lineIndentation : "" } ?? ""
        let statementIndentation = throwing ? inner + unit : inner
        let statements = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard !line.allSatisfy(\.isWhitespace) else { return "" }
            return statementIndentation + (line.hasPrefix(old) ? String(line.dropFirst(old.count)) : String(line))
        }
        var lines = comments.map { inner + $0 }
        lines += throwing ? [inner + "do {"] + statements + [inner + "} catch {}"] : statements
        let signature = body.signature.map { " " + $0.trimmedText } ?? ""
        return "{\(signature)\n" + lines.joined(separator: "\n") + "\n\(indentation)}"
    }
}
