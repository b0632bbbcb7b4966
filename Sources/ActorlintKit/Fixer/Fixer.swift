import Foundation
import SwiftSyntax

/// Applies fixes to text. Fixes whose edits overlap an already chosen fix wait for the next
/// pass, which re-analyses the new text; passes repeat until nothing changes (bounded), so a
/// second `fix` finds nothing more to do. A pass also applies the fixes of findings that the
/// previous pass revealed (`@MainActor` added to a class makes a dispatch inside it redundant),
/// as ruff does; `passes: 1` applies only the fixes of the findings `check` shows.
public struct Fixer: Sendable {
    public var linter: Linter
    public var includeUnsafe: Bool
    public var passes: Int
    /// Real cascades end after two or three passes; broken code the parser nests oddly can chain
    /// one fix per pass (fuzzing found eleven), so the bound is generous, as ruff's is.
    public static let maximumPasses = 25

    public init(linter: Linter, includeUnsafe: Bool, passes: Int = Fixer.maximumPasses) {
        self.linter = linter
        self.includeUnsafe = includeUnsafe
        self.passes = passes
    }

    public struct Outcome: Sendable {
        public var text: String
        /// How many fixes were applied, over all passes.
        public var applied: Int
        /// Set when the result was rejected: it would not re-parse as cleanly as the original.
        public var rejection: String?
        /// False when the last pass still found fixes to apply: a second run would change more.
        public var converged = true
    }

    /// Fixes `file` and returns the new text. Never returns text that parses worse than the input.
    /// `indexes` (from `Linter.Run`) lets rules that weigh other modules' files, such as the
    /// manifest rules, see the same evidence on every pass.
    public func fix(_ file: SourceFile, module: ModuleSettings, index: ProjectIndex? = nil,
                    indexes: [String: ProjectIndex] = [:]) -> Outcome {
        let originalErrors = Self.syntaxErrorCount(file)
        var current = file
        var applied = 0
        // Text inserted by earlier passes, and where it now stands. A rule whose fix does not
        // make its finding go away asks for the same insertion again right next to it on every
        // pass (fuzzing: completion-handler-to-async added its async variant ten times to a
        // file the parser could not close); the repeat is dropped so that the damage stays at one.
        var insertions: [(text: String, span: Range<Int>)] = []
        var converged = false
        for _ in 0..<passes {
            let all = linter.findings(in: current, module: module,
                                      index: index.map { ProjectIndex(updating: $0, with: current) }, indexes: indexes)
            let findings = all.filter { finding in finding.fix.map { includeUnsafe || $0.safety == .safe } ?? false }
            var fixes = findings.compactMap(\.fix)
            fixes = fixes.filter { fix in
                !fix.edits.contains { edit in
                    edit.start == edit.end && insertions.contains { inserted in
                        inserted.text == edit.replacement && (inserted.span.lowerBound == edit.start || inserted.span.upperBound == edit.start)
                    }
                }
            }
            let (text, chosen, count) = Self.applyReturningEdits(fixes, to: current.text)
            // A fix whose edits change nothing would otherwise be "applied" on every pass.
            guard count > 0, text != current.text else {
                converged = true
                break
            }
            applied += count
            current = SourceFile(path: file.path, text: text)
            insertions = insertions.map { ($0.text, Self.map($0.span, through: chosen)) }
                + chosen.filter { $0.start == $0.end }.map { ($0.replacement, Self.map($0.start..<$0.end, through: chosen)) }
        }
        if let rejection = Self.rejection(original: file, originalErrors: originalErrors, fixed: current) {
            return Outcome(text: file.text, applied: 0, rejection: rejection)
        }
        return Outcome(text: current.text, applied: applied, rejection: nil, converged: converged || passes < Self.maximumPasses)
    }

    /// Why `fixed` must not replace `original`: it parses worse (more syntax errors). Nil if it may.
    public static func rejection(original: SourceFile, fixed: SourceFile) -> String? {
        rejection(original: original, originalErrors: syntaxErrorCount(original), fixed: fixed)
    }

    private static func rejection(original: SourceFile, originalErrors: Int, fixed: SourceFile) -> String? {
        guard fixed.text != original.text, syntaxErrorCount(fixed) > originalErrors else { return nil }
        return "the fixed text would not parse cleanly; no fix was written"
    }

    /// Applies the fixes that do not overlap each other, first come first served.
    public static func apply(_ fixes: [Fix], to text: String) -> (text: String, applied: Int) {
        let (text, _, count) = applyReturningEdits(fixes, to: text)
        return (text, count)
    }

    /// `apply`, also returning the edits it made, sorted by start.
    static func applyReturningEdits(_ fixes: [Fix], to text: String) -> (text: String, edits: [TextEdit], applied: Int) {
        var bytes = Array(text.utf8)
        var chosen: [TextEdit] = []
        var count = 0
        for fix in fixes.sorted(by: { ($0.edits.first?.start ?? 0) < ($1.edits.first?.start ?? 0) }) {
            // A fix without edits changes nothing and must not count as applied.
            guard !fix.edits.isEmpty, isWellFormed(fix, in: bytes),
                  !fix.edits.contains(where: { edit in chosen.contains { $0.overlaps(edit) } }) else { continue }
            chosen += fix.edits
            count += 1
        }
        chosen.sort { $0.start < $1.start }
        for edit in chosen.reversed() {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), chosen, count)
    }

    /// Whether a fix's edits lie inside the text, on character boundaries, without overlapping
    /// each other. A rule that gets this wrong (seen on broken syntax) loses its fix instead of
    /// trapping the whole run or writing U+FFFD into the file.
    static func isWellFormed(_ fix: Fix, in bytes: [UInt8]) -> Bool {
        func isBoundary(_ offset: Int) -> Bool { offset == bytes.count || bytes[offset] & 0xC0 != 0x80 }
        var previousEnd = 0
        for edit in fix.edits {  // sorted by start
            guard previousEnd <= edit.start, edit.start <= edit.end, edit.end <= bytes.count,
                  isBoundary(edit.start), isBoundary(edit.end) else { return false }
            previousEnd = edit.end
        }
        return true
    }

    /// `range` of the text before `edits` (sorted, non-overlapping) in the text after them. An
    /// end inside or at an edit grows to cover its replacement.
    static func map(_ range: Range<Int>, through edits: [TextEdit]) -> Range<Int> {
        var start = range.lowerBound, end = range.upperBound
        var shift = 0, startShift = 0, endShift = 0
        for edit in edits {
            let delta = edit.replacement.utf8.count - (edit.end - edit.start)
            if edit.start < range.lowerBound {
                // An edit around the start pulls it back to where that edit begins.
                if range.lowerBound < edit.end { start = edit.start }
                startShift = shift + (range.lowerBound < edit.end ? 0 : delta)
            }
            if edit.start < range.upperBound || (edit.start == edit.end && edit.start == range.upperBound) {
                // An edit around the end pushes it to where that edit's replacement ends.
                if range.upperBound < edit.end { end = edit.end }
                endShift = shift + delta
            }
            shift += delta
        }
        return (start + startShift)..<max(start + startShift, end + endShift)
    }

    /// How much the parser had to invent (missing tokens) or skip (unexpected text) to build the
    /// tree. Not `ParseDiagnosticsGenerator`: it traps on some inputs (a control character
    /// before an operator, `let a \u{1D}= 1`), which took the whole `fix` run down.
    public static func syntaxErrorCount(_ file: SourceFile) -> Int {
        guard file.tree.hasError else { return 0 }
        let counter = SyntaxErrorCounter(viewMode: .all)
        counter.walk(file.tree)
        return counter.count
    }
}

private final class SyntaxErrorCounter: SyntaxVisitor {
    var count = 0

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing { count += 1 }
        // Stray characters the lexer could not place (control characters…) end up in trivia.
        for piece in token.leadingTrivia.pieces + token.trailingTrivia.pieces {
            if case .unexpectedText = piece { count += 1 }
        }
        return .visitChildren
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        count += 1
        return .skipChildren
    }
}
