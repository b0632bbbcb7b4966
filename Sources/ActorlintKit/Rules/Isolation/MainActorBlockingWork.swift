import SwiftSyntax

/// CPU-heavy synchronous work in an async function that runs on the main actor.
struct MainActorBlockingWork: Rule {
    /// It looks inside `async` functions and `Task { }` bodies only.
    static let triggers = ["async", "Task"]

    static let description = RuleDescription(
        id: "main-actor-blocking-work",
        category: .isolation, set: .preview,
        summary: "CPU-heavy synchronous work in an async function that runs on the main actor",
        rationale: """
            `async` does not mean background. An async function runs where its isolation says: \
            a method of a `@MainActor` type, any code in a module with default isolation \
            MainActor, and a nonisolated async function under NonisolatedNonsendingByDefault \
            when its caller is on the main actor all run on the main actor, and their \
            synchronous stretches block the UI. Only the awaits free it. Move the heavy part \
            into a `@concurrent` function and await its result; the assignment back then \
            happens on the main actor again. (SE-0461)
            Cost model: a loop over a collection from outside the function that builds a string \
            or nests a second loop over outside data, without awaiting; decoding a collection \
            (`[Post].self`) or serializing a whole JSON/property-list document; synchronous \
            file reads, writes and directory listings; image decoding. Awaiting network calls \
            is not heavy, nor are encoding one value, decoding one object or sorting, which are \
            fast at the sizes apps handle. Test targets are not checked: a test that blocks the \
            main actor blocks no user.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        guard context.module.kind != .test else { return [] }
        var violations: [Violation] = []
        let callersOnMain = MainActorCallSites(context)
        for function in AsyncFunctions.all(in: context.file) {
            let isolation = context.isolation.isolation(of: function)
            var why: String
            switch isolation.isolation {
            case .mainActor:
                why = isolation.sentence(for: function.summary)
            case .caller:
                guard let name = function.node?.as(FunctionDeclSyntax.self)?.name.text,
                      let callSite = callersOnMain.firstCall(named: name) else { continue }
                why = "\(function.summary) runs on the caller's actor (nonisolated(nonsending), SE-0461) and is awaited from main-actor code at line \(callSite)"
            default:
                continue
            }
            guard let body = function.body else { continue }
            for work in HeavyWork.all(in: body) {
                violations.append(context.violation(
                    "Async does not mean background: \(why). \(work.what.prefix(1).uppercased() + work.what.dropFirst()) " +
                    "is synchronous work that blocks the UI while it runs; move it into a `@concurrent` function and await the result.",
                    at: work.node))
            }
        }
        return violations
    }
}

/// Async functions and async `Task { }` bodies: the units whose synchronous stretches block.
private enum AsyncFunctions {
    static func all(in file: SourceFile) -> [ExecutionContext] {
        file.sharedNodes.compactMap { node -> ExecutionContext? in
            if let function = node.as(FunctionDeclSyntax.self) {
                guard function.signature.effectSpecifiers?.asyncSpecifier != nil, function.body != nil else { return nil }
                return ExecutionContext(kind: .function, node: node)
            }
            if let closure = node.as(ClosureExprSyntax.self) {
                guard TaskCreation(body: closure) != nil else { return nil }
                return ExecutionContext(kind: .closure, node: node)
            }
            return nil
        }
    }
}

private extension ExecutionContext {
    /// The statements of a function or closure context.
    var body: Syntax? {
        if let function = node?.as(FunctionDeclSyntax.self) { return function.body.map(Syntax.init) }
        if let closure = node?.as(ClosureExprSyntax.self) { return Syntax(closure.statements) }
        return nil
    }
}

/// Awaited calls in main-actor code, by function name: how caller's-actor code ends up there.
private struct MainActorCallSites {
    private var lines: [String: Int] = [:]

    init(_ context: RuleContext) {
        let calls = context.file.awaits.compactMap { node -> (String, FunctionCallExprSyntax)? in
            var expression = ExprSyntax(node.expression)
            if let tryExpr = expression.as(TryExprSyntax.self) { expression = tryExpr.expression }
            guard let call = expression.as(FunctionCallExprSyntax.self), let name = call.calleeName else { return nil }
            return (name, call)
        }
        for (name, call) in calls where lines[name] == nil {
            if context.isolation.isolation(at: call).isolation == .mainActor { lines[name] = context.file.line(of: call) }
        }
    }

    func firstCall(named name: String) -> Int? { lines[name] }
}

/// The cost model of `main-actor-blocking-work`: synchronous code that is CPU- or I/O-heavy
/// enough to freeze a UI when it runs on the main actor. Deliberately narrow, so a finding is
/// worth a change (measured on four public apps, where broader versions mostly flagged work
/// on a handful of elements):
/// - a `for` loop over a collection that comes from outside (a parameter, property or call
///   result, not a literal) that builds a string (`+=` / `append` of text) or nests a second
///   loop over outside data, and does not await (a loop that awaits is waiting, not working);
/// - decoding a collection (`decode([Post].self, from:)`) or property-list / JSON
///   serialization of a whole document;
/// - synchronous file reads, writes and directory listings (`Data(contentsOf:)`, `write(to:)`…);
/// - image decoding from data or files.
/// Awaiting network calls is never heavy: the main actor is free while they wait. Encoding a
/// value, decoding a single object and sorting are cheap for the sizes apps handle and are
/// not flagged.
private struct HeavyWork {
    let node: Syntax
    /// "a loop over `rows`", "JSON decoding", for messages.
    let what: String

    static func all(in root: Syntax) -> [HeavyWork] {
        final class Finder: SyntaxVisitor {
            var found: [HeavyWork] = []
            override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
                guard node.awaitKeyword == nil, node.body.buildsText || node.body.containsExternalLoop, !node.body.containsAwait,
                      let source = HeavyWork.externalCollection(node.sequence) else { return .visitChildren }
                found.append(HeavyWork(node: Syntax(node), what: "the loop over `\(source)`"))
                return .skipChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let what = HeavyWork.heavyCall(node) {
                    found.append(HeavyWork(node: Syntax(node), what: what))
                    return .skipChildren
                }
                return .visitChildren
            }
            // Work inside a nested closure or function runs where that closure runs, not here.
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
                guard let call = node.invocation?.call, let method = call.calleeName,
                      Catalogue.synchronousClosureMethods.contains(method) else { return .skipChildren }
                return .visitChildren
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(root)
        return finder.found
    }

    /// The collection a loop iterates when it comes from outside the function's literals.
    static func externalCollection(_ sequence: ExprSyntax) -> String? {
        if sequence.is(ArrayExprSyntax.self) || sequence.is(DictionaryExprSyntax.self) { return nil }
        // `0..<3`, `1...10`: a fixed range of literals is bounded work.
        if let infix = sequence.as(InfixOperatorExprSyntax.self) {
            let bothLiterals = infix.leftOperand.is(IntegerLiteralExprSyntax.self) && infix.rightOperand.is(IntegerLiteralExprSyntax.self)
            return bothLiterals ? nil : sequence.trimmedText
        }
        if let sequence = sequence.as(SequenceExprSyntax.self) {
            let literals = sequence.elements.allSatisfy { $0.is(IntegerLiteralExprSyntax.self) || $0.is(BinaryOperatorExprSyntax.self) }
            return literals ? nil : sequence.trimmedText
        }
        return sequence.trimmedText
    }

    static func heavyCall(_ call: FunctionCallExprSyntax) -> String? {
        // Asked of every call in main-actor async code: texts of the callee and its receiver
        // (the whole chain before it) are built only in the cases that read them.
        var callee: String { call.calleeText }
        let method = call.calleeName ?? ""
        var receiver: String { call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedText.lowercased() ?? "" }
        let labels = call.arguments.compactMap { $0.label?.text }
        switch method {
        case "decode" where receiver.contains("decoder"):
            // A collection of records, `[Post].self`; a single small object decodes quickly.
            guard let type = call.arguments.first?.expression.trimmedText, type.hasPrefix("[") else { return nil }
            return "decoding `\(type)`"
        case "jsonObject" where callee.hasPrefix("JSONSerialization"), "data" where callee.hasPrefix("JSONSerialization"):
            return "JSON serialization"
        case "propertyList" where callee.hasPrefix("PropertyListSerialization"): return "property-list serialization"
        case "write" where labels.first == "to" || labels.first == "toFile": return "a synchronous file write"
        case "contentsOfDirectory", "subpathsOfDirectory": return "a synchronous directory listing"
        case "contents" where labels.first == "atPath": return "a synchronous file read"
        default: break
        }
        if call.calleeText(isOneOf: ["Data", "String", "NSData", "NSString"]), labels.first.map({ $0.hasPrefix("contentsOf") }) == true {
            return "a synchronous file read"
        }
        if call.calleeText(isOneOf: ["UIImage", "NSImage", "CIImage"]), labels.first == "data" || labels.first == "contentsOfFile" {
            return "image decoding"
        }
        return nil
    }
}

private extension CodeBlockSyntax {
    /// Builds a string: `+=` or `append`/`appending` whose operand is a string literal or
    /// interpolation.
    var buildsText: Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=",
                   elements[2].is(StringLiteralExprSyntax.self) || elements[2].as(SequenceExprSyntax.self)?.elements.contains(where: { $0.is(StringLiteralExprSyntax.self) }) == true {
                    found = true
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if ["append", "appending", "write"].contains(node.calleeName ?? ""), node.calledExpression.is(MemberAccessExprSyntax.self),
                   node.arguments.first?.expression.is(StringLiteralExprSyntax.self) == true {
                    found = true
                }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.found
    }

    /// Holds a nested `for` loop over outside data: quadratic work.
    var containsExternalLoop: Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
                if node.awaitKeyword == nil, HeavyWork.externalCollection(node.sequence) != nil { found = true }
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.found
    }
}
