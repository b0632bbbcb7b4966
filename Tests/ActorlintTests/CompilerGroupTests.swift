@testable import ActorlintKit
import Foundation
import SwiftSyntax
import Testing

/// Findings the compiler reports itself (`RuleDescription.compilerGroup`): left to a compiler
/// known to have the group (`compiler-covered`: quiet, note or report), silenced by
/// `@diagnose(Group, as: ignored)` around them (SE-0522), and named in the docs and metadata.
@Suite struct CompilerGroupTests {
    static let rule = "weak-self-inner-only"

    /// One inner-only `[weak self]` (line 4) in `load(_:)` of `AvatarView`.
    static func avatar(attributes: String = "", typeAttributes: String = "") -> String {
        """
        \(typeAttributes)final class AvatarView {
            \(attributes)func load(_ loader: ImageLoader) {
                loader.load { result in
                    Task { @MainActor [weak self] in self?.show(result) }
                }
            }
        }
        protocol ImageLoader { func load(_ completion: @escaping (Int) -> Void) }
        """
    }

    static func module(_ version: String?, _ certainty: CompilerVersion.Certainty = .minimum) -> ModuleSettings {
        ModuleSettings(compiler: version.map { CompilerVersion(version: $0, certainty: certainty, evidence: "swift-tools-version \($0), Package.swift:1") })
    }

    static func findings(_ code: String, module: ModuleSettings, policy: Configuration.CompilerCovered = .quiet,
                         rules: Set<String> = [rule]) -> [Finding] {
        var configuration = Configuration()
        configuration.compilerCovered = policy
        return Linter(configuration: configuration, ruleIDs: rules)
            .findings(in: SourceFile(path: "Avatar.swift", text: code), module: module)
    }

    // MARK: compiler-covered

    @Test func aCompilerThatHasTheGroupTakesTheFindingOver() throws {
        let code = Self.avatar()
        // Unknown, or only known to be 6.2 or later: actorlint reports it, naming the group.
        for module in [Self.module(nil), Self.module("6.2"), Self.module("6.3", .stated)] {
            let found = Self.findings(code, module: module)
            #expect(found.count == 1)
            #expect(found.first?.severity == .warning)
            #expect(found.first?.message.hasSuffix("Swift 6.4 and later warn about this too (warning group `ImplicitStrongCapture`).") == true)
        }
        // Known to be 6.4 or later: quiet by default.
        for module in [Self.module("6.4"), Self.module("6.5", .stated)] {
            #expect(Self.findings(code, module: module).isEmpty)
        }
        // Only probably 6.4: the compiler may be an older one that stays silent.
        #expect(Self.findings(code, module: Self.module("6.4", .likely)).count == 1)
        let note = try #require(Self.findings(code, module: Self.module("6.4"), policy: .note).first)
        #expect(note.severity == .note)
        #expect(note.message.hasSuffix("The compiler reports this itself (warning group `ImplicitStrongCapture`, Swift 6.4 and later), and this project builds with Swift 6.4 or later (swift-tools-version 6.4, Package.swift:1)."))
        let reported = try #require(Self.findings(code, module: Self.module("6.4"), policy: .report).first)
        #expect(reported.severity == .warning && reported.message == note.message)
    }

    @Test func onlyRulesWithAGroupAreLeftToTheCompiler() {
        let code = Self.avatar() + "\nfunc f() { DispatchQueue.global().async { let x = 1; DispatchQueue.main.async { print(x) } } }\n"
        let found = Self.findings(code, module: Self.module("6.4", .stated), rules: [Self.rule, "dispatch-global-for-cpu-work"])
        #expect(found.map(\.ruleID) == ["dispatch-global-for-cpu-work"])
    }

    /// A suppression comment for a finding the compiler covers is still used: it is not
    /// reported as silencing nothing when the policy hides the finding anyway.
    @Test func aCommentThatSilencesACoveredFindingIsNotUnused() {
        let code = Self.avatar(attributes: "// actorlint:disable:next weak-self-inner-only\n    ")
            .replacingOccurrences(of: "            Task {", with: "            // actorlint:disable:next weak-self-inner-only\n            Task {")
        let found = Self.findings(code, module: Self.module("6.4"), rules: [Self.rule, UnusedSuppression.description.id])
        #expect(found.map(\.ruleID) == ["unused-suppression"], "only the comment above the function, which covers no finding")
    }

    @Test func theConfigurationKeyTakesThreeValuesAndNamesTheLineOfAWrongOne() throws {
        for value in ["quiet", "note", "report"] {
            let configuration = try Configuration.parse(Data("{\"compiler-covered\": \"\(value)\"}".utf8), path: "/p/.actorlint.json")
            #expect(configuration.compilerCovered.rawValue == value)
        }
        #expect(Configuration().compilerCovered == .quiet)
        #expect(throws: ConfigurationError.self) { try Configuration.parse(Data("{\"compiler-covered\": true}".utf8), path: "x") }
        do {
            _ = try Configuration.parse(Data("{\n  \"select\": [\"all\"],\n  \"compiler-covered\": \"silent\"\n}".utf8), path: "/p/.actorlint.json")
            Issue.record("an unknown value was accepted")
        } catch {
            #expect(error.description == "/p/.actorlint.json:3: error: 'compiler-covered' must be one of \"quiet\", \"note\", \"report\"")
        }
    }

    // MARK: @diagnose (SE-0522)

    @Test func diagnoseIgnoredOnTheDeclarationSilencesItsFindings() {
        let module = Self.module(nil)
        #expect(Self.findings(Self.avatar(attributes: "@diagnose(ImplicitStrongCapture, as: ignored, reason: \"a view lives as long as its loader\")\n    "), module: module).isEmpty)
        // On the enclosing type: its members are in its scope.
        #expect(Self.findings(Self.avatar(typeAttributes: "@diagnose(ImplicitStrongCapture, as: ignored)\n"), module: module).isEmpty)
        // Another group, or a behaviour that does not silence: the finding stands.
        for attribute in ["@diagnose(DeprecatedDeclaration, as: ignored)", "@diagnose(ImplicitStrongCapture, as: warning)",
                          "@diagnose(ImplicitStrongCapture, as: error)", "@available(*, deprecated)"] {
            #expect(Self.findings(Self.avatar(attributes: attribute + "\n    "), module: module).count == 1, "\(attribute)")
        }
    }

    @Test func theInnermostAttributeAndTheLastOnADeclarationDecide() {
        let module = Self.module(nil)
        // An inner `as: warning` undoes the type's `ignored` for its own scope.
        let undone = Self.avatar(attributes: "@diagnose(ImplicitStrongCapture, as: warning)\n    ",
                                 typeAttributes: "@diagnose(ImplicitStrongCapture, as: ignored)\n")
        #expect(Self.findings(undone, module: module).count == 1)
        // Of two on one declaration, the lexically last wins.
        let lastIgnores = Self.avatar(attributes: "@diagnose(ImplicitStrongCapture, as: error)\n    @diagnose(ImplicitStrongCapture, as: ignored)\n    ")
        #expect(Self.findings(lastIgnores, module: module).isEmpty)
        let lastWarns = Self.avatar(attributes: "@diagnose(ImplicitStrongCapture, as: ignored)\n    @diagnose(ImplicitStrongCapture, as: warning)\n    ")
        #expect(Self.findings(lastWarns, module: module).count == 1)
    }

    @Test func theScopeIsTheDeclarationNotItsNeighbours() {
        let code = """
            final class Screens {
                @diagnose(ImplicitStrongCapture, as: ignored)
                func first(_ loader: ImageLoader) {
                    loader.load { result in Task { @MainActor [weak self] in self?.show(result) } }
                }
                func second(_ loader: ImageLoader) {
                    loader.load { result in Task { @MainActor [weak self] in self?.show(result) } }
                }
                var third: Int {
                    @diagnose(ImplicitStrongCapture, as: ignored)
                    get { loader.load { result in Task { @MainActor [weak self] in self?.show(result) } }; return 0 }
                }
                @diagnose(ImplicitStrongCapture, as: ignored)
                var stored = { loader.load { result in Task { @MainActor [weak self] in self?.show(result) } } }
            }
            protocol ImageLoader { func load(_ completion: @escaping (Int) -> Void) }
            """
        // `second` has no attribute; a stored property is no scope for `@diagnose` (SE-0522).
        #expect(Self.findings(code, module: Self.module(nil)).map(\.range.start.line) == [7, 14])
    }

    @Test func anAttributeTheRuleDoesNotMapIsAnywayNotReportedAsUnused() {
        // Unlike an `// actorlint:disable` comment, an attribute that silences no finding is the
        // compiler's business: it may silence the compiler's own warnings of its group.
        let code = """
            @diagnose(ImplicitStrongCapture, as: ignored)
            func quiet() {}
            @diagnose(DeprecatedDeclaration, as: ignored)
            func legacy() {}
            """
        #expect(Self.findings(code, module: Self.module(nil), rules: Set(RuleRegistry.allIDs)).isEmpty)
    }

    @Test func theAttributeIsReadFromItsTokens() throws {
        let file = SourceFile(path: "T.swift", text: """
            @diagnose(ImplicitStrongCapture, as: ignored, reason: "x, as: warning")
            @diagnose(NoUseUnstructuredThrowingTask,as:error)
            @diagnose(as: ignored)
            @MainActor func f() {}
            """)
        let function = try #require(file.shared(FunctionDeclSyntax.self).first)
        let read = function.attributes.map { DiagnoseAttributes.argument($0).map { "\($0.group) \($0.behaviour.rawValue)" } ?? "-" }
        #expect(read == ["ImplicitStrongCapture ignored", "NoUseUnstructuredThrowingTask error", "-", "-"])
    }

    // MARK: Where the group is named

    @Test func theGroupIsNamedInTheRulesDocsAndMetadata() throws {
        let description = try #require(RuleRegistry.descriptions.first { $0.id == Self.rule })
        #expect(description.compilerGroup == .implicitStrongCapture)
        #expect(RuleDocumentation.text(description).contains("The compiler\n  Swift 6.4 and later report this too, as warning group `ImplicitStrongCapture`"))
        #expect(RuleDocumentation.markdown(description).contains("**The compiler.** Swift 6.4 and later"))
        let sarif = SARIFReporter().render(Report(findings: [], failures: [], fileCount: 0, sourceLines: [:], failOn: .warning))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let rules = try #require(((((root["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]))
        let properties = try #require(rules.first { $0["id"] as? String == Self.rule }?["properties"] as? [String: Any])
        let group = try #require(properties["compilerDiagnosticGroup"] as? [String: String])
        #expect(group == ["name": "ImplicitStrongCapture", "since": "6.4",
                          "documentation": "https://docs.swift.org/compiler/documentation/diagnostics/implicit-strong-capture"])
        // Rules without a group say nothing of one.
        let other = try #require(rules.first { $0["id"] as? String == "reflexive-weak-self" }?["properties"] as? [String: Any])
        #expect(other["compilerDiagnosticGroup"] == nil)
        #expect(RuleRegistry.descriptions.filter { $0.compilerGroup != nil }.map(\.id) == [Self.rule])
    }
}
