import SwiftSyntax

/// What the migration changes in one file: the code whose isolation moves, what the plan does
/// with each async function that moves onto an actor, the types and globals that become
/// main-actor isolated, and what other files need to decide (call sites, uses off the main
/// actor). Asks the isolation model twice, with the module's settings now and with the proposed
/// ones (`SettingsProposal`), as `explain` does.
struct FileMigration: Sendable {
    var path: String
    var moduleKey: String
    var moves: [MovedCode] = []
    var types: [MovedType] = []
    /// `nonisolated ` insertion offsets of extensions in this file, by extended type name.
    var extensions: [String: [Int]] = [:]
    var globals: [MovedGlobal] = []
    /// Names (types, globals) used by code that runs off the main actor after the change: where.
    var offMainUses: [String: String] = [:]
    /// Awaited calls by callee name, by where their caller runs after the change.
    var callers: [String: CallerTally] = [:]
    /// Functions referred to as values (`.custom(customCompletion)`), by name: where.
    var functionValues: [String: String] = [:]
    /// What `swift package migrate --to-feature NonisolatedNonsendingByDefault` would mark
    /// `@concurrent` here: nonisolated async functions and closures, and async function types.
    var blanket = 0
    /// The findings of the rules under the proposed settings.
    var findingsAfter: [Finding] = []

    struct CallerTally: Sendable, Equatable {
        /// Callers on the main actor, on their caller's actor, or where actorlint cannot tell.
        var mayBeOnMain = 0
        var offMain = 0
    }

    init(path: String, moduleKey: String) {
        self.path = path
        self.moduleKey = moduleKey
    }

    /// `guarded`: the compiler may predate Swift 6.2, so `@concurrent` goes inside `#if compiler(>=6.2)`.
    static func analyse(_ file: SourceFile, proposal: SettingsProposal, index: ProjectIndex, linter: Linter,
                        guarded: Bool) -> FileMigration {
        var result = FileMigration(path: file.path, moduleKey: proposal.module.key)
        guard proposal.changes else { return result }
        result.findingsAfter = LintProfile.measure(linter.profile, "plan: rules with the proposed settings") {
            linter.analyse(file, module: proposal.proposed, index: index, indexes: [:]).findings
        }
        let analysis = MigrationWalk(file: file, proposal: proposal, index: index, guarded: guarded)
        LintProfile.measure(linter.profile, "plan: moves and decisions") { analysis.run(into: &result) }
        return result
    }
}

/// One file's walk. The contexts are gathered once; each is asked its isolation now and after.
final class MigrationWalk {
    let file: SourceFile
    let proposal: SettingsProposal
    let now: IsolationModel
    let after: IsolationModel
    /// With the feature alone, for the blanket migration's count.
    let featureOnly: IsolationModel?
    let guarded: Bool
    let edits: EditBuilder

    init(file: SourceFile, proposal: SettingsProposal, index: ProjectIndex, guarded: Bool) {
        self.file = file
        self.proposal = proposal
        self.guarded = guarded
        now = IsolationModel(file: file, module: proposal.module, index: index)
        after = IsolationModel(file: file, module: proposal.proposed, index: index)
        var alone = proposal.module
        alone.features.insert(ModuleSettings.nonisolatedNonsendingByDefault)
        featureOnly = !proposal.addsFeature ? nil : proposal.addsMainActor ? IsolationModel(file: file, module: alone, index: index) : after
        edits = EditBuilder(file)
    }

    func run(into result: inout FileMigration) {
        let walk = ContextWalk(allContexts: proposal.addsMainActor)
        walk.walk(file.tree)
        for context in walk.contexts {
            let before = now.isolation(of: context), later = after.isolation(of: context)
            countBlanket(context, before: before, into: &result)
            if context.kind == .variableInitializer {
                global(context, before: before, later: later, into: &result)
                continue
            }
            guard before.isolation != later.isolation, !inheritsMove(context, before: before, later: later) else { continue }
            var moved = MovedCode(path: file.path, line: file.line(of: context.node!), name: context.summary,
                                  owner: owner(of: context.node!), from: before.isolation.jsonValue, to: later.isolation.jsonValue,
                                  isAsync: context.isAsync, because: later.briefSentence(for: context.summary))
            moved.functionName = context.node?.as(FunctionDeclSyntax.self)?.name.text
            moved.isVisibleOutside = isVisibleOutside(context.node!)
            if moved.isAsync, later.isolation == .caller || later.isolation == .mainActor {
                decide(&moved, context: context, later: later.isolation)
            } else if !moved.isAsync, later.isolation == .mainActor, let function = context.node?.as(FunctionDeclSyntax.self) {
                moved.nonisolatedEdit = FunctionValues.nonisolatedEdit(on: function)
                moved.mainActorUse = function.body.flatMap { MainActorReach.firstUse(in: Syntax($0), of: Syntax(function)) }
            }
            result.moves.append(moved)
        }
        iteratorClosures(walk.contexts, into: &result)
        result.blanket += walk.asyncFunctionTypes
        if proposal.addsMainActor {
            result.functionValues = FunctionValues.references(in: file)
            types(walk, into: &result)
            offMainUses(walk.contexts, planned: result.moves, into: &result)
        }
        callers(into: &result)
    }

    /// A closure that only inherits its context's move is part of that move, not one of its own.
    private func inheritsMove(_ context: ExecutionContext, before: IsolationResult, later: IsolationResult) -> Bool {
        guard context.kind == .closure || context.kind == .accessor && context.node?.is(AccessorBlockSyntax.self) == true,
              let parent = context.parent, parent.node != nil else { return false }
        return now.isolation(of: parent).isolation == before.isolation && after.isolation(of: parent).isolation == later.isolation
    }

    private func countBlanket(_ context: ExecutionContext, before: IsolationResult, into result: inout FileMigration) {
        guard let featureOnly, before.isolation == .concurrent, context.kind != .variableInitializer,
              featureOnly.isolation(of: context).isolation == .caller else { return }
        // A synchronous closure (`filter`'s) only shares its function's executor; a task's body is
        // `@isolated(any)`, which the feature does not change.
        if let closure = context.node?.as(ClosureExprSyntax.self), !closure.isAsync || TaskCreation(body: closure) != nil { return }
        result.blanket += 1
    }

    // MARK: Decisions

    private func decide(_ moved: inout MovedCode, context: ExecutionContext, later: Isolation) {
        guard let node = context.node, let body = Self.body(of: node) else {
            moved.decision = Decision(action: .leave, reason: "a requirement without a body: each implementation decides where it runs", evidence: [])
            return
        }
        if let call = SendingHazard.firstCall(in: body, file: file, index: now.index) {
            mark(&moved, node: node, body: body, later: later, evidence: [call], reason: SendingHazard.reason(call))
            return
        }
        let cost = WorkCost(of: body, in: file)
        guard cost.isHeavy else {
            moved.decision = Decision(action: .leave, reason: cost.lightReason, evidence: cost.awaits)
            return
        }
        let work = cost.heavy.joined(separator: "; ")
        mark(&moved, node: node, body: body, later: later, evidence: cost.heavy, reason: "it does heavy work (\(work)) that would otherwise run on "
            + (later == .mainActor ? "the main actor" : "its caller's actor"))
    }

    /// Marks code that must stay off its actor `@concurrent`, or leaves it to a person when the
    /// attribute would not compile there or cannot be added.
    private func mark(_ moved: inout MovedCode, node: Syntax, body: Syntax, later: Isolation, evidence: [String], reason: String) {
        let work = evidence.joined(separator: "; ")
        if later == .mainActor, let blocker = MainActorReach.firstUse(in: body, of: node) {
            moved.decision = Decision(action: .review, reason: "it should stay off the main actor (\(work)), but it uses \(blocker), which "
                + "becomes main-actor code: `@concurrent` would not compile. Move that part into a `@concurrent` function", evidence: evidence)
            return
        }
        guard let edit = AttributeInsertion.concurrent(on: node, file: file, newline: edits.newline, guarded: guarded) else {
            moved.decision = Decision(action: .review, reason: "it should stay off its actor (\(work)), but actorlint cannot add `@concurrent` "
                + "there (\(guarded ? "a closure, and the compiler may predate Swift 6.2" : "an accessor")): mark it by hand", evidence: evidence)
            return
        }
        moved.edit = edit
        moved.decision = Decision(action: .markConcurrent, reason: reason, evidence: evidence)
    }

    /// Async closures that await an iterator's `next()` (`SendingHazard`): stored as a plain
    /// async function value, handed to a function of this module, or formed in a function that
    /// moves, they run on their caller's actor with the feature, which the model does not always
    /// see; each says `@concurrent` (a closure that already runs concurrently keeps doing so).
    func iteratorClosures(_ contexts: [ExecutionContext], into result: inout FileMigration) {
        guard proposal.addsFeature else { return }
        for context in contexts where context.kind == .closure {
            guard let closure = context.node?.as(ClosureExprSyntax.self), closure.isAsync || TaskCreation(body: closure) != nil,
                  TaskCreation(body: closure)?.isDetached != true,
                  !result.moves.contains(where: { $0.line == file.line(of: closure) && $0.name == context.summary }),
                  [.concurrent, .nonisolated, .caller].contains(now.isolation(of: context).isolation),
                  let call = SendingHazard.firstCall(in: Syntax(closure.statements), file: file, index: now.index) else { continue }
            var moved = MovedCode(path: file.path, line: file.line(of: closure), name: context.summary, owner: owner(of: Syntax(closure)),
                                  from: Isolation.concurrent.jsonValue, to: Isolation.caller.jsonValue, isAsync: true,
                                  because: "an async closure of a plain async function type runs on its caller's actor with "
                                      + "NonisolatedNonsendingByDefault (SE-0461)")
            mark(&moved, node: Syntax(closure), body: Syntax(closure.statements), later: .caller, evidence: [call], reason: SendingHazard.reason(call))
            result.moves.append(moved)
        }
    }

    static func body(of node: Syntax) -> Syntax? {
        if let function = node.as(FunctionDeclSyntax.self) { return function.body.map(Syntax.init) }
        if let initializer = node.as(InitializerDeclSyntax.self) { return initializer.body.map(Syntax.init) }
        if let accessor = node.as(AccessorDeclSyntax.self) { return accessor.body.map(Syntax.init) }
        if let closure = node.as(ClosureExprSyntax.self) { return Syntax(closure.statements) }
        if let block = node.as(AccessorBlockSyntax.self) { return Syntax(block.accessors) }
        return nil
    }

    private func owner(of node: Syntax) -> String? {
        guard case .type(let decl) = Enclosing(node) else { return nil }
        if let extensionDecl = decl.as(ExtensionDeclSyntax.self) { return ProjectIndex.baseName(extensionDecl.extendedType) }
        return TypeDeclaration(decl)?.name
    }

    private func isVisibleOutside(_ node: Syntax) -> Bool {
        let modifiers = node.asProtocol(WithModifiersSyntax.self)?.modifiers
        return modifiers?.contains { [.keyword(.public), .keyword(.open), .keyword(.package)].contains($0.name.tokenKind) } ?? false
    }

    // MARK: Globals and call sites

    private func global(_ context: ExecutionContext, before: IsolationResult, later: IsolationResult, into result: inout FileMigration) {
        guard before.isolation != .mainActor, later.isolation == .mainActor, let binding = context.node?.as(PatternBindingSyntax.self),
              let variable = binding.parent?.parent?.as(VariableDeclSyntax.self) else { return }
        let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
        guard isStatic || { if case .file = Enclosing(Syntax(variable)) { return true } else { return false } }() else { return }
        let owner = owner(of: Syntax(variable)).map { $0 + "." } ?? ""
        result.globals.append(MovedGlobal(path: file.path, line: file.line(of: binding), name: owner + binding.pattern.trimmedText))
    }

    private func callers(into result: inout FileMigration) {
        for awaitExpr in file.awaits {
            guard let name = awaitExpr.expression.peeled(.try).awaitedCall?.calleeName else { continue }
            switch after.isolation(at: awaitExpr).isolation {
            case .concurrent, .nonisolated, .actorInstance, .globalActor: result.callers[name, default: .init()].offMain += 1
            case .mainActor, .caller, .unknown: result.callers[name, default: .init()].mayBeOnMain += 1
            }
        }
    }
}

/// The executable contexts of a file that settings can move, and its async function types.
final class ContextWalk: SyntaxVisitor {
    /// Every context; else only async ones (the feature alone moves nothing synchronous).
    let allContexts: Bool
    var contexts: [ExecutionContext] = []
    var typeDeclarations: [Syntax] = []
    var asyncFunctionTypes = 0

    init(allContexts: Bool) {
        self.allContexts = allContexts
        super.init(viewMode: .sourceAccurate)
    }

    private func add(_ kind: ExecutionContext.Kind, _ node: some SyntaxProtocol, async: Bool) {
        if allContexts || async { contexts.append(ExecutionContext(kind: kind, node: Syntax(node))) }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.function, node, async: node.signature.effectSpecifiers?.asyncSpecifier != nil)
        return .visitChildren
    }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.initializer, node, async: node.signature.effectSpecifiers?.asyncSpecifier != nil)
        return .visitChildren
    }
    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.accessor, node, async: node.effectSpecifiers?.asyncSpecifier != nil)
        return .visitChildren
    }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        if node.accessors.is(CodeBlockItemListSyntax.self) { add(.accessor, node, async: false) }
        return .visitChildren
    }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        add(.subscript, node, async: false)
        return .visitChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        add(.closure, node, async: node.isAsync || TaskCreation(body: node) != nil)
        return .visitChildren
    }
    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if allContexts, node.initializer != nil, ExecutionContext.isMemberOrGlobal(node) { add(.variableInitializer, node, async: false) }
        return .visitChildren
    }
    override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind {
        if node.effectSpecifiers?.asyncSpecifier != nil, !Self.isIsolated(node) { asyncFunctionTypes += 1 }
        return .visitChildren
    }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { typeDeclaration(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { typeDeclaration(node) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { typeDeclaration(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { typeDeclaration(node) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { typeDeclaration(node) }

    private func typeDeclaration(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        if allContexts { typeDeclarations.append(Syntax(node)) }
        return .visitChildren
    }

    /// `@MainActor () async -> Void`, `@isolated(any)`, `@concurrent`, `nonisolated(nonsending)`:
    /// an isolation of its own, which the feature does not change.
    static func isIsolated(_ type: FunctionTypeSyntax) -> Bool {
        guard let attributed = type.parent?.as(AttributedTypeSyntax.self) else { return false }
        let names = attributed.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
        let nonsending = attributed.specifiers.contains { $0.trimmedText.hasPrefix("nonisolated") }
        return nonsending || names.contains { $0 != "Sendable" && $0 != "escaping" && $0 != "autoclosure" }
    }
}
