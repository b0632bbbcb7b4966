import SwiftSyntax

// The fix of `SequentialIndependentAwaits`: the edits that start the calls with `async let`,
// and the Swift 6 checks that decide whether it is offered.
extension SequentialIndependentAwaits {
    /// The edits that start awaited statements together with `async let` (SE-0317):
    /// `let x = try await f()` becomes `async let x = f()`, `x = try await f()` becomes
    /// `async let newX = f()` with `x = try await newX` after the last of them, a statement
    /// between them that reads a value moves after those, and every later read of an `async let`
    /// gets the `await` (and `try`) it needs. Nil when a read sits where that
    /// cannot be written (a closure, `defer`, `try?`), a value is never read, or Swift 6 would reject
    /// the child tasks (`AsyncLetRewrite.compiles`).
    enum AsyncLetRewrite {
        static func edits(for steps: [AwaitedStep], passing gap: [CodeBlockItemSyntax],
                          rest: ArraySlice<CodeBlockItemSyntax>) -> [TextEdit]? {
            guard let last = steps.last, let body = steps[0].item.nearest(where: \.isContextBoundary) else { return nil }
            // A statement between the calls that reads a value would wait for it before the next
            // call starts (or read a variable's old value): it moves after the last call.
            let stepNames = Set(steps.flatMap(\.names))
            let moved = gap.filter { !references(to: stepNames, in: $0, within: .declaration).isEmpty }
            var edits: [TextEdit] = []
            var assignments: [String] = []
            var taken = Set(body.tokens(viewMode: .sourceAccurate).map(\.text))
            for step in steps {
                // What stays of the value: `f()`, `try? f()`, `f() ?? fallback`. A plain `try` goes
                // with the `await` (reads get it back); `try?` stays.
                guard step.tryExpression?.questionOrExclamationMark?.tokenKind != .exclamationMark else { return nil }
                let removalStart = step.throwing ? step.tryExpression!.startOffset : step.awaitExpression.startOffset
                let removal = TextEdit(start: removalStart, end: step.awaitExpression.expression.startOffset, replacement: "")
                switch step.shape {
                case .binding:
                    guard let declaration = step.declaration, declaration.bindingSpecifier.tokenKind == .keyword(.let),
                          declaration.bindings.first?.pattern.is(IdentifierPatternSyntax.self) == true else { return nil }
                    let specifier = declaration.bindingSpecifier
                    edits += [TextEdit(start: specifier.startOffset, end: specifier.startOffset, replacement: "async "), removal]
                case .assignment:
                    // The assignment gave the call its type (a generic `get<T>()` infers `T` from
                    // it): the `async let` needs the same type, written where the target is declared.
                    // Only a whole variable or property (`x`, `self.x`) is declared with the type.
                    guard let target = step.target, let name = step.names.first, Self.isWholeVariable(target),
                          let type = declaredType(of: name, before: step.item) else { return nil }
                    var temporary = "new" + name.prefix(1).uppercased() + name.dropFirst()
                    while taken.contains(temporary) { temporary += "Value" }
                    taken.insert(temporary)
                    // `x = try await f()` → `async let newX: T = f()`, and `x = try await newX` after the last.
                    edits += [TextEdit(start: target.startOffset, end: step.values[0].startOffset,
                                       replacement: "async let \(temporary): \(type) = "),
                              removal]
                    assignments.append("\(target.trimmedText) = " + (step.throwing ? "try " : "") + "await \(temporary)")
                }
            }
            let indentation = String(last.item.leadingTrivia.description.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
            var trailing = assignments.map { "\n" + indentation + $0 }.joined()
            let bindings = steps.filter { $0.shape == .binding }
            let names = Set(bindings.flatMap(\.names))
            let throwing = Set(bindings.filter(\.throwing).flatMap(\.names))
            var insertions: [Int: (needsTry: Bool, needsAwait: Bool)] = [:]
            var used: Set<String> = []
            let stepItems = Set(steps.map(\.item.id))
            let later = Array(gap) + Array(rest)
            for item in later where !stepItems.contains(item.id) {
                // A later declaration of the same name would make "the first use" ambiguous.
                let redeclared = collect(IdentifierPatternSyntax.self, in: item, within: .declaration)
                if redeclared.contains(where: { names.contains($0.identifier.text) }) { return nil }
                for use in references(to: names, in: item, within: .declaration) {
                    // A closure cannot capture an `async let`; `defer` runs after the scope's tasks.
                    guard use.nearest(where: \.isContextBoundary)?.id == body.id,
                          use.nearest(DeferStmtSyntax.self, within: .context) == nil,
                          let insertion = coverage(of: use, throwing: throwing.contains(use.baseName.text)) else {
                        return nil
                    }
                    used.insert(use.baseName.text)
                    guard insertion.needsTry || insertion.needsAwait else { continue }
                    let existing = insertions[insertion.offset] ?? (false, false)
                    insertions[insertion.offset] = (existing.needsTry || insertion.needsTry, existing.needsAwait || insertion.needsAwait)
                }
            }
            // An `async let` that is never read is cancelled when the scope ends: not the same program.
            guard used == names else { return nil }
            func spelled(_ needs: (needsTry: Bool, needsAwait: Bool)) -> String {
                (needs.needsTry ? "try " : "") + (needs.needsAwait ? "await " : "")
            }
            for item in moved {
                // Cut with its leading trivia (the line break and indentation), `try await` added inside.
                let start = item.position.utf8Offset, end = item.endPosition.utf8Offset
                var text = Array(item.description.utf8)
                for (offset, needs) in insertions.filter({ $0.key >= start && $0.key < end }).sorted(by: { $0.key > $1.key }) {
                    text.insert(contentsOf: Array(spelled(needs).utf8), at: offset - start)
                    insertions[offset] = nil
                }
                edits.append(TextEdit(start: start, end: end, replacement: ""))
                trailing += String(decoding: text, as: UTF8.self)
            }
            if !trailing.isEmpty { edits.append(TextEdit(start: last.item.endOffset, end: last.item.endOffset, replacement: trailing)) }
            for (offset, needs) in insertions { edits.append(TextEdit(start: offset, end: offset, replacement: spelled(needs))) }
            return edits
        }

        /// `x` or `self.x`, not a part of one (`x.y`, `x[0]`) or a tuple.
        private static func isWholeVariable(_ target: ExprSyntax) -> Bool {
            if target.is(DeclReferenceExprSyntax.self) { return true }
            guard let member = target.as(MemberAccessExprSyntax.self) else { return false }
            return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        }

        /// Where `try`/`await` must go so that reading the `async let` `use` compiles, or nil when
        /// the read sits somewhere the rewrite cannot handle (a closure, `defer`, `try?`).
        private static func coverage(of use: DeclReferenceExprSyntax, throwing: Bool)
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
        private static func isStatementAnchor(_ parent: Syntax, of child: Syntax) -> Bool {
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

    /// The type written where `name` is declared: a local `var x: T` (`CalleeRefs.localDeclaration`),
    /// or a property `var x: T` of the type around `node`; or the type of the literal it starts
    /// from (`var x = ""`). Nil when neither shows it, when it is implicitly unwrapped, or when
    /// `name` is a parameter.
    static func declaredType(of name: String, before node: some SyntaxProtocol) -> String? {
        let binding: PatternBindingSyntax
        switch CalleeRefs.localDeclaration(of: name, at: node) {
        case .binding(let local)?: binding = local
        case .parameter?: return nil
        case nil:
            let properties = node.nearest(MemberBlockSyntax.self)?.members
                .compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap(\.bindings) ?? []
            guard let property = properties.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name })
            else { return nil }
            binding = property
        }
        if let type = binding.typeAnnotation?.type {
            return type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) ? nil : type.trimmedText
        }
        return literalType(binding.initializer?.value)
    }

    /// The type Swift gives a literal without context.
    private static func literalType(_ value: ExprSyntax?) -> String? {
        guard let value else { return nil }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        return nil
    }
}

extension SequentialIndependentAwaits {
    /// Whether Swift 6 accepts `async let` child tasks for these calls. A child task runs its
    /// initializer off the caller's actor, so (as swiftc reports, checked on each shape):
    /// - in actor-isolated code, a stored property it reads must have a Sendable type ("cannot exit
    ///   main actor-isolated context");
    /// - a result that comes back from actor-isolated code must be Sendable ("non-Sendable result
    ///   can not be returned from main actor-isolated instance method … to nonisolated context");
    /// - in nonisolated code, `self` may be captured only when its type is Sendable ("sending 'self'
    ///   risks causing data races"); a `mutating` method's `self` never ("mutable capture of
    ///   'inout' parameter 'self'").
    /// What the text does not show to be Sendable counts as not Sendable.
    struct AsyncLetSendability {
        let file: SourceFile
        let index: ProjectIndex
        let module: ModuleSettings

        func accepts(_ evidence: [AwaitOverlap.Evidence], at node: some SyntaxProtocol) -> Bool {
            let isolated = isActorIsolated(node)
            let function = node.nearest(FunctionDeclSyntax.self)
            if function?.modifiers.contains(where: { $0.name.text == "mutating" }) == true { return false }
            let isStatic = function?.modifiers.contains { ["static", "class"].contains($0.name.text) } ?? false
            let owner = enclosingType(of: node)
            let stored = owner.map { storedProperties(of: $0) } ?? [:]
            for item in evidence {
                // A result that leaves an actor must be Sendable; a nonisolated callee's stays in the child task.
                switch item.calleeIsolation {
                case .nonisolated?, .concurrent?, .caller?: break
                case .mainActor?, .globalActor?, .actorInstance?:
                    guard let results = item.resultTypes, results.allSatisfy(isSendable(typeText:)) else { return false }
                case .unknown?, nil: return false
                }
                let references = item.step.values.flatMap { collect(DeclReferenceExprSyntax.self, in: $0, within: .declaration) }
                let capturesSelf = (item.receiver == "self" && !isStatic)
                    || references.contains { $0.baseName.tokenKind == .keyword(.self) }
                    || references.contains { !$0.isMemberName && stored[$0.baseName.text] != nil && !isLocal($0.baseName.text, in: function) }
                if isolated {
                    for reference in references where !reference.isMemberName || reference.parent?.as(MemberAccessExprSyntax.self)?
                        .base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                        let name = reference.baseName.text
                        guard let property = stored[name], !isLocal(name, in: function) else { continue }
                        if !isSendable(property) { return false }
                    }
                } else if capturesSelf, !isStatic {
                    guard let owner, selfIsSendable(owner, stored: stored) else { return false }
                }
            }
            return true
        }

        private func isLocal(_ name: String, in function: FunctionDeclSyntax?) -> Bool {
            guard let function else { return false }
            if function.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) { return true }
            guard let body = function.body else { return false }
            return collect(IdentifierPatternSyntax.self, in: body, within: .everything).contains { $0.identifier.text == name }
        }

        /// An actor, a type declared `Sendable`, or a struct or enum whose stored properties are all Sendable.
        private func selfIsSendable(_ owner: DeclGroupSyntax, stored: [String: PatternBindingSyntax]) -> Bool {
            if owner.is(ActorDeclSyntax.self) { return true }
            if owner.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedText.contains("Sendable") }) == true { return true }
            guard owner.is(StructDeclSyntax.self) || owner.is(EnumDeclSyntax.self) else { return false }
            return stored.values.allSatisfy(isSendable)
        }

        /// Code isolated to an actor: a global-actor attribute, an actor, or a module whose default
        /// isolation is MainActor.
        func isActorIsolated(_ node: some SyntaxProtocol) -> Bool {
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
            if case .nonisolated = module.defaultIsolation { return false }
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
        private func storedProperties(of owner: DeclGroupSyntax) -> [String: PatternBindingSyntax] {
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
                    guard let variable = member.decl.as(VariableDeclSyntax.self),
                          !variable.modifiers.contains(where: { $0.name.text == "static" }) else { continue }
                    for binding in variable.bindings where binding.accessorBlock == nil {
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
            "TimeZone", "Calendar", "JSONDecoder", "JSONEncoder", "URLSession", "Void",
        ]

        /// Whether a property's type is Sendable as far as this file shows: library value types, and
        /// structs, enums, actors, global-actor or `Sendable` classes declared here.
        private func isSendable(_ property: PatternBindingSyntax) -> Bool {
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

        /// Whether a result type written as text (`[Post]?`, `Mastodon.Entity.Account`) is made
        /// only of library value types and types the module declares `Sendable` (or actors, or
        /// global-actor classes).
        func isSendable(typeText: String) -> Bool {
            var names: [String] = []
            var current = ""
            for character in typeText + " " {
                if character.isLetter || character.isNumber || character == "_" || character == "." {
                    current.append(character)
                } else if !current.isEmpty {
                    names.append(String(current.split(separator: ".").last ?? ""))
                    current = ""
                }
            }
            return names.allSatisfy { name in
                if Self.sendableLibraryTypes.contains(name) { return true }
                guard let type = index.type(named: name) else { return false }
                return type.kind == .actor || type.inherited.contains("Sendable") || index.globalActor(of: type) != nil
            }
        }
    }
}
