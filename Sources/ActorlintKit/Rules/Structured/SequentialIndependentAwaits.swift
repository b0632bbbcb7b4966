import SwiftSyntax

/// `let a = try await f(); let b = try await g()` where `g` does not need `a`: the second call
/// waits for the first for no reason; `async let` runs both at once.
struct SequentialIndependentAwaits: Rule {
    /// Its findings are pairs of `let x = await …` bindings.
    static let triggers = ["await"]

    static let description = RuleDescription(
        id: "sequential-independent-awaits",
        category: .structured, set: .preview,
        summary: "Consecutive awaits whose later calls do not use the earlier results: start them together with `async let`",
        rationale: """
            Each `await` suspends until its call has finished, so two awaited calls written one \
            after the other run one after the other even when the second does not need the \
            first's result: a screen that makes two independent requests this way takes the sum \
            of both latencies to load. `async let` starts each call as a child task right away \
            and suspends only where the value is read, so independent work overlaps and the \
            wait is the longest call instead of the sum; the child tasks stay structured \
            (cancelled together, never outliving the scope). \
            The rule stays quiet when a later call uses an earlier result, when the calls could \
            observe each other's effects (a write-like call — set, save, update, delete, send, \
            append… — on the same receiver, one call handed the object the other is called on, \
            or calls on an actor's own state), inside loops \
            (often deliberate pacing) and inside `defer`. \
            (SE-0317)
            """,
        fix: FixInfo(.unsafe, """
            Rewrites each `let x = try await call()` to `async let x = call()` and puts \
            `try await` (or `await`) in front of the statements that read the values. Offered \
            only when every binding is a `let` with a plain name and every later read sits in a \
            plain statement (not in a closure or `defer`). Unsafe: the calls now run at the \
            same time, so if the first throws, the second has already started (it is cancelled \
            and awaited when the scope ends), and their side effects may interleave.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    /// First words of method names that change state — or consume it, like reading the next
    /// chunk of a stream: two calls like this on one receiver (or one of them and a read) must
    /// keep their order.
    static let writeVerbs: Set<String> = [
        "next", "read", "receive", "recv", "take", "consume", "poll", "wait", "drain", "execute", "exec",
        "perform", "run", "transaction", "migrate",
        "set", "save", "store", "update", "delete", "remove", "insert", "append", "post", "send",
        "write", "put", "patch", "create", "add", "upload", "clear", "reset", "increment",
        "decrement", "mark", "register", "unregister", "publish", "submit", "commit", "persist",
        "push", "pop", "enqueue", "dequeue", "move", "rename", "replace", "apply", "sync",
        "flush", "purge", "invalidate", "cancel", "start", "stop", "begin", "end", "finish",
        "open", "close", "lock", "unlock", "login", "logout", "sign", "pay", "charge", "transfer",
    ]

    /// One `let x = try await call()` statement.
    struct AwaitedBinding {
        let item: CodeBlockItemSyntax
        let declaration: VariableDeclSyntax
        let names: [String]
        let tryExpression: TryExprSyntax?
        let awaitExpression: AwaitExprSyntax
        let call: FunctionCallExprSyntax
        /// `let`, a plain identifier and a plain `try` (or none): the fix can rewrite it.
        let rewritable: Bool
        var throwing: Bool { tryExpression != nil }
    }

    func violations(in context: RuleContext) -> [Violation] {
        // A block with two awaited bindings is the nearest block of each of their `await`s.
        var seen: Set<SyntaxIdentifier> = []
        let lists = context.file.awaits.compactMap { awaited -> CodeBlockItemListSyntax? in
            var current = awaited.parent
            while let node = current, !node.isContextBoundary {
                if let list = node.as(CodeBlockItemListSyntax.self) { return seen.insert(list.id).inserted ? list : nil }
                current = node.parent
            }
            return nil
        }
        return lists.flatMap { violations(in: $0, context) }
    }

    private func violations(in list: CodeBlockItemListSyntax, _ context: RuleContext) -> [Violation] {
        // Most blocks have no two awaited bindings; skip the ancestor walks below for them.
        guard list.count(where: { binding($0) != nil }) >= 2 else { return [] }
        // Loops repeat the pair (often deliberately paced); `defer` bodies cannot keep child tasks.
        if list.nearest(within: .context, where: { Flow.isLoop($0) || $0.is(DeferStmtSyntax.self) }) != nil { return [] }
        // Tests sequence their awaits on purpose: the order is what they check.
        if TestCode.contains(list, in: context.file) { return [] }
        let actorState = enclosingActorState(of: list)
        let items = Array(list)
        var violations: [Violation] = []
        var index = 0
        // In an actor, calls on `self` or its stored properties touch the actor's own state.
        func candidate(_ item: CodeBlockItemSyntax) -> AwaitedBinding? {
            guard let found = binding(item) else { return nil }
            return conflictsWithActor(found, actorState) ? nil : found
        }
        while index < items.count {
            guard let first = candidate(items[index]) else { index += 1; continue }
            var group = [first]
            var next = index + 1
            while next < items.count, let later = candidate(items[next]),
                  group.allSatisfy({ independent(later, of: $0) }) {
                group.append(later)
                next += 1
            }
            guard group.count >= 2 else { index += 1; continue }
            violations.append(violation(for: group, in: items[next...], context))
            index = next
        }
        return violations
    }

    /// `let x = try await f()` (also `var`, tuples, `try?`): a binding whose value is one awaited call.
    private func binding(_ item: CodeBlockItemSyntax) -> AwaitedBinding? {
        guard let declaration = item.item.as(VariableDeclSyntax.self), declaration.modifiers.isEmpty,
              declaration.attributes.isEmpty, declaration.bindings.count == 1,
              let binding = declaration.bindings.first, binding.accessorBlock == nil,
              var value = binding.initializer?.value else { return nil }
        var tryExpression: TryExprSyntax?
        if let tried = value.as(TryExprSyntax.self) {
            tryExpression = tried
            value = tried.expression
        }
        guard let awaited = value.as(AwaitExprSyntax.self), let call = awaited.expression.awaitedCall else {
            return nil
        }
        // `await UIAlertController(…)`: a hop to build a main-actor object, not work that could
        // overlap with another; two such hops run one after the other on that actor anyway.
        if call.calleeName?.first?.isUppercase == true { return nil }
        let names: [String]
        var simplePattern = false
        if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
            names = [identifier.identifier.text]
            simplePattern = true
        } else if binding.pattern.is(TuplePatternSyntax.self) {
            names = collect(IdentifierPatternSyntax.self, in: binding.pattern, within: .context).map(\.identifier.text)
        } else {
            return nil
        }
        // `let _ = try await save()` is run for its effect, not its value.
        guard !names.isEmpty else { return nil }
        let rewritable = simplePattern && declaration.bindingSpecifier.tokenKind == .keyword(.let)
            && tryExpression?.questionOrExclamationMark == nil
        return AwaitedBinding(item: item, declaration: declaration, names: names, tryExpression: tryExpression,
                              awaitExpression: awaited, call: call, rewritable: rewritable)
    }

    /// Whether `later` may start before `earlier` has finished without changing what it computes.
    private func independent(_ later: AwaitedBinding, of earlier: AwaitedBinding) -> Bool {
        let initializer = later.declaration.bindings.first!.initializer!
        if !references(to: Set(earlier.names), in: initializer, within: .declaration).isEmpty { return false }
        if hasInOutArgument(later.call) || hasInOutArgument(earlier.call) { return false }
        let laterReceiver = receiver(of: later.call), earlierReceiver = receiver(of: earlier.call)
        if laterReceiver == earlierReceiver && (isWrite(later.call) || isWrite(earlier.call)) { return false }
        // `collect(for: account)` then `account.unreadIDs()`: the first call is handed the object
        // the second reads, so it may change what the second sees (a sync before a local read).
        if passes(laterReceiver, to: earlier.call) || passes(earlierReceiver, to: later.call) { return false }
        return true
    }

    /// Whether `name` (not `self`) is an argument of `call`, itself or as the root of one.
    private func passes(_ name: String, to call: FunctionCallExprSyntax) -> Bool {
        guard name != "self", name != "." else { return false }
        return call.arguments.contains { argument in Flow.rootName(of: argument.expression) == name }
    }

    private func conflictsWithActor(_ binding: AwaitedBinding, _ actorState: Set<String>?) -> Bool {
        guard let actorState else { return false }
        let root = receiver(of: binding.call)
        return root == "self" || actorState.contains(root)
    }

    /// The variable a call is made on: `service` for `service.fetch()` and `self.service.fetch()`,
    /// `self` for an unqualified `fetch()` (a method of the enclosing type, or a free function).
    private func receiver(of call: FunctionCallExprSyntax) -> String {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return "self" }
        guard let base = member.base else { return "." }
        return Flow.rootName(of: base) ?? base.trimmedText
    }

    private func isWrite(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calleeName else { return false }
        return Self.writeVerbs.contains(name.firstCamelCaseWord)
    }

    private func hasInOutArgument(_ call: FunctionCallExprSyntax) -> Bool {
        call.arguments.contains { $0.expression.is(InOutExprSyntax.self) }
    }

    /// The stored-property names of the enclosing actor, or nil outside actors.
    private func enclosingActorState(of node: some SyntaxProtocol) -> Set<String>? {
        var current = node.parent
        while let candidate = current {
            if let actor = candidate.as(ActorDeclSyntax.self) {
                return Set(actor.memberBlock.members.flatMap { member -> [String] in
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { return [] }
                    return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                })
            }
            if candidate.is(StructDeclSyntax.self) || candidate.is(ClassDeclSyntax.self)
                || candidate.is(EnumDeclSyntax.self) || candidate.is(ExtensionDeclSyntax.self) {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    private func violation(for group: [AwaitedBinding], in rest: ArraySlice<CodeBlockItemSyntax>,
                           _ context: RuleContext) -> Violation {
        let first = group[0], second = group[1]
        let firstName = first.call.displayName, secondName = second.call.displayName
        let unused = first.names.map { "`\($0)`" }.joined(separator: ", ")
        let count = group.count == 2 ? "Both" : "All \(group.count)"
        let message = "`\(secondName)` does not use \(unused), yet it starts only after `\(firstName)` " +
            "has returned: each `await` suspends until its call is done, so these calls run one after " +
            "the other and the caller waits for the sum of their durations. \(count) can start at once " +
            "with `async let`; the values are then awaited where they are read (SE-0317)."
        let fix = fixKeepsCompiling(group, context) ? fix(for: group, rest: rest) : nil
        return context.violation(message, at: first.declaration, fix: fix)
    }

    // MARK: Fix

    /// `async let` sends its initializer to a child task. In actor-isolated code (a global-actor
    /// attribute, an actor, or a module whose default isolation is MainActor) a stored property
    /// of a non-Sendable type cannot be sent, so swiftc would reject the rewrite; offer it only
    /// when every stored property the calls use has a type this file shows to be Sendable.
    private func fixKeepsCompiling(_ group: [AwaitedBinding], _ context: RuleContext) -> Bool {
        guard isActorIsolated(group[0].item, context), let owner = enclosingType(of: group[0].item) else { return true }
        let stored = storedProperties(of: owner, in: context.file)
        for binding in group {
            for reference in references(to: Set(stored.keys), in: binding.call, within: .declaration) {
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
                   member.base?.trimmedText != "self" {
                    continue
                }
                guard let property = stored[reference.baseName.text], isSendable(property, context.file) else {
                    return false
                }
            }
        }
        return true
    }

    private func isActorIsolated(_ node: some SyntaxProtocol, _ context: RuleContext) -> Bool {
        func hasGlobalActor(_ attributes: AttributeListSyntax) -> Bool {
            attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedText.hasSuffix("Actor") == true }
        }
        var current = node.parent
        while let candidate = current {
            if let closure = candidate.as(ClosureExprSyntax.self), let attributes = closure.signature?.attributes,
               hasGlobalActor(attributes) { return true }
            if let function = candidate.as(FunctionDeclSyntax.self) {
                if function.modifiers.contains(where: { $0.name.text == "nonisolated" }) { return false }
                if hasGlobalActor(function.attributes) { return true }
            }
            if candidate.is(ActorDeclSyntax.self) { return true }
            if let group = candidate.asProtocol(DeclGroupSyntax.self) {
                if group.modifiers.contains(where: { $0.name.text == "nonisolated" }) { return false }
                if hasGlobalActor(group.attributes) { return true }
            }
            current = candidate.parent
        }
        if case .nonisolated = context.module.defaultIsolation { return false }
        return true
    }

    private func enclosingType(of node: some SyntaxProtocol) -> DeclGroupSyntax? {
        var current = node.parent
        while let candidate = current {
            if let group = candidate.asProtocol(DeclGroupSyntax.self) { return group }
            current = candidate.parent
        }
        return nil
    }

    /// Stored properties of a type (or of the type an extension extends, when declared in this file).
    private func storedProperties(of owner: DeclGroupSyntax, in file: SourceFile) -> [String: PatternBindingSyntax] {
        var groups: [DeclGroupSyntax] = [owner]
        if let extensionDecl = owner.as(ExtensionDeclSyntax.self) {
            let name = extensionDecl.extendedType.trimmedText
            groups += collect(DeclSyntax.self, in: file.tree, within: .everything).compactMap { declaration -> DeclGroupSyntax? in
                guard let named = declaration.asProtocol(NamedDeclSyntax.self), named.name.text == name else { return nil }
                return declaration.asProtocol(DeclGroupSyntax.self)
            }
        }
        var properties: [String: PatternBindingSyntax] = [:]
        for group in groups {
            for member in group.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { properties[name] = binding }
                }
            }
        }
        return properties
    }

    static let sendableLibraryTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Bool", "String", "Character", "Substring", "Date", "URL", "Data", "UUID", "Decimal", "TimeInterval",
        "Array", "Dictionary", "Set", "Optional", "Range", "ClosedRange", "Duration", "URLRequest", "Locale",
        "TimeZone", "Calendar", "JSONDecoder", "JSONEncoder", "URLSession",
    ]

    /// Whether a property's type is Sendable as far as this file shows: library value types, and
    /// structs, enums, actors, global-actor or `Sendable` classes declared here.
    private func isSendable(_ property: PatternBindingSyntax, _ file: SourceFile) -> Bool {
        var typeNames: [String] = []
        if let annotation = property.typeAnnotation?.type {
            typeNames = collect(IdentifierTypeSyntax.self, in: annotation, within: .everything).map(\.name.text)
        } else if let value = property.initializer?.value {
            if value.is(IntegerLiteralExprSyntax.self) || value.is(FloatLiteralExprSyntax.self)
                || value.is(StringLiteralExprSyntax.self) || value.is(BooleanLiteralExprSyntax.self) { return true }
            guard let call = value.as(FunctionCallExprSyntax.self) else { return false }
            typeNames = [call.calledExpression.trimmedText]
        }
        guard !typeNames.isEmpty else { return false }
        let declarations = collect(DeclSyntax.self, in: file.tree, within: .everything)
        return typeNames.allSatisfy { name in
            if Self.sendableLibraryTypes.contains(name) { return true }
            guard let declaration = declarations.first(where: {
                $0.asProtocol(NamedDeclSyntax.self)?.name.text == name && $0.asProtocol(DeclGroupSyntax.self) != nil
            }) else { return false }
            if declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self)
                || declaration.is(ActorDeclSyntax.self) { return true }
            guard let group = declaration.asProtocol(DeclGroupSyntax.self) else { return false }
            let conforms = group.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedText.contains("Sendable") } ?? false
            let globalActor = group.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedText.hasSuffix("Actor") == true
            }
            return conforms || globalActor
        }
    }

    private func fix(for group: [AwaitedBinding], rest: ArraySlice<CodeBlockItemSyntax>) -> Fix? {
        guard group.allSatisfy(\.rewritable) else { return nil }
        var edits: [TextEdit] = []
        for binding in group {
            let specifier = binding.declaration.bindingSpecifier
            edits.append(TextEdit(start: specifier.startOffset, end: specifier.startOffset, replacement: "async "))
            let removalStart = binding.tryExpression?.startOffset ?? binding.awaitExpression.startOffset
            edits.append(TextEdit(start: removalStart, end: binding.awaitExpression.expression.startOffset,
                                  replacement: ""))
        }
        let throwing = Set(group.filter(\.throwing).flatMap(\.names))
        let names = Set(group.flatMap(\.names))
        let scope = group[0].item.nearest(where: \.isContextBoundary)?.id
        var insertions: [Int: (needsTry: Bool, needsAwait: Bool)] = [:]
        var used: Set<String> = []
        for item in rest {
            // A later declaration of the same name would make "the first use" ambiguous.
            let redeclared = collect(IdentifierPatternSyntax.self, in: item, within: .declaration)
            if redeclared.contains(where: { names.contains($0.identifier.text) }) { return nil }
            for use in references(to: names, in: item, within: .declaration) {
                // A closure cannot capture an `async let`; `defer` runs after the scope's tasks.
                guard use.nearest(where: \.isContextBoundary)?.id == scope,
                      use.nearest(DeferStmtSyntax.self, within: .context) == nil,
                      let insertion = coverage(of: use, throwing: throwing.contains(use.baseName.text)) else {
                    return nil
                }
                used.insert(use.baseName.text)
                guard insertion.needsTry || insertion.needsAwait else { continue }
                let existing = insertions[insertion.offset] ?? (false, false)
                insertions[insertion.offset] = (existing.needsTry || insertion.needsTry,
                                                existing.needsAwait || insertion.needsAwait)
            }
        }
        // An `async let` that is never read is cancelled when the scope ends: not the same program.
        guard used == names else { return nil }
        for (offset, needs) in insertions {
            let text = (needs.needsTry ? "try " : "") + (needs.needsAwait ? "await " : "")
            edits.append(TextEdit(start: offset, end: offset, replacement: text))
        }
        return Fix(title: "Start the calls together with `async let`", safety: .unsafe, edits: edits)
    }

    /// Where `try`/`await` must go so that reading the `async let` `use` compiles, or nil when
    /// the read sits somewhere the rewrite cannot handle (a closure, `defer`, `try?`).
    private func coverage(of use: DeclReferenceExprSyntax, throwing: Bool)
        -> (offset: Int, needsTry: Bool, needsAwait: Bool)? {
        var tried = false
        var awaitNode: AwaitExprSyntax?
        var current = Syntax(use)
        while let parent = current.parent {
            if let tryNode = current.as(TryExprSyntax.self) {
                if tryNode.questionOrExclamationMark != nil { return nil }
                tried = true
            }
            if let awaited = current.as(AwaitExprSyntax.self), awaitNode == nil { awaitNode = awaited }
            // `try await a() + x`: the leading `try`/`await` of an operator sequence covers x too.
            if let elements = parent.as(ExprListSyntax.self) {
                let before = elements.prefix { $0.id != current.id }
                let afterAssignment = before.reversed().prefix { !$0.is(AssignmentExprSyntax.self) }.reversed()
                if var head = afterAssignment.first, head.id != current.id {
                    if let tryNode = head.as(TryExprSyntax.self) {
                        if tryNode.questionOrExclamationMark != nil { return nil }
                        tried = true
                        head = tryNode.expression
                    }
                    if let awaited = head.as(AwaitExprSyntax.self), awaitNode == nil { awaitNode = awaited }
                }
            }
            if isStatementAnchor(parent, of: current) {
                let needsTry = throwing && !tried
                if let awaitNode {
                    // Already awaited: at most a `try` is missing, and it goes before the `await`.
                    return (awaitNode.startOffset, needsTry, false)
                }
                var insertion = current.startOffset
                if let sequence = current.as(SequenceExprSyntax.self),
                   let assignment = sequence.elements.last(where: {
                       $0.is(AssignmentExprSyntax.self) && $0.endOffset <= use.startOffset }),
                   let next = assignment.nextToken(viewMode: .sourceAccurate) {
                    insertion = next.positionAfterSkippingLeadingTrivia.utf8Offset
                } else if let tryNode = current.as(TryExprSyntax.self) {
                    // `try f(x)`: `await` goes after `try`.
                    insertion = tryNode.expression.startOffset
                }
                return (insertion, needsTry, true)
            }
            current = parent
        }
        return nil
    }

    /// Whether `parent` is where a statement's expression starts: `try await` can be put in
    /// front of `child` there.
    private func isStatementAnchor(_ parent: Syntax, of child: Syntax) -> Bool {
        guard child.is(ExprSyntax.self) else { return false }
        if parent.is(CodeBlockItemSyntax.self) || parent.is(ReturnStmtSyntax.self) || parent.is(ThrowStmtSyntax.self)
            || parent.is(InitializerClauseSyntax.self) || parent.is(ConditionElementSyntax.self)
            || parent.is(ExpressionStmtSyntax.self) {
            return true
        }
        if let switchExpression = parent.as(SwitchExprSyntax.self) { return switchExpression.subject.id == child.id }
        if let loop = parent.as(ForStmtSyntax.self) { return loop.sequence.id == child.id }
        return false
    }
}
