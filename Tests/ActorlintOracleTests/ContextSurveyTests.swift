import ActorlintKit
import Foundation
import SwiftSyntax
import Testing

/// A survey for developers, not a check: `ACTORLINT_SURVEY=/path/to/repo swift test --filter
/// ContextSurvey` prints how many executable contexts of a real project resolve to each
/// isolation and the most common reasons for `unknown`, so the catalogue can grow where it
/// matters. Without the variable it does nothing.
@Suite(.tags(.slow)) struct ContextSurveyTests {
    @Test func surveyContexts() throws {
        guard let root = ProcessInfo.processInfo.environment["ACTORLINT_SURVEY"] else { return }
        let files = FileDiscovery().discover([root]).files
        let project = ProjectLoader.load(for: [root])
        let linter = Linter(project: project)
        let byModule = Dictionary(grouping: files.compactMap { try? linter.load($0) }) { project.settings(forAbsolutePath: URL(fileURLWithPath: $0.path).standardizedFileURL.path).key }
        var counts: [String: Int] = [:]
        var unknown: [String: Int] = [:]
        let indexes = byModule.mapValues { ProjectIndex(files: $0) }
        ProjectIndex.link(Array(indexes.values))
        for (key, moduleFiles) in byModule {
            let index = indexes[key]!
            for file in moduleFiles {
                let module = project.settings(forAbsolutePath: URL(fileURLWithPath: file.path).standardizedFileURL.path)
                let model = IsolationModel(file: file, module: module, index: index)
                for context in Contexts.all(in: file) {
                    let isolation = model.isolation(of: context).isolation
                    counts[isolation.jsonValue, default: 0] += 1
                    if case .unknown(let why) = isolation {
                        // Group "closure passed to `x.foo`" by the method name.
                        let key = why.replacingOccurrences(of: #"`[^`]*\.([A-Za-z_]+)`"#, with: "`.$1`", options: .regularExpression)
                        unknown[key, default: 0] += 1
                    }
                }
            }
            _ = key
        }
        let total = counts.values.reduce(0, +)
        print("survey \(root): \(files.count) files, \(total) contexts")
        for (isolation, count) in counts.sorted(by: { $0.value > $1.value }) {
            print("  \(isolation): \(count) (\(String(format: "%.1f", 100 * Double(count) / Double(max(total, 1))))%)")
        }
        print("  top unknown causes:")
        for (why, count) in unknown.sorted(by: { $0.value > $1.value }).prefix(25) { print("    \(count)  \(why)") }
    }
}

/// Every executable context of a file: functions, initializers, accessors, deinits, closures.
enum Contexts {
    static func all(in file: SourceFile) -> [ExecutionContext] {
        final class Visitor: SyntaxVisitor {
            var found: [ExecutionContext] = []
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                if node.body != nil { found.append(ExecutionContext(kind: .function, node: Syntax(node))) }
                return .visitChildren
            }
            override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
                found.append(ExecutionContext(kind: .initializer, node: Syntax(node)))
                return .visitChildren
            }
            override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
                found.append(ExecutionContext(kind: .deinitializer, node: Syntax(node)))
                return .visitChildren
            }
            override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
                found.append(ExecutionContext(kind: .accessor, node: Syntax(node)))
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
                found.append(ExecutionContext(kind: .closure, node: Syntax(node)))
                return .visitChildren
            }
        }
        let visitor = Visitor(viewMode: .sourceAccurate)
        visitor.walk(file.tree)
        return visitor.found
    }
}
