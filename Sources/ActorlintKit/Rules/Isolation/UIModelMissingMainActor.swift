import SwiftSyntax

/// An `ObservableObject` or `@Observable` class holding UI state that is not main-actor isolated.
struct UIModelMissingMainActor: Rule {
    static let triggers = UIModel.triggers

    static let description = RuleDescription(
        id: "ui-model-missing-main-actor",
        category: .isolation, set: .preview,
        summary: "`ObservableObject` or `@Observable` class holding UI state that is not `@MainActor`",
        rationale: """
            A model whose state a SwiftUI view reads must only change on the main actor. \
            Without `@MainActor` nothing stops an async method or a callback from changing it \
            elsewhere: the compiler cannot help, and SwiftUI reports "Publishing changes from \
            background threads" at run time, or the view reads torn state. With `@MainActor` on \
            the type the compiler enforces the rule, and assignments after an `await` are safe \
            by construction. (SE-0316)
            """,
        fix: FixInfo(.unsafe, """
            Adds `@MainActor` to the class. Its members then run on the main actor: callers off \
            the main actor must `await` them, which the compiler will point out.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    /// The attribute goes on its own line before the declaration; that is only the type's
    /// attribute if the declaration starts a line. In broken code a modifier the parser left
    /// outside it (`final` in unexpected text) can stand before it on the same line, and each
    /// fix would add another attribute after that modifier.
    private static func startsALine(_ decl: some SyntaxProtocol) -> Bool {
        guard let previous = decl.previousToken(viewMode: .sourceAccurate) else { return true }
        return decl.leadingTrivia.contains(where: \.isNewline) || previous.trailingTrivia.contains(where: \.isNewline)
    }

    func violations(in context: RuleContext) -> [Violation] {
        UIModel.all(in: context.file).compactMap { model in
            let here = context.isolation.isolation(of: ExecutionContext(kind: .typeDeclaration, node: Syntax(model.decl)))
            guard here.isolation == .nonisolated else { return nil }
            if model.decl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) }) { return nil }
            let name = model.decl.name.text
            let state = model.stateProperties.keys.sorted().prefix(3).map { "`\($0)`" }.joined(separator: ", ")
            let insertion = model.decl.positionAfterSkippingLeadingTrivia.utf8Offset
            let fix = !Self.startsALine(model.decl) ? nil : Fix(title: "Add `@MainActor`", safety: .unsafe, edits: [
                TextEdit(start: insertion, end: insertion, replacement: "@MainActor\n" + model.decl.lineIndentation),
            ])
            return context.violation(
                "`\(name)` is \(model.kind) whose state (\(state)) views read on the main actor, but it is not main-actor isolated, " +
                "so its async methods and callbacks can change that state off the main actor; mark it `@MainActor` " +
                "and the compiler keeps every change on the main actor.",
                at: model.decl.name, fix: fix)
        }
    }
}
