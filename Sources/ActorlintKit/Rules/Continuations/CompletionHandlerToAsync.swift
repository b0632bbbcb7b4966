import SwiftSyntax

/// A function that reports its result through an escaping completion handler and has no
/// `async` variant.
struct CompletionHandlerToAsync: Rule {
    static let description = RuleDescription(
        id: "completion-handler-to-async",
        category: .continuations,
        set: .modernize,
        summary: "A function whose last parameter is an escaping completion handler and that has no `async` variant",
        rationale: """
            With a completion handler, calling it exactly once on every path is the author's \
            job and the compiler does not check it; errors travel in a `Result` or an optional \
            `Error` beside `throws`; and callers nest one closure per step. An `async` function \
            must return or throw, so "the handler was never called" cannot happen, and callers \
            read top to bottom. When the callback API cannot be rewritten yet, an `async` \
            overload built on a checked continuation lets callers move to `await` now. \
            The rule looks at functions whose last parameter is an escaping (or optional) \
            closure returning `Void` and named for the end of the work (`completion`, \
            `completionHandler`, `reply`, `result`, `done`, `finished`, `handler`, `callback`…). \
            It leaves alone handlers named for events (`dismissalCallback`, `openURLAction`) or \
            called repeatedly by design (progress, updates, observers, `on…`/`observe…`/`subscribe…` \
            functions); handlers the function stores for later, passes on unchanged, or calls \
            only before it returns; optional "done" signals with a default value that carry no \
            result; functions that return something else, that already bridge an `async` API \
            through a `Task`, that are local to another function, or that form a dispatch table \
            of same-shaped message handlers; shapes the function cannot change (protocol \
            witnesses, delegate callbacks, `@objc` methods, framework protocols such as \
            WidgetKit's `TimelineProvider`); test sources and test doubles; and functions that \
            already have an `async` overload in the same type. \
            (SE-0296, SE-0300)
            """,
        fix: FixInfo(.unsafe, """
            Inserts after the function an `async` overload without the handler parameter that \
            calls the original inside `withCheckedContinuation` (or \
            `withCheckedThrowingContinuation` when the handler takes a `Result` or a trailing \
            optional `Error`) and resumes exactly once. Unsafe: it adds API, and it assumes the \
            original calls its handler exactly once.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    /// Handler names that say "called many times".
    static let repeatedHandlerWords = ["progress", "update", "change", "event", "each", "receive", "observer",
                                       "listener", "subscriber", "stream", "tick", "chunk", "partial", "element"]
    /// Parameter names for the work a function runs, not for its completion.
    static let workNames = ["block", "body", "work", "action", "operation", "task", "execute", "closure",
                            "animations", "content", "job", "perform", "run", "handlerBlock"]
    /// Function names that register a handler rather than finish one operation.
    static let registrationPrefixes: Set<String> = ["on", "observe", "subscribe", "register", "listen", "watch"]
    static let registrationWords = ["Observ", "Listen", "Subscri", "Monitor", "Updat", "Watch", "Handler", "Callback"]

    /// Words in a handler's name that say "the operation's result": a handler named for an
    /// event (`dismissalCallback`, `openURLAction`, `onSeek`, `expirationHandler`) is not one.
    static let completionWords = ["complet", "finish", "done", "reply", "result", "response", "success", "failure"]
    static let completionNames: Set<String> = ["handler", "callback", "cb", "then"]

    /// A handler is `@escaping`, or an optional closure returning `Void` or `()`.
    static let triggers = ["escaping", "Void", "-> ()", "->()"]

    func violations(in context: RuleContext) -> [Violation] {
        let functions = context.file.shared(FunctionDeclSyntax.self)
        return functions.compactMap { function in
            // Tests and test doubles mirror the shapes they test; an async twin there helps nobody.
            guard !TestCode.contains(function, in: context.file), let handler = completionHandler(of: function),
                  !hasAsyncOverload(function, among: functions),
                  !isFixedShape(function, context), !bridgesAsyncCode(function, handler),
                  !forwardsHandler(function, handler), !completesSynchronously(function, handler),
                  !isDispatchTableEntry(function, among: functions) else {
                return nil
            }
            let message = "`\(signatureName(function))` reports its result through an escaping callback: nothing " +
                "checks that every path calls it exactly once, errors travel beside `throws` instead of through it, " +
                "and callers nest one closure per step. An `async` variant built on a checked continuation lets " +
                "callers write `\(handler.throwing ? "try " : "")await \(function.name.text)(…)` and move over step by " +
                "step (SE-0296, SE-0300)."
            return context.violation(message, at: function.name, fix: fix(function, handler, context))
        }
    }

    /// The handler parameter and what it says about the result.
    struct Handler {
        let parameter: FunctionParameterSyntax
        let closure: FunctionTypeSyntax
        /// Its result is a `Result` or ends with an optional error.
        var throwing: Bool
    }

    private func completionHandler(of function: FunctionDeclSyntax) -> Handler? {
        guard function.body != nil, let last = function.signature.parameterClause.parameters.last,
              function.signature.effectSpecifiers?.asyncSpecifier == nil,
              !function.modifiers.contains(where: { $0.name.text == "override" }),
              let closure = escapingClosureType(last.type), returnsVoid(closure),
              // `@AddAsync` and similar peer macros generate the async variant.
              !function.attributes.contains(where: {
                  $0.as(AttributeSyntax.self)?.attributeName.trimmedText.contains("Async") == true
              }) else { return nil }
        // `-> UIAlertAction?`, `-> some View`: the function's result is something else; the closure
        // is for an event that comes later, if ever.
        if let result = function.signature.returnClause?.type.trimmedText, !["Void", "()"].contains(result) {
            return nil
        }
        // A local function is part of its enclosing function's implementation, not API.
        if function.nearest(orSelf: true, where: { $0.id != Syntax(function).id && $0.is(CodeBlockSyntax.self) }) != nil {
            return nil
        }
        let name = (last.secondName ?? last.firstName).text
        let lowered = name.lowercased()
        // The argument label is what callers read (`andMigrate handler:`); without one, the name.
        let word = last.firstName.tokenKind == .wildcard ? lowered : last.firstName.text.lowercased()
        if !Self.completionNames.contains(word) && !Self.completionWords.contains(where: { word.contains($0) }) {
            return nil
        }
        if Self.repeatedHandlerWords.contains(where: { lowered.contains($0) }) { return nil }
        if Self.workNames.contains(where: { lowered == $0.lowercased() }) { return nil }
        let functionName = function.name.text
        if Self.registrationPrefixes.contains(functionName.firstCamelCaseWord)
            || Self.registrationWords.contains(where: { functionName.contains($0) }) { return nil }
        if storesHandler(name, in: function) { return nil }
        let types = closure.parameters.map(\.type)
        // `completion: (() -> Void)? = nil`, `onComplete: (Error?) -> Void = { _ in }`: an optional
        // "done" signal that carries no result; most callers fire and forget.
        if last.defaultValue != nil && (types.isEmpty || types.count == 1 && isOptionalError(types[0])) { return nil }
        let throwing = types.count == 1 && isResult(types[0]) || types.last.map(isOptionalError) == true
        return Handler(parameter: last, closure: closure, throwing: throwing)
    }

    /// A shape the function cannot change: a protocol witness (a requirement of a protocol the
    /// type adopts in this module, or any method of an extension that adds a conformance), a
    /// delegate callback (`webView(_ webView: WKWebView, …)`), or an `@objc` or `@IBAction` method.
    private func isFixedShape(_ function: FunctionDeclSyntax, _ context: RuleContext) -> Bool {
        if function.attributes.contains(where: {
            ["objc", "IBAction", "IBSegueAction"].contains($0.as(AttributeSyntax.self)?.attributeName.trimmedText ?? "")
        }) { return true }
        if let first = function.signature.parameterClause.parameters.first, first.firstName.tokenKind == .wildcard {
            let typeName = first.type.trimmedText.filter { $0.isLetter || $0.isNumber }.lowercased()
            if typeName.hasSuffix(function.name.text.lowercased()) { return true }
        }
        var current = function.parent
        while let node = current {
            if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
                if extensionDecl.inheritanceClause != nil { return true }
                return witnessesProjectProtocol(function, typeName: extensionDecl.extendedType.trimmedText,
                                                inherited: [], context)
            }
            if let group = node.asProtocol((any DeclGroupSyntax).self), let named = node.asProtocol(NamedDeclSyntax.self) {
                let inherited = group.inheritanceClause?.inheritedTypes.map { $0.type.trimmedText } ?? []
                return witnessesProjectProtocol(function, typeName: named.name.text, inherited: inherited, context)
            }
            current = node.parent
        }
        return false
    }

    private func witnessesProjectProtocol(_ function: FunctionDeclSyntax, typeName: String, inherited: [String],
                                          _ context: RuleContext) -> Bool {
        let index = context.isolation.index
        let adopted = inherited + (index.type(named: typeName)?.inherited ?? [])
        return adopted.contains { name in
            if Catalogue.callbackProtocols[name]?.requirements.contains(function.name.text) == true { return true }
            return index.type(named: name).map { $0.kind == .protocol && $0.requirements.contains(function.name.text) } ?? false
        }
    }

    /// `Task { … try await account.rename(…); completion(.success(())) }`: the function already
    /// bridges an `async` API to callback callers; they should await that API instead.
    private func bridgesAsyncCode(_ function: FunctionDeclSyntax, _ handler: Handler) -> Bool {
        guard let body = function.body else { return false }
        let name = (handler.parameter.secondName ?? handler.parameter.firstName).text
        return collect(FunctionCallExprSyntax.self, in: body, within: .everything).contains { call in
            guard let task = TaskCreation(call) else { return false }
            return task.body.statements.containsAwait && !references(to: [name], in: task.body, within: .declaration).isEmpty
        }
    }

    /// `hostWindow.beginSheet(window, completionHandler: completion)`: the handler is passed on
    /// as it is, so the function it goes to is the one to give an `async` variant.
    private func forwardsHandler(_ function: FunctionDeclSyntax, _ handler: Handler) -> Bool {
        guard let body = function.body else { return false }
        let name = (handler.parameter.secondName ?? handler.parameter.firstName).text
        let uses = references(to: [name], in: body, within: .declaration)
        return !uses.isEmpty && uses.allSatisfy { reference in
            reference.parent?.is(LabeledExprSyntax.self) == true
        }
    }

    /// `completion(.allow)` only in the function's own body, never in a closure: the function
    /// finishes before it returns, so there is nothing to await (a null object, a synchronous
    /// answer in a callback shape). Passing the handler on counts as synchronous too.
    private func completesSynchronously(_ function: FunctionDeclSyntax, _ handler: Handler) -> Bool {
        guard let body = function.body else { return false }
        let name = (handler.parameter.secondName ?? handler.parameter.firstName).text
        // Nested functions and closures included: `func finish() { completion(x) }` inside the body.
        let uses = references(to: [name], in: body, within: .everything)
        let direct = references(to: [name], in: body, within: .context)
        // Never called at all (an empty stub) is the same: nothing happens later.
        return uses.count == direct.count
    }

    /// `handleInit(message:replyHandler:)`, `handleEval(message:replyHandler:)`…: three or more
    /// methods of one type with the same parameters form a dispatch table that something else
    /// calls by message; none of them is awaited by a caller.
    private func isDispatchTableEntry(_ function: FunctionDeclSyntax, among functions: [FunctionDeclSyntax]) -> Bool {
        let shape = parameterShape(function)
        let owner = ownerName(of: function)
        return functions.count { other in
            other.name.text != function.name.text && ownerName(of: other) == owner && parameterShape(other) == shape
        } >= 2
    }

    private func parameterShape(_ function: FunctionDeclSyntax) -> [String] {
        function.signature.parameterClause.parameters.map { parameter in
            parameter.firstName.text + ":" + parameter.type.trimmedText.filter { !$0.isWhitespace }
        }
    }

    /// `@escaping (…) -> Void`, or an optional closure (always escaping).
    func escapingClosureType(_ type: TypeSyntax) -> FunctionTypeSyntax? {
        if let attributed = type.as(AttributedTypeSyntax.self) {
            let escaping = attributed.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "escaping"
            }
            return escaping ? attributed.baseType.as(FunctionTypeSyntax.self) : nil
        }
        if let optional = type.as(OptionalTypeSyntax.self) {
            var wrapped = optional.wrappedType
            while let tuple = wrapped.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                wrapped = only.type
            }
            if let attributed = wrapped.as(AttributedTypeSyntax.self) { wrapped = attributed.baseType }
            return wrapped.as(FunctionTypeSyntax.self)
        }
        return nil
    }

    func returnsVoid(_ closure: FunctionTypeSyntax) -> Bool {
        let result = closure.returnClause.type.trimmedText
        return result == "Void" || result == "()"
    }

    /// `Result<T, E>` or `Swift.Result<T, E>`.
    func isResult(_ type: TypeSyntax) -> Bool {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.text == "Result" && identifier.genericArgumentClause?.arguments.count == 2
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return member.name.text == "Result" && member.genericArgumentClause?.arguments.count == 2
        }
        return false
    }

    /// `Error?`, `(any Error)?`, `NSError?`, `APIError?`.
    func isOptionalError(_ type: TypeSyntax) -> Bool {
        guard let optional = type.as(OptionalTypeSyntax.self) else { return false }
        let wrapped = optional.wrappedType.trimmedText.filter { $0 != "(" && $0 != ")" }
        return wrapped.hasSuffix("Error")
    }

    /// `self.action = handler`, `handlers.append(handler)`, or called from a closure that is
    /// stored (`pipe.readabilityHandler = { … handler(chunk) }`): kept to be called later, maybe often.
    private func storesHandler(_ name: String, in function: FunctionDeclSyntax) -> Bool {
        guard let body = function.body else { return false }
        return references(to: [name], in: body, within: .declaration).contains { reference in
            if let closure = reference.nearest(ClosureExprSyntax.self), isAssigned(Syntax(closure)) { return true }
            if let argument = reference.parent?.as(LabeledExprSyntax.self),
               let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
               ["append", "insert", "updateValue"].contains(call.calleeName ?? "") {
                return true
            }
            return isAssigned(Syntax(reference))
        }
    }

    /// Whether `node` is the right-hand side of an assignment.
    private func isAssigned(_ node: Syntax) -> Bool {
        guard let elements = node.parent?.as(ExprListSyntax.self),
              let index = elements.firstIndex(where: { $0.id == node.id }), index != elements.startIndex else {
            return false
        }
        return elements[elements.index(before: index)].is(AssignmentExprSyntax.self)
    }

    private func hasAsyncOverload(_ function: FunctionDeclSyntax, among functions: [FunctionDeclSyntax]) -> Bool {
        let owner = ownerName(of: function)
        return functions.contains { other in
            other.name.text == function.name.text && other.signature.effectSpecifiers?.asyncSpecifier != nil
                && ownerName(of: other) == owner
        }
    }

    /// The type a function belongs to (its declaration or an extension of it), "" at top level.
    func ownerName(of function: FunctionDeclSyntax) -> String {
        var current = function.parent
        while let node = current {
            if let type = node.asProtocol(NamedDeclSyntax.self), !node.is(FunctionDeclSyntax.self) { return type.name.text }
            if let extensionDecl = node.as(ExtensionDeclSyntax.self) { return extensionDecl.extendedType.trimmedText }
            current = node.parent
        }
        return ""
    }

    func signatureName(_ function: FunctionDeclSyntax) -> String {
        let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
        return "\(function.name.text)(\(labels))"
    }
}
