import Foundation
import SwiftParserDiagnostics

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
        for _ in 0..<Self.maximumPasses {
            let findings = linter.findings(in: current, module: module, index: index, indexes: indexes)
            let fixes = findings.compactMap(\.fix).filter { includeUnsafe || $0.safety == .safe }
            let (text, count) = Self.apply(fixes, to: current.text)
            // A fix whose edits change nothing would otherwise be "applied" on every pass.
            guard count > 0, text != current.text else { break }
            applied += count
            current = SourceFile(path: file.path, text: text)
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
        var chosen: [TextEdit] = []
        var count = 0
        for fix in fixes.sorted(by: { ($0.edits.first?.start ?? 0) < ($1.edits.first?.start ?? 0) }) {
            // A fix without edits changes nothing and must not count as applied.
            guard !fix.edits.isEmpty, !fix.edits.contains(where: { edit in chosen.contains { $0.overlaps(edit) } }) else { continue }
            chosen += fix.edits
            count += 1
        }
        var bytes = Array(text.utf8)
        for edit in chosen.sorted(by: { $0.start > $1.start }) {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), count)
    }

    static func syntaxErrorCount(_ file: SourceFile) -> Int {
        file.tree.hasError ? ParseDiagnosticsGenerator.diagnostics(for: file.tree).count : 0
    }
}
