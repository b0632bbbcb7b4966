import SwiftSyntax

/// What makes a resume happen at most once, or a path impossible, in a continuation's body:
/// - a flag the body sets next to a resume (`didResume = true; c.resume()`), tested before it;
/// - a test-and-set helper (`guard markCompleted() else { return }`) declared in the body, in the
///   file or elsewhere in the module (`onceHelpers`), or an atomic compare-and-exchange;
/// - a helper that runs its closure at most once (`settleOnce { c.resume() }`);
/// - `guard let self` where `self` cannot be gone: the continuation is awaited by a method of
///   `self`, which keeps it alive until the continuation is resumed.
/// An exit behind such a guard is the path where another call already resumed; a resume behind
/// one cannot be a second resume.
struct ResumeGuards {
    /// Variables set right beside a resume: flags saying the continuation was resumed.
    let flags: Set<String>
    /// Functions and closures that return whether this is the first call (test-and-set).
    let oncePredicates: Set<String>
    /// Functions that run the closure they are handed at most once.
    let onceRunners: Set<String>
    /// `self` is alive for as long as the continuation is awaited.
    let selfIsAlive: Bool
    /// The continuation's name in the body.
    let continuation: String

    /// Atomic test-and-set spellings (the Atomics and Synchronization modules, `os_unfair_lock`
    /// wrappers, `OSAtomicCompareAndSwap…`).
    static let atomicTestAndSet = ["compareExchange", "weakCompareExchange", "exchange", "testAndSet",
                                   "OSAtomicCompareAndSwap", "OSAtomicTestAndSet"]

    init(body: ClosureExprSyntax, call: FunctionCallExprSyntax, continuation name: String, file: SourceFile,
         moduleOnceHelpers: Set<String>) {
        var flags: Set<String> = []
        for block in collect(CodeBlockItemListSyntax.self, in: body, within: .declaration) {
            let resumes = block.contains { item in
                !collect(in: item, within: .context) { node in
                    node.as(MemberAccessExprSyntax.self).map {
                        $0.declName.baseName.text == "resume" && $0.base?.trimmedText == name
                    } ?? false
                }.isEmpty
            }
            guard resumes else { continue }
            for item in block { if let target = Self.assignedName(item.item) { flags.insert(target) } }
        }
        self.flags = flags
        var predicates = moduleOnceHelpers
        var runners: Set<String> = []
        // Local closures and functions of the body, then the file's functions.
        for binding in collect(PatternBindingSyntax.self, in: body, within: .declaration) {
            guard let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let closure = binding.initializer?.value.as(ClosureExprSyntax.self) else { continue }
            let returnsBool = binding.typeAnnotation?.type.trimmedText.hasSuffix("Bool") == true
                || closure.signature?.returnClause?.type.trimmedText == "Bool"
            if returnsBool, Self.isTestAndSet(closure) { predicates.insert(local) }
        }
        // The file's functions, local ones included: asked once per file.
        let declared = Self.fileHelpers(file)
        predicates.formUnion(declared.predicates)
        runners.formUnion(declared.runners)
        oncePredicates = predicates
        onceRunners = runners
        selfIsAlive = Self.isAwaitedByMethodOfSelf(call)
        continuation = name
    }

    /// The test-and-set predicates and the once-runners among the functions of `file`.
    private static func fileHelpers(_ file: SourceFile) -> (predicates: Set<String>, runners: Set<String>) {
        file.memo("ResumeGuards.fileHelpers") {
            var predicates: Set<String> = []
            var runners: Set<String> = []
            for function in FileFacts(file).functions.values.joined() {
                guard let functionBody = function.body, isTestAndSet(functionBody) else { continue }
                let closureParameters = function.signature.parameterClause.parameters.filter { $0.type.trimmedText.contains("->") }
                if closureParameters.isEmpty {
                    if function.signature.returnClause?.type.trimmedText == "Bool" { predicates.insert(function.name.text) }
                } else if closureParameters.contains(where: { parameter in
                    !references(to: [(parameter.secondName ?? parameter.firstName).text], in: functionBody, within: .everything).isEmpty
                }) {
                    runners.insert(function.name.text)
                }
            }
            return (predicates, runners)
        }
    }

    /// The functions and methods of a file that return whether this is their first call:
    /// `func resume() -> Bool { lock.lock(); defer { lock.unlock() }; guard !done …; done = true; return true }`.
    static func onceHelpers(in file: SourceFile) -> Set<String> {
        guard file.contains("Bool") else { return [] }
        var names: Set<String> = []
        for (name, functions) in FileFacts(file).functions where functions.contains(where: { function in
            function.signature.returnClause?.type.trimmedText == "Bool"
                && function.signature.parameterClause.parameters.isEmpty
                && function.body.map(isTestAndSet) == true
        }) {
            names.insert(name)
        }
        return names
    }

    /// `x = …`, `self.x = …`: the variable an assignment statement sets.
    private static func assignedName(_ item: CodeBlockItemSyntax.Item) -> String? {
        let sequence = item.as(SequenceExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self)
        guard let elements = sequence.map({ Array($0.elements) }), elements.count == 3,
              elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return Flow.rootName(of: elements[0])
    }

    /// A body that reads a variable in a condition and sets it: `if done { return false }; done = true`,
    /// `let first = !settled; settled = true`.
    static func isTestAndSet(_ body: some SyntaxProtocol) -> Bool {
        let assigned = Set(collect(SequenceExprSyntax.self, in: body, within: .declaration).compactMap { sequence -> String? in
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
            return Flow.rootName(of: elements[0])
        })
        guard !assigned.isEmpty else { return false }
        let tests = collect(in: body, within: .declaration) { node in
            node.is(ConditionElementListSyntax.self) || node.as(InitializerClauseSyntax.self)?.parent?.is(PatternBindingSyntax.self) == true
        }
        return tests.contains { !references(to: assigned, in: $0, within: .declaration).isEmpty }
            || contains(in: body, within: .declaration) { node in
                node.as(DeclReferenceExprSyntax.self).map { atomicTestAndSet.contains($0.baseName.text) } ?? false
            }
    }

    /// A condition that holds only for the first caller: it tests a resume flag, calls a
    /// test-and-set helper or an atomic compare-and-exchange.
    /// `guardsResume`: the branch the condition lets through is an `if` branch that resumes
    /// (`if !received { c.resume() }`); then a flag set beside a resume anywhere counts. An exit
    /// (`guard !done else { return }`) needs the flag tested where it is also set.
    func isOnceCondition(_ conditions: ConditionElementListSyntax, guardsResume: Bool = false) -> Bool {
        // A flag tested where it is also set (test, then set): in the same closure, or in the
        // closures and local functions that closure holds.
        let tested = Set(references(to: flags, in: conditions, within: .declaration).map(\.baseName.text))
        if !tested.isEmpty && guardsResume { return true }
        if !tested.isEmpty, let scope = conditions.nearest(where: { $0.is(ClosureExprSyntax.self) || $0.is(FunctionDeclSyntax.self) }) {
            let setHere = collect(SequenceExprSyntax.self, in: scope, within: .everything).contains { sequence in
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                      let name = Flow.rootName(of: elements[0]), tested.contains(name) else { return false }
                // Not in a callback of its own (a closure below that resumes): that one runs later.
                var node = sequence.parent
                while let current = node, current.id != scope.id {
                    if current.is(ClosureExprSyntax.self), !references(to: [continuation], in: current, within: .declaration).isEmpty {
                        return false
                    }
                    node = current.parent
                }
                return true
            }
            if setHere { return true }
        }
        return collect(FunctionCallExprSyntax.self, in: conditions, within: .declaration).contains { call in
            guard let callee = call.calleeName else { return false }
            return oncePredicates.contains(callee) || Self.atomicTestAndSet.contains { callee.hasPrefix($0) }
        }
    }

    /// `let self`, `let strongSelf = self`, `self != nil`, when `self` is alive anyway.
    func bindsLiveSelf(_ conditions: ConditionElementListSyntax) -> Bool {
        guard selfIsAlive, !conditions.isEmpty else { return false }
        return conditions.allSatisfy { element in
            if let binding = element.condition.as(OptionalBindingConditionSyntax.self) {
                let value = binding.initializer?.value.trimmedText ?? binding.pattern.trimmedText
                return value == "self"
            }
            let text = element.condition.trimmedText.filter { !$0.isWhitespace }
            return text == "self!=nil"
        }
    }

    /// Whether a resume at `node` (inside `body`) runs only behind a once-guard: in the branch of
    /// an `if` whose condition is one, after a `guard` (or `if … { return }`) that is one, or in
    /// a closure handed to a once-runner.
    func isGuarded(_ node: some SyntaxProtocol, in body: ClosureExprSyntax) -> Bool {
        var child = Syntax(node)
        var current = node.parent
        while let candidate = current, candidate.id != body.id {
            if let branch = candidate.as(IfExprSyntax.self), branch.body.id == child.id,
               isOnceCondition(branch.conditions, guardsResume: true) {
                return true
            }
            if let closure = candidate.as(ClosureExprSyntax.self), let callee = closure.invocation?.call.calleeName,
               onceRunners.contains(callee) {
                return true
            }
            if let list = candidate.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    if item.id == child.id { break }
                    if let guardStatement = item.item.as(GuardStmtSyntax.self), isOnceCondition(guardStatement.conditions) {
                        return true
                    }
                    let branch = item.item.as(IfExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
                    if let branch, branch.elseBody == nil, isOnceCondition(branch.conditions),
                       branch.body.statements.last?.item.is(ReturnStmtSyntax.self) == true {
                        return true
                    }
                }
            }
            child = candidate
            current = candidate.parent
        }
        return false
    }

    /// The continuation call is made directly by an instance method (or initializer) of a type:
    /// the caller awaiting it holds `self` until it is resumed.
    private static func isAwaitedByMethodOfSelf(_ call: FunctionCallExprSyntax) -> Bool {
        guard let context = call.nearest(where: \.isContextBoundary) else { return false }
        let declaration: Syntax?
        if context.is(FunctionDeclSyntax.self) || context.is(InitializerDeclSyntax.self) {
            declaration = context
        } else if context.is(AccessorBlockSyntax.self) {
            declaration = context.nearest(VariableDeclSyntax.self).map(Syntax.init)
        } else {
            return false
        }
        guard let declaration, declaration.parent?.is(MemberBlockItemSyntax.self) == true else { return false }
        let modifiers = declaration.asProtocol((any WithModifiersSyntax).self)?.modifiers
        return !(modifiers?.contains { ["static", "class"].contains($0.name.text) } ?? false)
    }
}
