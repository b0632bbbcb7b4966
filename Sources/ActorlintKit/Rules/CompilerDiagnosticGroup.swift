/// A warning group of the Swift compiler (the `[#ImplicitStrongCapture]` after a warning with
/// `-print-diagnostic-groups`; the groups are listed in the compiler's `DiagnosticGroups.def`),
/// named by a rule whose findings that group's warnings report too. From the group's first
/// compiler on, such a finding is the compiler's job (`Configuration.CompilerCovered`), and
/// `@diagnose(Group, as: ignored)` on a declaration silences it as it silences the compiler's
/// warnings (SE-0522).
public struct CompilerDiagnosticGroup: Sendable, Hashable {
    /// "ImplicitStrongCapture": as `-Werror`, `-Wwarning` and `@diagnose` spell it.
    public var name: String
    /// The first Swift compiler that emits the group's warnings: [6, 4].
    public var since: [Int]
    /// The group's page in the compiler's documentation (the link swiftc prints).
    public var documentation: String
    /// The group the compiler files this one under (`GROUP_LINK`), if any: `@diagnose` on the
    /// parent covers the subgroups too (SE-0522).
    public var parent: String?

    public init(name: String, since: [Int], documentation: String, parent: String? = nil) {
        self.name = name
        self.since = since
        self.documentation = documentation
        self.parent = parent
    }

    /// "6.4"
    public var sinceVersion: String { since.map(String.init).joined(separator: ".") }

    /// Whether `@diagnose(group, …)` names this group or a group it belongs to.
    public func isNamed(by group: String) -> Bool { group == name || group == parent }

    /// An inner `[weak self]` (or `unowned`) capture that an outer escaping closure undoes by
    /// capturing the same value strongly. Swift 6.3 compiles that shape without a word; Swift
    /// 6.4 warns ("'weak' ownership of capture 'self' differs from implicitly-captured strong
    /// reference in outer scope"). No parent group.
    public static let implicitStrongCapture = CompilerDiagnosticGroup(
        name: "ImplicitStrongCapture", since: [6, 4],
        documentation: "https://docs.swift.org/compiler/documentation/diagnostics/implicit-strong-capture")
}
