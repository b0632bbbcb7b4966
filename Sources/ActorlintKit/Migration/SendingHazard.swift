import SwiftSyntax

/// Async calls that stay on the global concurrent executor after the change, because the callee
/// is built without `NonisolatedNonsendingByDefault`, and that take a value which is usually not
/// Sendable. Code that moves onto its caller's actor (SE-0461) would send that value across
/// actors to make the call, which swiftc rejects ("sending 'upstream' risks causing data
/// races"), so such code keeps `@concurrent`, which is where it runs today:
/// - an async iterator's `next()`: the standard library's `AsyncIteratorProtocol.next()` is
///   nonisolated (`next(isolation:)`, SE-0421, would stay on the caller's actor, but needs the
///   Swift 6.0 runtime: macOS 15, iOS 18); a task group's `next()` takes the caller's isolation
///   and is not one;
/// - `super.method()` in an override of a class from another module (`XCTestCase.setUp()`),
///   which sends `self`.
enum SendingHazard {
    /// "`upstream.next()` (line 56)" for the first such call the code itself awaits (not a
    /// closure in it, which is marked on its own: `parser.next { @concurrent in try await upstream.next() }`).
    /// `index`: the module's, to tell a superclass of the module from another module's.
    static func firstCall(in body: Syntax, file: SourceFile, index: ProjectIndex) -> String? {
        for awaited in collect(AwaitExprSyntax.self, in: body, within: .context) {
            // `await validator.next(upstream.next())`: every call the `await` covers.
            for call in collect(FunctionCallExprSyntax.self, in: awaited.expression, within: .context) {
                guard let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { continue }
                if receiver.is(SuperExprSyntax.self), let name = call.calleeName, let superclass = superclass(of: call, index: index) {
                    return "`super.\(name)(…)` (line \(file.line(of: call))), a method of `\(superclass)` from another module"
                }
                guard call.calleeName == "next", call.arguments.isEmpty, call.trailingClosure == nil,
                      !receiver.trimmedText.lowercased().contains("group") else { continue }
                return "`\(receiver.trimmedText).next()` (line \(file.line(of: call))), an async iterator's `next()`"
            }
        }
        return nil
    }

    static func reason(_ call: String) -> String {
        "it awaits \(call), which is built without NonisolatedNonsendingByDefault and so runs on the global concurrent "
            + "executor: from its caller's actor the call would send a non-Sendable value across actors, which does not "
            + "compile (SE-0461). `@concurrent` keeps it where it runs today"
    }

    /// The superclass of the class around `call` when the module does not declare it.
    private static func superclass(of call: FunctionCallExprSyntax, index: ProjectIndex) -> String? {
        guard let type = call.nearest(ClassDeclSyntax.self), let first = type.inheritanceClause?.inheritedTypes.first else { return nil }
        let name = ProjectIndex.baseName(first.type)
        if let declared = index.type(named: name), !declared.isForeign { return nil }
        return name
    }
}
