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
            into a `@concurrent` function (before Swift 6.2, a `nonisolated` async one) and await its result; the assignment back then \
            happens on the main actor again. (SE-0461)
            A finding needs evidence of size, not just an API's name: a loop over a collection \
            from outside the function that builds text or nests a second loop over outside data; \
            decoding a collection (`[Post].self`) or serializing a JSON/property-list array; \
            reading a whole file into `Data` or writing data that was not just encoded from one \
            value (a download, a picked file, an export); packing or unpacking an archive; \
            listing a directory; encoding or decoding a whole image; or a synchronous function \
            of the same type, in the same file, that does one of these. And a UI that can block: \
            an app, a UI extension or library, or a library one of them imports. (Apple's \
            "Improving app responsiveness")
            """,
        limits: """
            Awaiting is never blocking, nor are encoding one value, decoding or serializing one \
            object, sorting, bundled resources, and text files read or written as strings \
            (settings, small documents): their size is not known to be large. `UIImage(data:)` \
            decodes lazily, when the image is first drawn, so it is not counted. Test code, \
            command-line tools (a `ParsableCommand`), widget timeline providers and extensions \
            without UI block no user and are not checked. Calls are followed one level, into \
            functions of the same type declared in the same file.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        guard context.module.kind != .test,
              InteractiveUI.moduleHasUI(context.module, project: context.project, indexes: context.indexes, index: context.isolation.index)
        else { return [] }
        var violations: [Violation] = []
        let callersOnMain = MainActorCallSites(context)
        // The spelling of "off the actor" the module's compiler has.
        let spelling = OffActorSpelling(context.module)
        let destination = spelling.form == .unknown ? "a `@concurrent` function (before Swift 6.2: a `nonisolated` async one)" : spelling.function
        for function in AsyncFunctions.all(in: context.file) {
            let isolation = context.isolation.isolation(of: function)
            var why: String
            switch isolation.isolation {
            case .mainActor:
                why = isolation.briefSentence(for: function.summary)
            case .caller:
                guard let name = function.node?.as(FunctionDeclSyntax.self)?.name.text,
                      let callSite = callersOnMain.firstCall(named: name) else { continue }
                why = "\(function.summary) runs on the caller's actor (nonisolated(nonsending), SE-0461) and is awaited from main-actor code at line \(callSite)"
            default:
                continue
            }
            guard let body = function.body, InteractiveUI.contains(body, file: context.file, module: context.module, project: context.project,
                                                                            indexes: context.indexes, index: context.isolation.index) else { continue }
            for work in BlockingWork.all(in: body, file: context.file) {
                violations.append(context.violation(
                    "Async does not mean background: \(why). \(work.what.prefix(1).uppercased() + work.what.dropFirst()) blocks " +
                    "the UI while it runs; move it into \(destination) and await the result.",
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
            guard let call = node.expression.peeled(.try).as(FunctionCallExprSyntax.self), let name = call.calleeName else { return nil }
            return (name, call)
        }
        for (name, call) in calls where lines[name] == nil {
            if context.isolation.isolation(at: call).isolation == .mainActor { lines[name] = context.file.line(of: call) }
        }
    }

    func firstCall(named name: String) -> Int? { lines[name] }
}
