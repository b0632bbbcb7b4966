import ActorlintKit
import Foundation
import SwiftSyntax
import Testing

/// Pipeline and fixer bugs found by running actorlint on real repositories (Scripts/corpus.py)
/// and by the fuzz target (Fuzz/), each reduced to a small program of our own.
@Suite struct RealWorldRegressionTests {
    /// A package with a `@MainActor` class in one file and an extension of it in another:
    /// whether the extension runs on the main actor is only known from the module's index.
    private func mainActorStoreExtendedInAnotherFile() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "App", targets: [.executableTarget(name: "App")])

            """)
        try folder.write("Sources/App/Store.swift", """
            @MainActor
            final class Store {
                var items: [String] = []
            }

            """)
        try folder.write("Sources/App/Store+Refresh.swift", """
            import Foundation

            extension Store {
                func refresh() {
                    DispatchQueue.main.async {
                        self.items = []
                    }
                }

                func reload(from source: Source) {
                    source.fetch { items in
                        DispatchQueue.main.async {
                            self.items = items
                        }
                    }
                }
            }

            """)
        return folder
    }

    /// `fix` analysed each file with an index of that file alone, so it saw `Store` as
    /// nonisolated and applied main-dispatch-in-callback rewrites that `check` (which knows the
    /// whole module) never reported, instead of the redundant-main-dispatch fix it did report.
    @Test func fixSeesTheSameModuleIndexAsCheck() throws {
        let folder = try mainActorStoreExtendedInAnotherFile()
        let check = actorlint("check", folder.path, "--select", "all", "--format", "xcode")
        let reported = check.output.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(reported.count == 1 && reported.first?.hasSuffix("[redundant-main-dispatch]") == true, "\(check.output)")

        let fix = actorlint("fix", folder.path, "--select", "all", "--unsafe-fixes")
        #expect(fix.code == 0, "\(fix.errors)")
        #expect(try folder.read("Sources/App/Store+Refresh.swift") == """
            import Foundation

            extension Store {
                func refresh() {
                    self.items = []
                }

                func reload(from source: Source) {
                    source.fetch { items in
                        DispatchQueue.main.async {
                            self.items = items
                        }
                    }
                }
            }

            """)
    }

    /// Corpus (an app's view models): `fix` added `@MainActor` to a model (pass 1), then in
    /// pass 2 unwrapped a `DispatchQueue.main.async` that had just become "redundant". `check`
    /// had reported that dispatch only as main-dispatch-in-async, which has no fix, so the
    /// change was never shown; it also turns a deferred update into an immediate one.
    /// A fix can make another finding (adding `@MainActor` makes the hop inside redundant):
    /// `fix` goes on until nothing is left, so that a second run changes nothing (ruff does the
    /// same); `passes: 1` fixes only what `check` showed.
    @Test func laterPassesFixWhatEarlierFixesMadeFixable() {
        let before = """
            import SwiftUI

            final class DownloadsModel: ObservableObject {
                @Published var progress = 0.0
                @Published var isLoading = false

                func refresh() async {
                    let value = await fetchProgress()
                    isLoading = false
                    DispatchQueue.main.async {
                        self.progress = value
                    }
                }
            }

            struct DownloadsView: View {
                @StateObject var model = DownloadsModel()

                var body: some View {
                    Text("\\(model.progress)")
                }
            }

            """
        let linter = Linter(ruleIDs: Set(RuleRegistry.allIDs))
        let file = SourceFile(path: "DownloadsModel.swift", text: before)
        let reported = linter.findings(in: file, module: .plainSwift6)
        #expect(reported.map(\.ruleID) == ["ui-model-missing-main-actor", "published-mutation-off-main", "main-dispatch-in-async"], "precondition")
        let annotated = before.replacingOccurrences(of: "final class", with: "@MainActor\nfinal class")
        let onePass = Fixer(linter: linter, includeUnsafe: true, passes: 1).fix(file, module: .plainSwift6)
        #expect(onePass.applied == 1)
        #expect(onePass.text == annotated)
        let outcome = Fixer(linter: linter, includeUnsafe: true).fix(file, module: .plainSwift6)
        #expect(outcome.applied == 2)
        #expect(outcome.text == annotated.replacingOccurrences(of: """
                    DispatchQueue.main.async {
                        self.progress = value
                    }
            """, with: """
                    self.progress = value
            """))
        #expect(Fixer(linter: linter, includeUnsafe: true).fix(SourceFile(path: file.path, text: outcome.text), module: .plainSwift6).text == outcome.text)
    }

    /// Fuzzing: on broken syntax (`guard let self el` above `guard let self else`), a rule's
    /// fix had two overlapping edits, and applying them trapped in `Array.replaceSubrange`,
    /// killing the whole `fix` run. A malformed fix is now skipped; the others still apply.
    @Test func aFixWithMalformedEditsIsSkippedNotTrapped() {
        let text = "let a = \"é\"\nlet b = 2\n"
        let good = Fix(title: "good", safety: .safe, edits: [TextEdit(start: 4, end: 5, replacement: "x")])
        let overlapping = Fix(title: "overlapping", safety: .safe, edits: [
            TextEdit(start: 14, end: 20, replacement: ""), TextEdit(start: 18, end: 22, replacement: "c = 3"),
        ])
        let pastTheEnd = Fix(title: "past the end", safety: .safe, edits: [TextEdit(start: 20, end: 99, replacement: "")])
        // Offset 10 is inside `é` (two bytes at 9..<11): cutting there would write U+FFFD.
        let splitsACharacter = Fix(title: "splits", safety: .safe, edits: [TextEdit(start: 10, end: 11, replacement: "e")])
        let result = Fixer.apply([overlapping, pastTheEnd, splitsACharacter, good], to: text)
        #expect(result == ("let x = \"é\"\nlet b = 2\n", 1))
    }

    /// Fuzzing, after the change above: main-dispatch-in-callback turns the dispatch into
    /// `Task { @MainActor [weak self] in self?.… }`, which reflexive-weak-self then flags on the
    /// same line. Later passes may finish work on the lines the first pass touched, so one `fix`
    /// run gives the final text and a second changes nothing.
    @Test func laterPassesMayFinishTheLinesTheFirstPassTouched() {
        let before = """
            final class Board {
                func repaint(_ tiles: [Tile]) {
                    tiles.forEach { tile in
                        DispatchQueue.main.async { [weak self] in self?.paint(tile) }
                    }
                }
            }

            """
        let fixer = Fixer(linter: Linter(ruleIDs: Set(RuleRegistry.allIDs)), includeUnsafe: true)
        let once = fixer.fix(SourceFile(path: "Board.swift", text: before), module: .plainSwift6)
        #expect(once.text == before.replacingOccurrences(
            of: "DispatchQueue.main.async { [weak self] in self?.paint(tile) }",
            with: "Task { @MainActor in self.paint(tile) }"))
        let twice = fixer.fix(SourceFile(path: "Board.swift", text: once.text), module: .plainSwift6)
        #expect(twice.text == once.text)
    }

    /// Fuzzing: SwiftSyntax's `ParseDiagnosticsGenerator`, which the fixer used to count syntax
    /// errors, traps on a control character glued to an operator. Any file of that shape with a
    /// fixable finding took the whole `fix` run down (SIGILL, no file written).
    @Test func aControlCharacterBeforeAnOperatorDoesNotTrapTheFixer() throws {
        let text = onAppearSource + "let gap \u{1D}= 1\n"
        let file = SourceFile(path: "V.swift", text: text)
        #expect(file.hasSyntaxErrors, "precondition: the parser reports the control character")
        #expect(Fixer.syntaxErrorCount(file) > 0)
        let outcome = Fixer(linter: Linter.testing, includeUnsafe: true).fix(file, module: .plainSwift6)
        #expect(outcome.rejection == nil)
        #expect(outcome.text.contains(".task { await model.refresh() }"))

        let folder = try TemporaryDirectory()
        try folder.write("V.swift", text)
        let result = actorlint("fix", folder.path, "--unsafe-fixes")
        #expect(result.code == 0, "\(result.errors)")
    }

    /// A rule whose fix does not remove its own finding: it always asks to put `@MainActor`
    /// before the first class, whether or not it is there.
    struct ForgetfulRule: Rule {
        static let description = RuleDescription(
            id: "forgetful", category: .isolation, summary: "test only", rationale: "test only",
            triggering: [], nonTriggering: [])
        func violations(in context: RuleContext) -> [Violation] {
            guard let keyword = context.file.tree.tokens(viewMode: .sourceAccurate).first(where: { $0.tokenKind == .keyword(.class) }) else { return [] }
            let offset = keyword.positionAfterSkippingLeadingTrivia.utf8Offset
            let fix = Fix(title: "Add `@MainActor`", safety: .unsafe, edits: [TextEdit(start: offset, end: offset, replacement: "@MainActor\n    ")])
            return [context.violation("not main-actor isolated", at: keyword, fix: fix)]
        }
    }

    /// Fuzzing (a function with a completion handler whose body the parser could not close):
    /// completion-handler-to-async did not see the async variant its fix had added, and the
    /// fixer added it again on every one of its ten passes. Corpus: the stale index below did
    /// the same with `@MainActor`. The fixer now stops at the first insertion.
    @Test func aFixThatDoesNotRemoveItsFindingIsAppliedOnce() {
        var linter = Linter(ruleIDs: ["forgetful"])
        linter.rules = [ForgetfulRule.self]
        let before = """
            extension Onboarding {
                class Model: ObservableObject {
                    @Published var title = ""
                }
            }

            """
        let outcome = Fixer(linter: linter, includeUnsafe: true).fix(SourceFile(path: "M.swift", text: before), module: .plainSwift6)
        #expect(outcome.text == before.replacingOccurrences(of: "    class Model", with: "    @MainActor\n    class Model"))
        #expect(outcome.applied == 1)
    }

    /// Marks a class `@MainActor` (by rewriting its `class` keyword) when the module's index
    /// says it is not.
    struct IndexedRule: Rule {
        static let description = RuleDescription(
            id: "indexed", category: .isolation, summary: "test only", rationale: "test only",
            triggering: [], nonTriggering: [])
        func violations(in context: RuleContext) -> [Violation] {
            context.file.tree.statements.compactMap { item -> Violation? in
                guard let decl = item.item.as(ClassDeclSyntax.self),
                      context.isolation.index.type(named: decl.name.text)?.attributes.contains("MainActor") == false else { return nil }
                return context.violation("not main-actor isolated", at: decl.classKeyword,
                                         fix: Fix(title: "Add `@MainActor`", safety: .unsafe,
                                                  edits: [context.replace(decl.classKeyword, with: "@MainActor class")]))
            }
        }
    }

    /// After the index fix above, the fixer handed the module's index, built before any fix, to
    /// every pass: a rule asking the index whether a class is `@MainActor` was told "no" after
    /// its own fix had added it, and fixed it again (ten `@MainActor`s on a real app's model).
    @Test func everyPassSeesTheFileAsItNowIs() {
        var linter = Linter(ruleIDs: ["indexed"])
        linter.rules = [IndexedRule.self]
        let before = "class Counter: ObservableObject {\n    @Published var count = 0\n}\n"
        let file = SourceFile(path: "Counter.swift", text: before)
        let moduleIndex = ProjectIndex(files: [file, SourceFile(path: "Other.swift", text: "@MainActor final class Other {}\n")])
        let outcome = Fixer(linter: linter, includeUnsafe: true).fix(file, module: .plainSwift6, index: moduleIndex)
        #expect(outcome.text == "@MainActor class Counter: ObservableObject {\n    @Published var count = 0\n}\n")

        let updated = ProjectIndex(updating: moduleIndex, with: SourceFile(path: "Counter.swift", text: outcome.text))
        #expect(updated.type(named: "Counter")?.attributes == ["MainActor"])
        #expect(updated.type(named: "Other")?.attributes == ["MainActor"], "the module's other files stay indexed")
    }

    /// Fuzzing, after limiting later passes: the catch-all below is reported by
    /// cancellation-shown-as-error, whose fix is withheld while the error is shown through
    /// `MainActor.run`; once redundant-main-actor-run has unwrapped that hop (pass 1), the rule
    /// offers its fix on the same lines (pass 2). That finding was shown, so one run applies both.
    @Test func aShownFindingMayBeFixedOnceAnotherFixMadeItFixable() {
        let before = """
            final class Uploader {
                @MainActor var status = ""
                @MainActor func send(_ files: [URL], api: API) async {
                    do {
                        try await Task.sleep(for: .seconds(1))
                    } catch {
                        await MainActor.run { status = "Upload failed: \\(error)" }
                    }
                }
            }
            // `.task` cancels the upload when the screen goes away: the cancellation source.
            struct UploadScreen: View {
                let uploader: Uploader
                var body: some View { Text("Uploading").task { await uploader.send([], api: API()) } }
            }

            """
        let linter = Linter(ruleIDs: Set(RuleRegistry.allIDs))
        let first = linter.findings(in: SourceFile(path: "U.swift", text: before), module: .plainSwift6)
        #expect(first.map(\.ruleID) == ["cancellation-shown-as-error", "redundant-main-actor-run"], "precondition")
        #expect(first.first?.fix == nil, "precondition: no fix while the error goes through MainActor.run")
        let fixer = Fixer(linter: linter, includeUnsafe: true)
        let once = fixer.fix(SourceFile(path: "U.swift", text: before), module: .plainSwift6)
        #expect(once.text.contains("} catch is CancellationError {"))
        #expect(once.text.contains("        status = \"Upload failed: \\(error)\""))
        #expect(fixer.fix(SourceFile(path: "U.swift", text: once.text), module: .plainSwift6).text == once.text)
    }

    /// SwiftOpenAI's demo providers: a private bookkeeping property changed first, the list the
    /// views show changed later, both off the main actor. The message names what views read.
    @Test func aUIModelFindingNamesTheStateViewsRead() {
        let code = """
            import SwiftUI
            @Observable final class ChatProvider {
                private var parameters: [String] = []
                var messages: [String] = []
                func send(_ text: String) async {
                    parameters.append(text)
                    messages.append(text)
                }
            }
            struct ChatView: View {
                @State var provider = ChatProvider()
                var body: some View { List(provider.messages, id: \\.self) { Text($0) } }
            }
            """
        let found = Linter(ruleIDs: ["ui-model-missing-main-actor"])
            .findings(in: SourceFile(path: "Chat.swift", text: code), module: .plainSwift6)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("`messages` changes on line 7") == true, "\(found.first?.message ?? "")")
    }
}
