import ActorlintKit
import Foundation
import Testing

/// The same code in the shapes real files come in (CRLF, a BOM, tabs, `#if`, macros, result
/// builders, 10,000 lines): the same findings, fixes that keep the file's conventions, and every
/// promise of `FixInvariants`.
@Suite struct SourceShapesTests {
    /// Four fixable findings: reflexive-weak-self (6), redundant-main-actor-run (11),
    /// redundant-main-dispatch (12), task-in-on-appear (22).
    static func sample(_ name: String = "Feed") -> String {
        """
        @MainActor final class \(name)Model {
            var items: [String] = []
            func reload() {
                Task { [weak self] in
                    await self?.load()
                }
            }
            func load() async {
                await MainActor.run { self.items = [] }
                DispatchQueue.main.async {
                    self.items.append("x")
                }
            }
        }

        struct \(name)View: View {
            let model: \(name)Model
            var body: some View {
                Text("\(name)").onAppear {
                    Task { await model.load() }
                }
            }
        }

        """
    }

    static let header = "import SwiftUI\n\n"
    static let expectedRules = ["redundant-main-actor-run", "redundant-main-dispatch", "reflexive-weak-self", "task-in-on-appear"]

    static func findings(_ text: String) -> [Finding] {
        Linter(ruleIDs: Set(RuleRegistry.allIDs)).findings(in: SourceFile(path: "Feed.swift", text: text), module: .plainSwift6)
    }

    static func fixed(_ text: String) -> String {
        Fixer(linter: Linter(ruleIDs: Set(RuleRegistry.allIDs)), includeUnsafe: true)
            .fix(SourceFile(path: "Feed.swift", text: text), module: .plainSwift6).text
    }

    /// Checks the findings' rules and lines and every invariant; returns the fixed text.
    @discardableResult
    static func check(_ text: String, lines: [Int] = [6, 11, 12, 22], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let found = findings(text)
        #expect(found.map(\.ruleID).sorted() == expectedRules, sourceLocation: sourceLocation)
        #expect(found.map(\.range.start.line).sorted() == lines, sourceLocation: sourceLocation)
        #expect(FixInvariants.firstViolation(in: text, module: .plainSwift6) == nil, sourceLocation: sourceLocation)
        let result = fixed(text)
        #expect(result != text, sourceLocation: sourceLocation)
        #expect(findings(result).isEmpty, "\(result)", sourceLocation: sourceLocation)
        return result
    }

    @Test func plain() {
        let result = Self.check(Self.header + Self.sample())
        #expect(result.contains("Text(\"Feed\").task { await model.load() }"))
    }

    @Test func windowsLineEndingsStayWindowsLineEndings() {
        let text = (Self.header + Self.sample()).replacingOccurrences(of: "\n", with: "\r\n")
        let result = Self.check(text)
        #expect(!result.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a bare \\n was written")
    }

    @Test func aByteOrderMarkIsKeptAndDoesNotMoveFindings() {
        let result = Self.check("\u{FEFF}" + Self.header + Self.sample())
        #expect(result.hasPrefix("\u{FEFF}import SwiftUI"))
    }

    @Test func tabIndentedFilesGetTabsInTheirFixes() {
        let lines: [String] = (Self.header + Self.sample()).components(separatedBy: "\n")
        let tabbed = lines.map { line -> String in
            let spaces = line.prefix { $0 == " " }.count
            return String(repeating: "\t", count: spaces / 4) + line.dropFirst(spaces)
        }.joined(separator: "\n")
        let result = Self.check(tabbed)
        let spaceIndented = result.components(separatedBy: "\n").filter { $0.hasPrefix(" ") }
        #expect(spaceIndented.isEmpty, "\(result)")
    }

    @Test func codeInEveryBranchOfAnIfIsChecked() {
        // SwiftParser keeps every clause; code the active configuration hides is still code.
        let text = "import SwiftUI\n#if os(iOS)\n" + Self.sample("Phone") + "#else\n" + Self.sample("Desk") + "#endif\n"
        let found = Self.findings(text)
        #expect(found.count == 8)
        #expect(FixInvariants.firstViolation(in: text, module: .plainSwift6) == nil)
        #expect(Self.findings(Self.fixed(text)).isEmpty)
    }

    @Test func macrosAroundTheCodeChangeNothing() {
        let text = Self.header + "#warning(\"migrating\")\n" + Self.sample() + """
            #Preview {
                FeedView(model: FeedModel())
            }
            @MainActor @Observable final class Settings { var dark = false }

            """
        Self.check(text, lines: [7, 12, 13, 23])
    }

    @Test func resultBuilders() {
        let text = Self.header + Self.sample() + """
            @resultBuilder enum ListBuilder {
                static func buildBlock(_ parts: String...) -> [String] { parts }
            }
            extension FeedView {
                @ViewBuilder func badge(_ on: Bool) -> some View {
                    if on { Text("new") } else { EmptyView() }
                }
                @ListBuilder var labels: [String] { "a"; "b" }
            }

            """
        Self.check(text)
    }

    @Test(.tags(.slow)) func tenThousandLines() {
        let text = Self.header + (0..<440).map { Self.sample("Feed\($0)") }.joined()
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count > 10_000)
        let found = Self.findings(text)
        #expect(found.count == 1_760)
        let result = Self.fixed(text)
        #expect(result.components(separatedBy: "[weak self]").count == 1, "every fix was applied")
        #expect(Self.fixed(result) == result, "a second fix changes nothing")
    }
}
