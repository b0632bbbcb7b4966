import Foundation
import SwiftSyntax

/// Applies fixes to text. Fixes whose edits overlap an already chosen fix wait for the next
/// pass, which re-analyses the new text; passes repeat until nothing changes (bounded).
public struct Fixer: Sendable {
    public var linter: Linter
    public var includeUnsafe: Bool
    public static let maximumPasses = 10

    public init(linter: Linter, includeUnsafe: Bool) {
        self.linter = linter
        self.includeUnsafe = includeUnsafe
    }

    public struct Outcome: Sendable {
        public var text: String
        /// How many fixes were applied, over all passes.
        public var applied: Int
        /// Set when the result was rejected: it would not re-parse as cleanly as the original.
        public var rejection: String?
    }

    /// Fixes `file` and returns the new text. Never returns text that parses worse than the input.
    /// `indexes` (from `Linter.Run`) lets rules that weigh other modules' files, such as the
    /// manifest rules, see the same evidence on every pass.
    public func fix(_ file: SourceFile, module: ModuleSettings, index: ProjectIndex? = nil,
                    indexes: [String: ProjectIndex] = [:]) -> Outcome {
        let originalErrors = Self.syntaxErrorCount(file)
        var current = file
        var applied = 0
        // The lines of the first pass's fixes and findings, kept in step with every pass's edits.
        // Later passes exist for fixes that overlapped a chosen one and had to wait; they may not
        // apply fixes for findings that earlier fixes created on other lines (adding `@MainActor`
        // to a class makes its dispatches "redundant"), which `check` never showed anyone. On the
        // lines of a first-pass fix, any rule may finish the work, so that one run gives the
        // final text; on the lines of a finding that had no fix yet, only that finding's rule
        // (cancellation-shown-as-error can fix a catch once a redundant hop inside is gone).
        // Keyed by rule id; `anyRule` for the lines of fixes.
        var regions: [String: [Range<Int>]]?
        let anyRule = ""
        // Text inserted by earlier passes, and where it now stands. A rule whose fix does not
        // make its finding go away asks for the same insertion again right next to it on every
        // pass (fuzzing: completion-handler-to-async added its async variant ten times to a
        // file the parser could not close); the repeat is dropped so that the damage stays at one.
        var insertions: [(text: String, span: Range<Int>)] = []
        for _ in 0..<Self.maximumPasses {
            let all = linter.findings(in: current, module: module,
                                      index: index.map { ProjectIndex(updating: $0, with: current) }, indexes: indexes)
            var findings = all.filter { finding in finding.fix.map { includeUnsafe || $0.safety == .safe } ?? false }
            if let regions {
                findings = findings.filter { finding in
                    let allowed = (regions[anyRule] ?? []) + (regions[finding.ruleID] ?? [])
                    return finding.fix!.edits.allSatisfy { edit in allowed.contains { $0.lowerBound <= edit.start && edit.end <= $0.upperBound } }
                }
            } else {
                let bytes = Array(current.text.utf8)
                func lines(_ range: SourceRange) -> Range<Int> { Self.wholeLines(range.start.offset..<range.end.offset, in: bytes) }
                var initial = Dictionary(grouping: all.filter { $0.fix == nil }, by: \.ruleID).mapValues { $0.map { lines($0.range) } }
                initial[anyRule] = findings.map { lines($0.range) }
                    + findings.flatMap { $0.fix!.edits }.map { Self.wholeLines($0.start..<$0.end, in: bytes) }
                regions = initial.mapValues(Self.merged)
            }
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
            guard count > 0, text != current.text else { break }
            applied += count
            current = SourceFile(path: file.path, text: text)
            regions = regions?.mapValues { Self.merged($0.map { Self.map($0, through: chosen) }) }
            insertions = insertions.map { ($0.text, Self.map($0.span, through: chosen)) }
                + chosen.filter { $0.start == $0.end }.map { ($0.replacement, Self.map($0.start..<$0.end, through: chosen)) }
        }
        if let rejection = Self.rejection(original: file, originalErrors: originalErrors, fixed: current) {
            return Outcome(text: file.text, applied: 0, rejection: rejection)
        }
        return Outcome(text: current.text, applied: applied, rejection: nil)
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

    /// Ranges joined where they overlap or only a line break separates them, so that an edit
    /// across consecutive lines lies within one.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// `range` widened to the start of its first line and the end of its last (before the newline).
    static func wholeLines(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        let newline = UInt8(ascii: "\n")
        var start = max(0, min(range.lowerBound, bytes.count)), end = max(start, min(range.upperBound, bytes.count))
        while start > 0, bytes[start - 1] != newline { start -= 1 }
        while end < bytes.count, bytes[end] != newline { end += 1 }
        return start..<end
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
