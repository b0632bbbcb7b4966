/// How serious a finding is. `--fail-on` compares against this order.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case note, warning, error

    private var rank: Int { Severity.allCases.firstIndex(of: self)! }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A position in a file: 1-based line and column (columns count UTF-8 bytes, like swiftc),
/// plus the UTF-8 offset that edits use.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.offset < rhs.offset }
}

public struct SourceRange: Sendable, Hashable, Codable {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }
}

/// One thing a rule says about one place in one file.
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var path: String
    public var range: SourceRange
    public var fix: Fix?

    public init(ruleID: String, severity: Severity, message: String, path: String,
                range: SourceRange, fix: Fix? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.range = range
        self.fix = fix
    }
}

extension Finding: Comparable {
    /// Report order: by path, then position, then rule.
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.path, lhs.range.start.offset, lhs.ruleID) < (rhs.path, rhs.range.start.offset, rhs.ruleID)
    }
}
