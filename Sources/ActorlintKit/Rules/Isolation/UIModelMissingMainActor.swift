import SwiftSyntax

/// An `ObservableObject` or `@Observable` class of UI code whose own code changes the state views
/// read, and which is not main-actor isolated, where `@MainActor` on the class compiles and keeps
/// every change on the main actor.
struct UIModelMissingMainActor: Rule {
    static let triggers = UIModel.triggers

    static let description = RuleDescription(
        id: "ui-model-missing-main-actor",
        category: .isolation,
        summary: "A UI model whose own code changes the state views read is not `@MainActor`",
        rationale: """
            A model whose state a SwiftUI view reads must only change on the main actor. \
            Without `@MainActor` the compiler does not check it: a task started in a plain \
            method runs on the global concurrent executor, and a synchronous method can be \
            called from any thread; SwiftUI then reports "Publishing changes from background \
            threads" or the view reads torn state. With `@MainActor` on the class every change \
            is checked, and code after an `await` is back on the main actor by construction. A \
            finding names the change it saw: one off the main actor, one in a synchronous \
            method, or changes already marked `@MainActor` one by one. (SE-0316; Apple's \
            `ObservableObject` documentation)
            """,
        limits: """
            Only the class's own code and its extensions in the same file are read. Left \
            alone: app code's SDK and library modules (models there are data, not UI state); \
            models whose state changes only through bindings, in initializers or from other \
            types; models that hop to the main actor by hand (`MainActor.run`, \
            `DispatchQueue.main.async`, `.receive(on:)` the main queue) around work they run \
            off it on purpose; changes in callbacks whose thread actorlint cannot tell. Not \
            reported where `@MainActor` would not compile: the class is used in code of the \
            module that is not main-actor code (a background `Operation`, a nonisolated \
            function, an `EnvironmentKey`), a `@Sendable` closure of its own uses it, it \
            conforms to a protocol that is not main-actor (`Hashable`, a delegate protocol) or \
            overrides a superclass member. Conformances added in other files are not seen.
            """,
        fix: FixInfo(.unsafe, """
            Adds `@MainActor` to the class. Offered only where the module's own code keeps \
            compiling: nothing outside main-actor code uses the class. Unsafe because code in \
            other modules may use it off the main actor.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        let uiCode = Self.isUICode(context)
        return UIModel.all(in: context.file, index: context.isolation.index).compactMap { model in
            let here = context.isolation.isolation(of: ExecutionContext(kind: .typeDeclaration, node: Syntax(model.decl)))
            guard uiCode || Self.isObservedByAView(model, context), here.isolation == .nonisolated,
                  !model.decl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) }),
                  !TestCode.contains(model.decl, in: context.file),
                  Blockers.first(in: model, context) == nil,
                  let evidence = Evidence(model, context) else { return nil }
            let name = model.decl.name.text
            let insertion = model.decl.positionAfterSkippingLeadingTrivia.utf8Offset
            let fix = !Self.startsALine(model.decl) ? nil : Fix(title: "Add `@MainActor` to the class", safety: .unsafe, edits: [
                TextEdit(start: insertion, end: insertion, replacement: "@MainActor\n" + model.decl.lineIndentation),
            ])
            return context.violation("`\(name)` is \(model.kind) that views read, \(evidence.sentence)", at: model.decl.name, fix: fix)
        }
    }

    /// A SwiftUI view of the module holds it in a property wrapper that observes it.
    private static func isObservedByAView(_ model: UIModel, _ context: RuleContext) -> Bool {
        context.isolation.index.typeUses[model.decl.name.text]?.contains { $0.observed } ?? false
    }

    /// App code or a UI library; a file outside any project when its module imports a UI framework.
    private static func isUICode(_ context: RuleContext) -> Bool {
        let index = context.isolation.index
        if TargetRole.of(context.module, index: index).isUICode { return true }
        return context.module.kind == .unknown && !InteractiveUI.frameworks.isDisjoint(with: index.imports)
    }

    /// The attribute goes on its own line before the declaration; that is only the type's
    /// attribute if the declaration starts a line. In broken code a modifier the parser left
    /// outside it (`final` in unexpected text) can stand before it on the same line, and each
    /// fix would add another attribute after that modifier.
    private static func startsALine(_ decl: some SyntaxProtocol) -> Bool {
        guard let previous = decl.previousToken(viewMode: .sourceAccurate) else { return true }
        return decl.leadingTrivia.contains(where: \.isNewline) || previous.trailingTrivia.contains(where: \.isNewline)
    }
}

/// What `@MainActor` on the class would break, so the rule stays quiet: the first found.
private enum Blockers {
    static func first(in model: UIModel, _ context: RuleContext) -> String? {
        let groups: [DeclGroupSyntax] = [model.decl] + model.extensions
        return uses(of: model, context) ?? conformances(of: model, groups, context)
            ?? sendableClosures(in: groups) ?? overrides(in: groups)
    }

    /// A use of the class in code of the module that is not main-actor code (its own members
    /// and its subclasses' are, once it is).
    private static func uses(of model: UIModel, _ context: RuleContext) -> String? {
        let name = model.decl.name.text
        let index = context.isolation.index
        for use in index.typeUses[name] ?? [] {
            if let owner = use.owner, use.closure != .offMain, owner == name || isSubclass(owner, of: name, index) { continue }
            if context.isolation.isMainActor(use) == true { continue }
            return "used in code of `\(use.owner ?? "the module")` that is not main-actor code"
        }
        return nil
    }

    private static func isSubclass(_ name: String, of base: String, _ index: ProjectIndex) -> Bool {
        var current: String? = index.type(named: name)?.inherited.first
        var seen: Set<String> = []
        while let next = current, seen.insert(next).inserted {
            if next == base { return true }
            current = index.type(named: next)?.kind == .class ? index.type(named: next)?.inherited.first : nil
        }
        return false
    }

    /// Conformances whose witnesses would become main-actor isolated (a warning in Swift 5, an
    /// error in Swift 6), and superclasses it cannot tell about.
    private static func conformances(of model: UIModel, _ groups: [DeclGroupSyntax], _ context: RuleContext) -> String? {
        let index = context.isolation.index
        let declaresVarID = model.decl.memberBlock.variables.contains { $0.names.contains("id") && $0.bindingSpecifier.tokenKind == .keyword(.var) }
        for (position, group) in groups.enumerated() {
            for (offset, inherited) in (group.inheritanceClause?.inheritedTypes ?? []).enumerated() {
                let name = ProjectIndex.baseName(inherited.type)
                let isSuperclassSlot = position == 0 && offset == 0
                if ["ObservableObject", "Sendable", "AnyObject"].contains(name) || Catalogue.mainActorProtocols[name] != nil { continue }
                if name == "Identifiable", !declaresVarID { continue }
                if isSuperclassSlot, name == "NSObject" || index.type(named: name)?.kind == .class { continue }
                if let type = index.type(named: name), type.kind == .protocol, type.attributes.contains("MainActor") { continue }
                return "conforms to `\(name)`"
            }
        }
        return nil
    }

    /// A `@Sendable` closure of the class's own code that uses `self` synchronously: that code
    /// could not touch main-actor state. A use inside a main-actor closure within it
    /// (`MainActor.run`), an awaited one, or a capture list is fine.
    private static func sendableClosures(in groups: [DeclGroupSyntax]) -> String? {
        for group in groups {
            for token in group.memberBlock.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.self) {
                var current = token.parent
                var awaited = false
                while let node = current, !node.is(MemberBlockSyntax.self) {
                    if node.is(ClosureCaptureSyntax.self) { break }
                    if node.is(AwaitExprSyntax.self) { awaited = true }
                    if let closure = node.as(ClosureExprSyntax.self) {
                        let kind = ProjectIndex.TypeUseCollector.kind(of: closure)
                        if kind == .mainActor { break }
                        if kind == .offMain {
                            if awaited { break }
                            return "a `@Sendable` closure uses `self`"
                        }
                    }
                    current = node.parent
                }
            }
        }
        return nil
    }

    /// An override other than an initializer keeps the superclass member's isolation.
    private static func overrides(in groups: [DeclGroupSyntax]) -> String? {
        for group in groups {
            for member in group.memberBlock.members where !member.decl.is(InitializerDeclSyntax.self) {
                let modifiers = member.decl.asProtocol((any WithModifiersSyntax).self)?.modifiers
                if modifiers?.contains(where: { $0.name.tokenKind == .keyword(.override) }) == true { return "overrides a superclass member" }
            }
        }
        return nil
    }
}

/// The change of state that the finding cites: off the main actor, in a synchronous method any
/// thread may call, or already in code marked `@MainActor` one piece at a time.
private struct Evidence {
    let sentence: String

    enum Kind { case offMain, synchronous, declared, hop, sendable, unknownThread }

    init?(_ model: UIModel, _ context: RuleContext) {
        var first: [Kind: (change: UIModel.StateChange, scope: String, why: String)] = [:]
        var hopsOutOfConcurrentCode = false
        let published = Set(model.stateProperties.keys)
        // Any stored property counts for a change off the main actor (a race with the code that
        // reads it there) or in a `@Sendable` closure (which `@MainActor` would make an error).
        for change in UIModel.StateChange.all(in: model, properties: model.storedProperties.union(published)) {
            guard let (kind, scope, why, concurrentHop) = Self.classify(change.node, context) else { continue }
            guard published.contains(change.property) || kind == .offMain || kind == .sendable else { continue }
            hopsOutOfConcurrentCode = hopsOutOfConcurrentCode || concurrentHop
            // The example the message names: a change views can read (published and not private)
            // before one of private or unpublished state; else the first.
            if first[kind].map({ Self.rank($0.change.property, model) < Self.rank(change.property, model) }) ?? true {
                first[kind] = (change, scope, why)
            }
        }
        let file = context.file
        if first[.sendable] != nil || first[.unknownThread] != nil { return nil }
        // Work it runs off the main actor on purpose (files, archives, images): `@MainActor` would move it.
        if Self.runsWorkOffMain(model, context) { return nil }
        if let (change, scope, why) = first[.offMain] {
            sentence = "but not main-actor isolated: `\(change.property)` changes on line \(file.line(of: change.node)) in \(scope), which runs on " +
                "\(why). Mark it `@MainActor`: that code and every other change of its state then run on the main actor."
            return
        }
        // Code that leaves the main actor and hops back by hand: it chose where its work runs.
        if hopsOutOfConcurrentCode { return nil }
        // A synchronous method is evidence only where the module's practice is `@MainActor` models.
        if let (change, scope, _) = first[.synchronous], let practice = Self.practice(context.isolation.index) {
            sentence = "but not main-actor isolated: `\(change.property)` changes on line \(file.line(of: change.node)) in \(scope), " +
                "a synchronous method any thread may call; \(practice). Mark it `@MainActor` so the compiler checks every change."
            return
        }
        if let (_, _, why) = first[.declared] {
            sentence = "and its state already changes only in main-actor code (\(why)). Mark the class `@MainActor` instead, " +
                "so the compiler checks every change of its state."
            return
        }
        return nil
    }

    /// "12 of the module's 30 models are `@MainActor`", when at least a quarter of the module's
    /// `ObservableObject` and `@Observable` classes are declared `@MainActor`.
    /// 2 for published state views can read, 1 for private published state, 0 for other stored state.
    private static func rank(_ property: String, _ model: UIModel) -> Int {
        guard let variable = model.stateProperties[property] else { return 0 }
        let hidden = variable.modifiers.contains { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil }
        return hidden ? 1 : 2
    }

    private static func practice(_ index: ProjectIndex) -> String? {
        index.memo("UIModelMissingMainActor.practice") { () -> String? in
            let models = index.types.values.filter { type in
                type.kind == .class && !type.isForeign && (type.inherited.contains("ObservableObject") || type.attributes.contains("Observable"))
            }
            let isolated = models.filter { $0.attributes.contains("MainActor") }.count
            guard isolated >= 2, isolated * 4 >= models.count else { return nil }
            return "\(isolated) of the module's \(models.count) models are `@MainActor`"
        }
    }

    /// The class's code that runs off the main actor (nonisolated async methods, tasks started
    /// in nonisolated code) touches files or does other blocking work.
    private static func runsWorkOffMain(_ model: UIModel, _ context: RuleContext) -> Bool {
        let groups: [DeclGroupSyntax] = [model.decl] + model.extensions
        for group in groups {
            for node in Syntax(group.memberBlock).tokens(viewMode: .sourceAccurate)
            where ["FileManager", "write", "contentsOf"].contains(node.text) || BlockingWork.archiveMethods.contains(node.text) {
                if context.isolation.isolation(at: node).isolation == .concurrent { return true }
            }
        }
        return false
    }

    /// Where a change runs, the scope to name and the reason; nil for an initializer or deinit.
    /// The flag says the change is a hop to the main actor out of code that runs off it.
    private static func classify(_ node: Syntax, _ context: RuleContext) -> (Kind, String, String, Bool)? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(InitializerDeclSyntax.self) || candidate.is(DeinitializerDeclSyntax.self) || candidate.is(AccessorBlockSyntax.self) {
                return nil
            }
            if let closure = candidate.as(ClosureExprSyntax.self) {
                let line = context.file.line(of: closure)
                switch ProjectIndex.TypeUseCollector.kind(of: closure) {
                case .offMain: return (.sendable, "", "", false)
                case .mainActor:
                    let attributes = closure.signature?.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText } ?? []
                    if attributes.contains("MainActor") {
                        let what = TaskCreation(body: closure) != nil ? "task" : "closure"
                        return (.declared, "", "the \(what) on line \(line) is `@MainActor`", false)
                    }
                    let outer = ExecutionContext.innermost(containing: candidate.parent ?? candidate)
                    return (.hop, "", "", context.isolation.isolation(of: outer).isolation == .concurrent)
                case .inherits:
                    if TaskCreation(body: closure) != nil {
                        let result = context.isolation.isolation(at: node)
                        if result.isolation == .concurrent {
                            return (.offMain, "the task on line \(line)", "the global concurrent executor", false)
                        }
                    } else if let method = closure.invocation?.call.calleeName,
                              Catalogue.synchronousClosureMethods.contains(method) || method == "withAnimation" {
                        break
                    } else {
                        // A callback: where the API calls it decides.
                        return context.isolation.isolation(at: node).isOnMainThread ? (.hop, "", "", false) : (.unknownThread, "", "", false)
                    }
                }
            }
            if let function = candidate.as(FunctionDeclSyntax.self) {
                let result = context.isolation.isolation(of: ExecutionContext(kind: .function, node: candidate))
                let scope = "`\(function.name.text)(\(function.signature.parameterClause.parameters.isEmpty ? "" : "…"))`"
                switch result.isolation {
                case .mainActor: return (.declared, scope, "\(scope) is `@MainActor`, line \(context.file.line(of: function))", false)
                case .concurrent: return (.offMain, scope, "the global concurrent executor", false)
                case .nonisolated: return (.synchronous, scope, "", false)
                default: return (.unknownThread, "", "", false)
                }
            }
            if candidate.is(MemberBlockSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }
}
