import SwiftSyntax

extension FunctionSummary {
    /// One walk over a function body that gathers its summary.
    final class BodyWalker: SyntaxVisitor {
        let body: CodeBlockSyntax
        let owner: String?
        /// Parameters, locals and closure parameters: names that are not state.
        private var locals: Set<String> = []
        /// The declared type of a parameter or local, when the text shows it.
        private var localTypes: [String: String] = [:]
        /// Calls already recorded as awaited.
        private var awaitedCalls: Set<SyntaxIdentifier> = []

        var leaf: Leaf?
        var waits: [Call] = []
        var calls: [Call] = []
        var httpMethods: Set<String> = []
        var writes: Set<String> = []
        var reads: Set<String> = []

        init(function: FunctionDeclSyntax, owner: String?) {
            body = function.body!
            self.owner = owner
            for parameter in function.signature.parameterClause.parameters {
                let name = (parameter.secondName ?? parameter.firstName).text
                locals.insert(name)
                localTypes[name] = ProjectIndex.baseName(parameter.type)
            }
            super.init(viewMode: .sourceAccurate)
        }

        // Nested functions are summarized on their own.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
            locals.insert(node.identifier.text)
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
            if let annotation = node.typeAnnotation?.type {
                localTypes[name] = ProjectIndex.baseName(annotation)
            } else if let value = node.initializer?.value, case .type(let type) = receiver(ofValue: value) {
                localTypes[name] = type
            }
            return .visitChildren
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            locals.formUnion(Flow.parameterNames(of: node))
            return .visitChildren
        }

        override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
            // Every call one `await` covers is awaited: `await decode(from: get(url))` waits in `get` too.
            var covered = collect(FunctionCallExprSyntax.self, in: node.expression, within: .context)
            if let outermost = node.expression.peeled(.try).awaitedCall, let index = covered.firstIndex(where: { $0.id == outermost.id }) {
                covered.insert(covered.remove(at: index), at: 0)
            }
            let everyPath = FunctionSummary.runsOnEveryPath(node, in: body)
            for call in covered where !awaitedCalls.contains(call.id) {
                awaitedCalls.insert(call.id)
                record(awaited: call, everyPath: everyPath)
            }
            return .visitChildren
        }

        private func record(awaited call: FunctionCallExprSyntax, everyPath: Bool) {
            if let found = FunctionSummary.leaf(of: call) {
                // A URLSession transfer from a URL is a GET.
                if found.kind == .network, found.text.hasSuffix("(from:)"), !found.text.hasPrefix("URLSession.upload") {
                    httpMethods.insert("GET")
                }
                if everyPath, leaf == nil {
                    var found = found
                    if found.kind == .bridge, let closure = call.trailingClosure ?? call.onlyClosure {
                        // The object whose callback resumes the continuation: what the closure calls first.
                        found.object = collect(FunctionCallExprSyntax.self, in: closure, within: .declaration)
                            .first { $0.calleeName?.hasPrefix("resume") == false }.map { receiver(of: $0) }
                    }
                    leaf = found
                    return
                }
            }
            guard let summarized = summarize(call, awaited: true) else { return }
            if everyPath { waits.append(summarized) } else { calls.append(summarized) }
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
               StateWrite.mutatingMethods[member.declName.baseName.text] != nil,
               let root = Flow.rootName(of: base), isState(root) {
                writes.insert(root)
            }
            if !awaitedCalls.contains(node.id), let summarized = summarize(node, awaited: false) { calls.append(summarized) }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            // `x = …`, `self.x += …`: the element before the first assignment operator.
            var previous: ExprSyntax?
            for element in node.elements {
                if element.is(AssignmentExprSyntax.self) || Self.isCompoundAssignment(element) {
                    if let target = previous, let root = Flow.rootName(of: target), isState(root) { writes.insert(root) }
                    break
                }
                previous = element
            }
            return .visitChildren
        }

        private static func isCompoundAssignment(_ element: ExprSyntax) -> Bool {
            guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text, op.utf8.last == UInt8(ascii: "=") else { return false }
            return op != "==" && op != "!=" && op != "<=" && op != ">=" && op != "==="
        }

        override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
            if let root = Flow.rootName(of: node.expression), isState(root) { writes.insert(root) }
            return .visitChildren
        }

        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            if node.segments.count == 1, let text = node.segments.first?.as(StringSegmentSyntax.self)?.content.text,
               FunctionSummary.httpMethodNames.contains(text) {
                httpMethods.insert(text)
            }
            return .skipChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.declName.baseName.text
            let method = FunctionSummary.httpMethodSpellings[name]
            if let base = node.base {
                if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { reads.insert(name) }
                // `HTTPMethod.post`, `Method.GET`.
                if let method, let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text, type.hasSuffix("Method") {
                    httpMethods.insert(method)
                }
            } else if let method, node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id {
                // `.get`, `.POST` as a value (`method: .post`, `.rest(.get, "states")`).
                httpMethods.insert(method)
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard case .identifier(let name) = node.baseName.tokenKind,
                  let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
                  !node.isMemberName, isState(name),
                  node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id else { return .visitChildren }
            reads.insert(name)
            return .visitChildren
        }

        /// A root that names state rather than a local: not a parameter, local, `self` or `$0`.
        private func isState(_ root: String) -> Bool {
            !locals.contains(root) && root != "self" && root != "super" && !root.hasPrefix("$")
        }

        /// The call as the summary keeps it: calls on `self`, on types and on state, and awaited
        /// calls on locals; nil for others (methods of local values, initializers).
        private func summarize(_ call: FunctionCallExprSyntax, awaited: Bool) -> Call? {
            guard let name = call.calleeName, let first = name.utf8.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
            else { return nil }
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), locals.contains(reference.baseName.text) {
                return nil
            }
            let receiver = receiver(of: call)
            if case .local = receiver, !awaited { return nil }
            return Call(name: name, labels: Call.labels(of: call), receiver: receiver)
        }

        /// What `call` is made on.
        func receiver(of call: FunctionCallExprSyntax) -> Call.Receiver {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return .this }
            guard let base = member.base else { return .local(nil) }
            return receiver(ofValue: base)
        }

        /// What a value expression is: `self`, a type (or its instance: `T.shared`, `T(…)`), state, a local.
        func receiver(ofValue value: ExprSyntax) -> Call.Receiver {
            if let reference = value.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if reference.baseName.tokenKind == .keyword(.self) || name == "super" { return .this }
                if name == "Self" { return .type(owner ?? "Self") }
                if name.first?.isUppercase == true { return .type(name) }
                return locals.contains(name) ? .local(localTypes[name]) : .state(name)
            }
            if value.is(SuperExprSyntax.self) { return .this }
            if let member = value.as(MemberAccessExprSyntax.self), let base = member.base {
                if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                    return .state(member.declName.baseName.text)
                }
                let inner = receiver(ofValue: base)
                // `Mastodon.API.Account`: the last type of a path of types.
                if case .type = inner, member.declName.baseName.text.first?.isUppercase == true {
                    return .type(member.declName.baseName.text)
                }
                return inner
            }
            if let call = value.as(FunctionCallExprSyntax.self) {
                // `Provider(…)`: a new instance of the type.
                if let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true {
                    return .type(type)
                }
                return .local(nil)
            }
            if let chained = value.as(OptionalChainingExprSyntax.self) { return receiver(ofValue: chained.expression) }
            if let forced = value.as(ForceUnwrapExprSyntax.self) { return receiver(ofValue: forced.expression) }
            return .local(nil)
        }
    }
}
