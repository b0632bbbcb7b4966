import SwiftSyntax

/// The `// actorlint:` comments of one file and the lines each one silences.
///
///     // actorlint:disable:next ID[, ID…]   the next line
///     // actorlint:disable:this ID          the comment's own line
///     // actorlint:disable ID … // actorlint:enable ID    a region (to the end of file if not closed)
///
/// `all` silences every rule. A directive that silences nothing is itself reported.
public struct Suppressions: Sendable {
    public struct Directive: Sendable {
        public var ruleIDs: [String]
        public var lines: ClosedRange<Int>
        /// Where the comment is, for the unused-suppression finding.
        public var range: SourceRange
        public var text: String
        /// Set when the comment is not a usable directive (unknown command, no rule named);
        /// such a directive silences nothing and is reported.
        public var problem: String?

        func covers(_ ruleID: String, line: Int) -> Bool {
            lines.contains(line) && (ruleIDs.contains(ruleID) || ruleIDs.contains("all"))
        }
    }

    public private(set) var directives: [Directive] = []

    /// Every directive contains this; without it, walking the tokens finds nothing.
    static let marker = "actorlint:"

    public init(file: SourceFile) {
        guard file.contains(Self.marker) else { return }
        var openRegions: [String: (start: Int, range: SourceRange, text: String)] = [:]
        var position = file.tree.position
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            position = token.position
            for piece in token.leadingTrivia {
                scan(piece, at: position, in: file, regions: &openRegions)
                position += piece.sourceLength
            }
            position += token.trimmedLength
            for piece in token.trailingTrivia {
                scan(piece, at: position, in: file, regions: &openRegions)
                position += piece.sourceLength
            }
        }
        let lastLine = file.position(file.tree.endPosition).line
        for (id, region) in openRegions.sorted(by: { $0.key < $1.key }) {
            directives.append(Directive(ruleIDs: [id], lines: region.start...max(region.start, lastLine), range: region.range, text: region.text))
        }
    }

    private mutating func scan(_ piece: TriviaPiece, at position: AbsolutePosition, in file: SourceFile,
                               regions: inout [String: (start: Int, range: SourceRange, text: String)]) {
        guard case .lineComment(let comment) = piece else { return }
        let body = comment.dropFirst(2).trimmingPrefix(while: \.isWhitespace)
        guard body.hasPrefix(Self.marker) else { return }
        let words = body.dropFirst(Self.marker.count).split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        guard let command = words.first else { return }
        let ids = Array(words.dropFirst())
        let start = file.position(position)
        let range = SourceRange(start: start, end: file.position(position + piece.sourceLength))
        let line = start.line
        // A misspelt directive would otherwise silence nothing without a word: say so.
        guard Self.commands.contains(command) else {
            let hint = Suggestion.closest(to: command, in: Self.commands).map { "; did you mean 'actorlint:\($0)'?" } ?? ""
            directives.append(Directive(ruleIDs: [], lines: line...line, range: range, text: comment,
                                        problem: "Unknown suppression directive 'actorlint:\(command)'\(hint)"))
            return
        }
        guard !ids.isEmpty else {
            directives.append(Directive(ruleIDs: [], lines: line...line, range: range, text: comment,
                                        problem: "This suppression names no rule; write the rule ids (or `all`) after 'actorlint:\(command)'."))
            return
        }
        switch command {
        case "disable:next": directives.append(Directive(ruleIDs: ids, lines: (line + 1)...(line + 1), range: range, text: comment))
        case "disable:this": directives.append(Directive(ruleIDs: ids, lines: line...line, range: range, text: comment))
        case "disable": for id in ids { regions[id] = (line, range, comment) }
        default: // enable
            for id in ids {
                if let region = regions.removeValue(forKey: id) {
                    directives.append(Directive(ruleIDs: [id], lines: region.start...line, range: region.range, text: region.text))
                }
            }
        }
    }

    static let commands = ["disable:next", "disable:this", "disable", "enable"]

    /// Drops the suppressed findings and reports the directives that suppressed nothing, name an
    /// unknown rule, or are malformed, at `severity` (unused-suppression's configured one).
    public func apply(to findings: [Finding], path: String, enabled: Set<String>,
                      severity: Severity = UnusedSuppression.description.defaultSeverity) -> [Finding] {
        var used = Array(repeating: false, count: directives.count)
        let kept = findings.filter { finding in
            var suppressed = false
            for (index, directive) in directives.enumerated() where directive.covers(finding.ruleID, line: finding.range.start.line) {
                used[index] = true
                suppressed = true
            }
            return !suppressed
        }
        let unusedID = UnusedSuppression.description.id
        guard enabled.contains(unusedID) else { return kept }
        let reports: [Finding] = directives.indices.compactMap { index in
            let directive = directives[index]
            let message: String
            let unknown = directive.ruleIDs.filter { $0 != "all" && !RuleRegistry.allIDs.contains($0) }
            if let problem = directive.problem {
                message = problem
            } else if !unknown.isEmpty {
                // A misspelt id never silences anything, even next to an id that does.
                let hint = Suggestion.closest(to: unknown[0], in: RuleRegistry.allIDs).map { "; did you mean '\($0)'?" } ?? ""
                message = "This suppression names unknown rule \(unknown.map { "'\($0)'" }.joined(separator: ", "))\(hint)."
            } else if !used[index], directive.ruleIDs.allSatisfy({ $0 == "all" || enabled.contains($0) }) {
                // A directive for a rule that is not enabled cannot be judged unused.
                message = "This suppression silences nothing: no \(directive.ruleIDs.joined(separator: ", ")) finding on the lines it covers; remove it."
            } else {
                return nil
            }
            return Finding(ruleID: unusedID, severity: severity, message: message, path: path, range: directive.range)
        }
        return kept + reports
    }
}

/// Reported by the pipeline, not by a syntax check: a suppression comment that silences nothing.
public enum UnusedSuppression {
    public static let description = RuleDescription(
        id: "unused-suppression",
        category: .suppression,
        summary: "An `// actorlint:disable` comment that silences no finding",
        rationale: """
            A suppression that no longer silences anything hides nothing but still tells the \
            reader that something is wrong here. Remove it, so the remaining suppressions mean \
            something. (Like SwiftLint's superfluous_disable_command and ruff's RUF100.)
            """,
        triggering: triggeringExamples, nonTriggering: []
    )
}
