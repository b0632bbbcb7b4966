import SwiftSyntax

/// `@diagnose(Group, as: ignored, reason: "…")` on a declaration (SE-0522) silences the
/// compiler's warnings of that group inside it; it silences actorlint's findings that map to the
/// group (`RuleDescription.compilerGroup`) the same way, like an `// actorlint:disable` comment
/// would. As SE-0522 has it:
/// - the attribute covers the declaration's signature and its whole lexical scope, nested
///   declarations included;
/// - a nested declaration's attribute overrides the enclosing one for the same group, and of
///   several attributes on one declaration the lexically last wins, so an inner
///   `@diagnose(G, as: warning)` brings G's findings back;
/// - an attribute on a group covers its subgroups (`CompilerDiagnosticGroup.parent`);
/// - `as: warning` and `as: error` silence nothing.
///
/// An attribute that silences no finding is not reported as unused, even for a group an actorlint
/// rule maps to: it belongs to the compiler (SE-0522 leaves third-party tools to a future
/// direction), `@diagnose` compiles only with Swift 6.4 and later, compilers that report the
/// group themselves, and the compiler's group is wider than the rule (the compiler's
/// `ImplicitStrongCapture` covers `unowned` captures and any captured value, the rule only
/// `[weak self]`). actorlint finding nothing inside it says nothing of what the compiler finds.
enum DiagnoseAttributes {
    /// What `as:` says.
    enum Behaviour: String {
        case ignored, warning, error
    }

    /// Every `@diagnose` contains this; without it, nothing is looked up.
    static let marker = "diagnose"

    /// `findings` without those that a `@diagnose(…, as: ignored)` around them silences.
    /// `groups`: the compiler group of each rule that has one, by rule id.
    static func apply(to findings: [Finding], in file: SourceFile, groups: [String: CompilerDiagnosticGroup]) -> [Finding] {
        guard !groups.isEmpty, findings.contains(where: { groups[$0.ruleID] != nil }), file.contains("@" + marker) else {
            return findings
        }
        return findings.filter { finding in
            guard let group = groups[finding.ruleID] else { return true }
            return behaviour(for: group, at: finding.range.start.offset, in: file.tree) != .ignored
        }
    }

    /// The behaviour the declarations around `offset` give `group`: the innermost declaration
    /// with an attribute for it decides, with its lexically last such attribute; nil when none
    /// has one.
    static func behaviour(for group: CompilerDiagnosticGroup, at offset: Int, in tree: SourceFileSyntax) -> Behaviour? {
        guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
        var current: Syntax? = Syntax(token)
        while let node = current {
            if let attributes = scopeAttributes(of: node),
               let last = attributes.compactMap(argument).last(where: { group.isNamed(by: $0.group) }) {
                return last.behaviour
            }
            current = node.parent
        }
        return nil
    }

    /// The attributes of a declaration `@diagnose` may stand on (SE-0522: types, extensions,
    /// protocols, functions, initializers, `deinit`, subscripts, macros, computed properties,
    /// accessors and observers, enum cases, type aliases, associated types, freestanding macro
    /// expansions, imports); nil for other nodes: closures and stored properties are not scopes.
    static func scopeAttributes(of node: Syntax) -> AttributeListSyntax? {
        switch node.kind {
        case .functionDecl, .initializerDecl, .deinitializerDecl, .subscriptDecl, .structDecl, .classDecl,
             .enumDecl, .actorDecl, .extensionDecl, .protocolDecl, .macroDecl, .accessorDecl, .enumCaseDecl,
             .typeAliasDecl, .associatedTypeDecl, .macroExpansionDecl, .importDecl:
            return node.asProtocol(WithAttributesSyntax.self)?.attributes
        case .variableDecl:
            let variable = node.cast(VariableDeclSyntax.self)
            return variable.bindings.contains(where: isComputed) ? variable.attributes : nil
        default:
            return nil
        }
    }

    /// `var x: T { … }` or `{ get … set … }`, not a stored property with observers.
    private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return false }
        // `if case` rather than `switch`: the toolchain's SwiftSyntax may grow cases.
        if case .accessors(let list) = accessors {
            return list.contains { ![.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
        return true
    }

    /// `@diagnose(Group, as: behaviour, reason: "…")` read from its tokens, whatever node the
    /// parser gives its arguments: the first identifier is the group, the one after `as:` the
    /// behaviour. nil for other attributes and for arguments that are not of that form.
    static func argument(_ element: AttributeListSyntax.Element) -> (group: String, behaviour: Behaviour)? {
        guard case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == marker,
              let arguments = attribute.arguments else { return nil }
        let tokens = Array(arguments.tokens(viewMode: .sourceAccurate))
        // The group is the first argument, unlabelled: an identifier and a comma.
        guard tokens.count > 1, let group = tokens.first, case .identifier = group.tokenKind,
              tokens[1].tokenKind == .comma else { return nil }
        for index in tokens.indices.dropLast(2)
        where tokens[index].text == "as" && tokens[index + 1].tokenKind == .colon {
            return Behaviour(rawValue: tokens[index + 2].text).map { (group.text, $0) }
        }
        return nil
    }
}
