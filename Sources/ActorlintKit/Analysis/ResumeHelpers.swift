import SwiftSyntax

/// Functions of a module that tell the resume-path analysis (`ResumePaths`) how a continuation's
/// callbacks run: those that return whether this is their first call (`ResumeGuards`), and
/// those that hand the closure they take to something that calls it again and again.
struct ResumeHelpers: Sendable, Equatable {
    /// `func claim() -> Bool` that tests and sets a flag.
    var once: Set<String> = []
    /// `func observeState(_ handler: …)` that passes `handler` to a repeating API, keeps it in a
    /// list of observers, or calls it in a loop.
    var repeating: Set<String> = []

    mutating func formUnion(_ other: ResumeHelpers) {
        once.formUnion(other.once)
        repeating.formUnion(other.repeating)
    }

    /// The helpers a file declares.
    init(_ file: SourceFile) {
        once = ResumeGuards.onceHelpers(in: file)
        repeating = Self.repeatingFunctions(in: file)
    }

    init(once: Set<String> = [], repeating: Set<String> = []) {
        self.once = once
        self.repeating = repeating
    }

    /// Functions, and types by their initializers, whose closure parameter is handed to a
    /// repeating API (`CallbackCatalogue`), kept in a property (itself or in a closure stored
    /// there: the type may call it any number of times), appended to a collection or stored
    /// under a key, or called inside a loop.
    static func repeatingFunctions(in file: SourceFile) -> Set<String> {
        guard file.contains("->") else { return [] }
        var names: Set<String> = []
        for (name, functions) in FileFacts(file).functions {
            for function in functions where keepsHandler(function.signature, function.body) { names.insert(name) }
        }
        for initializer in file.shared(InitializerDeclSyntax.self) where keepsHandler(initializer.signature, initializer.body) {
            if let type = initializer.enclosingTypeName { names.insert(type) }
        }
        return names
    }

    private static func keepsHandler(_ signature: FunctionSignatureSyntax, _ body: CodeBlockSyntax?) -> Bool {
        guard let body else { return false }
        let closures = signature.parameterClause.parameters
            .filter { $0.type.trimmedText.contains("->") }.map { ($0.secondName ?? $0.firstName).text }
        return closures.contains { repeats($0, in: body) }
    }

    private static func repeats(_ parameter: String, in body: CodeBlockSyntax) -> Bool {
        references(to: [parameter], in: body, within: .everything).contains { reference in
            var node = Syntax(reference)
            while let parent = node.parent, parent.id != body.id {
                // `connection.stateUpdateHandler = handler`, `observers[id] = handler`,
                // `self.callback = handler`, `self.callback = { handler(…) }`.
                if let expression = node.as(ExprSyntax.self), let target = assignmentTarget(of: expression) {
                    if let member = target.as(MemberAccessExprSyntax.self),
                       CallbackCatalogue.repeating.contains(member.declName.baseName.text)
                        || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return true }
                    if target.is(SubscriptCallExprSyntax.self) { return true }
                }
                if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id != node.id {
                    // `observers.append(handler)`, `monitor.addObserver(using: handler)`,
                    // `source.setEventHandler { handler(…) }`.
                    if call.calleeName == "append" || call.calleeName == "insert" { return true }
                    if CallbackCatalogue.isRepeating(call: call, label: nil, property: nil) { return true }
                }
                if Flow.isLoop(parent), reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id {
                    return true
                }
                node = parent
            }
            return false
        }
    }
}
