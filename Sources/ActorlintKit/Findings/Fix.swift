/// Whether applying a fix keeps behaviour (ruff's applicability).
public enum FixSafety: String, Sendable, Codable, Hashable {
    /// Behaviour is kept; `actorlint fix` applies it.
    case safe
    /// Behaviour may change; applied only with `--unsafe-fixes`.
    case unsafe
}

/// Replace the UTF-8 byte range `start..<end` of a file with `replacement`.
public struct TextEdit: Sendable, Hashable, Codable {
    public var start: Int
    public var end: Int
    public var replacement: String

    public init(start: Int, end: Int, replacement: String) {
        self.start = start
        self.end = end
        self.replacement = replacement
    }

    public func overlaps(_ other: TextEdit) -> Bool {
        // Two insertions at the same point also conflict: their order would be arbitrary.
        if start == end && other.start == other.end { return start == other.start }
        return start < other.end && other.start < end
    }
}

/// A set of non-overlapping edits that together fix one finding.
public struct Fix: Sendable, Hashable {
    /// Imperative, shown to the user: "Replace with `.task { }`".
    public var title: String
    public var safety: FixSafety
    public var edits: [TextEdit]

    public init(title: String, safety: FixSafety, edits: [TextEdit]) {
        self.title = title
        self.safety = safety
        self.edits = edits.sorted { $0.start < $1.start }
    }

    /// Whether two edits touch the same bytes: such a fix is a bug in its rule, never applied.
    public var hasOverlappingEdits: Bool {
        zip(edits, edits.dropFirst()).contains { $0.end > $1.start }
    }
}
