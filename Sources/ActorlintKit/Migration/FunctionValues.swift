import SwiftSyntax

/// Functions used as values: `.custom(customCompletion)` hands `customCompletion` to an API that
/// may call it from any thread (a `@Sendable` function parameter). Under default isolation
/// MainActor (SE-0466) the function becomes main-actor code, and swiftc rejects the conversion
/// ("converting function value … loses global actor 'MainActor'"). `nonisolated` keeps it as it
/// is today, when its body uses nothing that becomes main-actor code.
enum FunctionValues {
    /// Names of the file's references to functions as values, as arguments (not called), with
    /// where: "passed to `.custom(…)` (Math.swift:240)".
    static func references(in file: SourceFile) -> [String: String] {
        var found: [String: String] = [:]
        for call in file.functionCalls {
            for argument in call.arguments {
                guard let reference = argument.expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
                      case .identifier(let name) = reference.baseName.tokenKind, name.first?.isLowercase == true,
                      found[name] == nil else { continue }
                let fileName = file.path.split(separator: "/").last.map(String.init) ?? file.path
                found[name] = "passed to `\(call.calleeLabel)(…)` (\(fileName):\(file.line(of: argument)))"
            }
        }
        return found
    }

    /// `nonisolated ` before the function's modifiers and `func`, after its attributes.
    static func nonisolatedEdit(on function: FunctionDeclSyntax) -> TextEdit? {
        guard !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) }) else { return nil }
        let token = function.modifiers.first?.firstToken(viewMode: .sourceAccurate) ?? function.funcKeyword
        let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset
        return TextEdit(start: offset, end: offset, replacement: "nonisolated ")
    }

    /// Marks a synchronous function that moves onto the main actor `nonisolated` when it is used
    /// as a function value somewhere in the run, or leaves it to a person when its body uses
    /// main-actor code.
    static func decide(_ move: inout MovedCode, values: [String: String]) {
        guard move.decision == nil, let name = move.functionName, let place = values[name], let edit = move.nonisolatedEdit else { return }
        if let use = move.mainActorUse {
            move.decision = Decision(action: .review, reason: "it is \(place), which may call it off the main actor, but it uses \(use), "
                + "which becomes main-actor code: `nonisolated` would not compile there", evidence: [place])
            return
        }
        move.edit = edit
        move.decision = Decision(action: .markNonisolated, reason: "it is \(place), which may call it off the main actor (a "
            + "`@Sendable` function value); `nonisolated` keeps it callable there, as it is today (SE-0466)", evidence: [place])
    }
}
