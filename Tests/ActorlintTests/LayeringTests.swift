import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// Analysis sits below the rules: `Analysis/`, `Isolation/`, `Project/`, `Source/` and the other
/// layers the rules read never use what `Rules/` declares, and a rule file declares nothing but
/// its rule, so rules do not lean on each other either. Read from the source tree with SwiftParser.
@Suite(.tags(.slow)) struct LayeringTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ActorlintKit").path

    /// The folders that run, configure, fix with or report the rules: they use the rule API
    /// (`Rule`, `RuleContext`, `RuleRegistry`, `RuleDescription`…). Every other folder is below the rules.
    static let ruleClients: Set<String> = ["Pipeline", "Fixer", "Config", "Reporting", "Suppression"]

    static func sourceFiles() throws -> [(path: String, text: String)] {
        let paths = try #require(FileManager.default.subpaths(atPath: sources)).filter { $0.hasSuffix(".swift") }.sorted()
        return try paths.map { ($0, try String(contentsOfFile: sources + "/" + $0, encoding: .utf8)) }
    }

    @Test func nothingBelowTheRulesUsesWhatRulesDeclare() throws {
        let files = try Self.sourceFiles()
        #expect(files.contains { $0.path.hasPrefix("Analysis/") } && files.contains { $0.path.hasPrefix("Rules/") })
        let uses = LayerScan(files).usesOfRules { path in
            !path.hasPrefix("Rules/") && !Self.ruleClients.contains(String(path.prefix { $0 != "/" }))
        }
        #expect(uses.isEmpty, "move what these use out of Rules/ (into Analysis/):\n\(uses.joined(separator: "\n"))")
    }

    @Test func aRuleFileDeclaresOnlyItsRule() throws {
        let problems = LayerScan(try Self.sourceFiles()).ruleFileExports()
        #expect(problems.isEmpty, "make these private to their rule, or move them to Analysis/:\n\(problems.joined(separator: "\n"))")
    }

    @Test func onlyTheRegistryNamesARule() throws {
        let problems = LayerScan(try Self.sourceFiles()).usesOfRuleTypes()
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// No file needs scrolling to see its shape: split a larger one along its concerns (a rule's
    /// fix goes to `<Rule>+Fix.swift`, a shared fact to `Analysis/`). Every target's sources count.
    @Test func noSourceFileIsOverFourHundredLines() throws {
        let root = (Self.sources as NSString).deletingLastPathComponent
        let paths = try #require(FileManager.default.subpaths(atPath: root)).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(paths.count > 100)
        let long = try paths.compactMap { path -> String? in
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            return lines > 400 ? "Sources/\(path): \(lines) lines" : nil
        }
        #expect(long.isEmpty, "\(long.joined(separator: "\n"))")
    }

    // The scan itself, on small sources: it must see each kind of dependency, and only those.

    @Test func theScanSeesTypesFunctionsAndExtensionMembersOfRules() {
        let scan = LayerScan([
            ("Rules/Shared.swift", """
                struct Helper { static func awaitedCall() {} }
                func freeHelper() {}
                extension SyntaxProtocol { var ruleOnlyMember: Bool { true } }
                private extension SyntaxProtocol { var hiddenMember: Bool { true } }
                extension Int { var sharedName: Int { 1 } }
                """),
            ("Isolation/Uses.swift", """
                func a() { _ = Helper.awaitedCall() }
                func b() { freeHelper() }
                func c(_ node: Syntax) -> Bool { node.ruleOnlyMember }
                func d(_ node: Syntax) -> Bool { node.hiddenMember }
                func e() -> Int { 2.sharedName }
                let x: Helper? = nil
                """),
            ("Analysis/Declares.swift", "extension String { var sharedName: Int { 2 } }"),
            ("Pipeline/Runs.swift", "func run() { freeHelper() }"),
        ])
        let uses = scan.usesOfRules { !$0.hasPrefix("Rules/") && !$0.hasPrefix("Pipeline/") }
        // A private member cannot be reached from another file; a name also declared outside
        // Rules/ cannot be told apart by name and is left alone.
        #expect(uses == [
            "Isolation/Uses.swift:1: `Helper` (declared in Rules/Shared.swift)",
            "Isolation/Uses.swift:2: `freeHelper` (declared in Rules/Shared.swift)",
            "Isolation/Uses.swift:3: `ruleOnlyMember` (declared in Rules/Shared.swift)",
        ])
    }

    @Test func theScanSeesWhatARuleFileExportsAndWhoNamesARule() {
        let scan = LayerScan([
            ("Rules/Tasks/GoodRule.swift", """
                struct GoodRule: Rule { func violations() {} }
                private struct Helper {}
                private extension Syntax { var onlyHere: Bool { true } }
                extension Syntax { fileprivate var alsoHere: Bool { true } }
                """),
            ("Rules/Tasks/LeakyRule.swift", """
                struct LeakyRule: Rule { static func shared() { GoodRule.helper() } }
                struct Leaked {}
                extension Syntax { var leakedMember: Bool { true } }
                func leakedFunction() {}
                """),
            ("Rules/Tasks/GoodRuleExamples.swift", """
                extension GoodRule { static let triggeringExamples: [String] = [] }
                extension LeakyRule { static let borrowed: [String] = [] }
                """),
            ("Rules/Tasks/GoodRule+Fix.swift", "extension GoodRule { func fix() { LeakyRule.shared() } }"),
            ("Rules/RuleRegistry.swift", "let all = [GoodRule.self, LeakyRule.self]"),
        ])
        // The examples file extends its own rule freely, but not another rule.
        #expect(scan.ruleFileExports() == [
            "Rules/Tasks/GoodRuleExamples.swift:2: `borrowed`",
            "Rules/Tasks/LeakyRule.swift:2: `Leaked`",
            "Rules/Tasks/LeakyRule.swift:3: `leakedMember`",
            "Rules/Tasks/LeakyRule.swift:4: `leakedFunction`",
        ])
        #expect(scan.usesOfRuleTypes() == [
            "Rules/Tasks/GoodRule+Fix.swift:1: `LeakyRule`",
            "Rules/Tasks/GoodRuleExamples.swift:2: `LeakyRule`",
            "Rules/Tasks/LeakyRule.swift:1: `GoodRule`",
        ])
    }
}

/// The declarations and uses of names in a set of source files, by path relative to ActorlintKit.
struct LayerScan {
    struct File {
        var path: String
        var tree: SourceFileSyntax
        var converter: SourceLocationConverter
        var declarations: Declarations
    }

    let files: [File]

    init(_ sources: [(path: String, text: String)]) {
        files = sources.map { source in
            let tree = Parser.parse(source: source.text)
            let declarations = Declarations(viewMode: .sourceAccurate)
            declarations.walk(tree)
            return File(path: source.path, tree: tree, converter: SourceLocationConverter(fileName: source.path, tree: tree),
                        declarations: declarations)
        }
    }

    /// "path:line: `name` (declared in Rules/…)" for every use, in the files `checked` accepts,
    /// of a type, free function or extension member that `Rules/` declares and nothing else does.
    func usesOfRules(in checked: (String) -> Bool) -> [String] {
        let outside = files.filter { !$0.path.hasPrefix("Rules/") }.map(\.declarations)
        let ambiguous = outside.reduce(into: Set<String>()) { $0.formUnion($1.allNames) }
        var types: [String: String] = [:], functions: [String: String] = [:], members: [String: String] = [:]
        for file in files where file.path.hasPrefix("Rules/") {
            for name in file.declarations.types.map(\.name) where !ambiguous.contains(name) { types[name] = file.path }
            for name in file.declarations.topLevel.map(\.name) where !ambiguous.contains(name) { functions[name] = file.path }
            for name in file.declarations.extensionMembers.map(\.name) where !ambiguous.contains(name) { members[name] = file.path }
        }
        var found: [String] = []
        for file in files where checked(file.path) {
            let uses = Uses(viewMode: .sourceAccurate)
            uses.walk(file.tree)
            for (name, token) in uses.names {
                let declared = uses.isMember[name]! ? members[name] ?? types[name] : types[name] ?? functions[name]
                guard let declared else { continue }
                found.append("\(file.path):\(line(of: token, in: file)): `\(name)` (declared in \(declared))")
            }
        }
        return found.sorted()
    }

    /// "path:line: `name`" for each declaration of a rule file (`Rules/<Category>/…`) that other
    /// files can see, other than its rule type. `<Rule>Examples.swift` belongs to its rule: the
    /// members it adds to the rule are reached through the rule's name.
    func ruleFileExports() -> [String] {
        files.filter(isRuleFile).flatMap { file in
            let rules = Set(file.declarations.ruleTypes).union(companionRule(of: file).map { [$0] } ?? [])
            let visible = file.declarations.topLevelTypes + file.declarations.topLevel + file.declarations.extensionMembers
            return visible.filter { !rules.contains($0.name) && !rules.contains($0.extendedType ?? "") }
                .map { "\(file.path):\(line(of: $0.token, in: file)): `\($0.name)`" }
        }.sorted()
    }

    /// The rule a companion file belongs to: `Rules/<Category>/<Rule>Examples.swift` holds its
    /// examples, `<Rule>+<Part>.swift` a part of it (its fix).
    private func companionRule(of file: File) -> String? {
        let name = (file.path as NSString).lastPathComponent
        let rule: String
        if let plus = name.firstIndex(of: "+") {
            rule = String(name[..<plus])
        } else if name.hasSuffix("Examples.swift") {
            rule = String(name.dropLast("Examples.swift".count))
        } else {
            return nil
        }
        guard isRuleFile(file) else { return nil }
        let rulePath = (file.path as NSString).deletingLastPathComponent + "/" + rule + ".swift"
        return files.first { $0.path == rulePath }?.declarations.ruleTypes.contains(rule) == true ? rule : nil
    }

    /// "path:line: `Rule`" for each use of a rule type outside its own file and the registry: a
    /// rule that another rule or a lower layer calls into.
    func usesOfRuleTypes() -> [String] {
        var rules: [String: String] = [:]
        for file in files where isRuleFile(file) { for name in file.declarations.ruleTypes { rules[name] = file.path } }
        var found: [String] = []
        for file in files where file.path != "Rules/RuleRegistry.swift" {
            let uses = Uses(viewMode: .sourceAccurate)
            uses.walk(file.tree)
            for (name, token) in uses.names where rules[name] != nil && rules[name] != file.path && companionRule(of: file) != name {
                found.append("\(file.path):\(line(of: token, in: file)): `\(name)`")
            }
        }
        return found.sorted()
    }

    private func isRuleFile(_ file: File) -> Bool {
        file.path.hasPrefix("Rules/") && file.path.dropFirst("Rules/".count).contains("/")
    }

    private func line(of token: TokenSyntax, in file: File) -> Int {
        file.converter.location(for: token.positionAfterSkippingLeadingTrivia).line
    }
}

/// The names a file declares that other files can reach: types (nested too), top-level
/// functions and variables, and members of extensions; private and fileprivate ones are left
/// out. Members of the file's own types are reached through the type's name; `allNames` counts
/// them too, to tell which names are ambiguous.
final class Declarations: SyntaxVisitor {
    struct Name {
        var name: String
        var token: TokenSyntax
        /// For an extension member: the type the extension extends.
        var extendedType: String? = nil
    }

    var types: [Name] = []
    var topLevelTypes: [Name] = []
    /// Types that conform to `Rule` or `ProjectRule`.
    var ruleTypes: [String] = []
    var topLevel: [Name] = []
    var extensionMembers: [Name] = []
    var typeMembers: [Name] = []

    var allNames: Set<String> { Set((types + topLevel + extensionMembers + typeMembers).map(\.name)) }

    private func isHidden(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }
    }

    private func record(_ token: TokenSyntax, of node: some SyntaxProtocol, modifiers: DeclModifierListSyntax) {
        guard !isHidden(modifiers) else { return }
        let name = Name(name: token.text.filter { $0 != "`" }, token: token)
        // A declaration's parent is its list item, whose parent is the list, inside the file or a member block.
        guard let container = node.parent?.parent?.parent else { return }
        if container.is(SourceFileSyntax.self) {
            topLevel.append(name)
        } else if let block = container.as(MemberBlockSyntax.self) {
            if let extensionDecl = block.parent?.as(ExtensionDeclSyntax.self) {
                var member = name
                member.extendedType = extensionDecl.extendedType.trimmedDescription
                if !isHidden(extensionDecl.modifiers) { extensionMembers.append(member) }
            } else {
                typeMembers.append(name)
            }
        }
    }

    private func recordType(_ token: TokenSyntax, of node: some DeclGroupSyntax) -> SyntaxVisitorContinueKind {
        guard !isHidden(node.modifiers) else { return .skipChildren }
        let name = Name(name: token.text, token: token)
        types.append(name)
        if node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true {
            topLevelTypes.append(name)
            let inherited = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
            if inherited.contains("Rule") || inherited.contains("ProjectRule") { ruleTypes.append(token.text) }
        }
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { recordType(node.name, of: node) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { recordType(node.name, of: node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { recordType(node.name, of: node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { recordType(node.name, of: node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { recordType(node.name, of: node) }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name, of: node, modifiers: node.modifiers)
        if !isHidden(node.modifiers) { types.append(Name(name: node.name.text, token: node.name)) }
        return .skipChildren
    }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name, of: node, modifiers: node.modifiers)
        return .skipChildren
    }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { record(pattern.identifier, of: node, modifiers: node.modifiers) }
        }
        return .skipChildren
    }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Each name a file uses, at its first use: type names, references, and member names after a `.`.
final class Uses: SyntaxVisitor {
    var names: [(String, TokenSyntax)] = []
    /// For each name: whether its first use is as a member (`x.name`), which only an extension
    /// member or a nested type can answer.
    var isMember: [String: Bool] = [:]

    private func use(_ token: TokenSyntax, member: Bool) {
        let name = token.text.filter { $0 != "`" }
        guard isMember[name] == nil else {
            // A bare use after a member use: the name may also be a type or function.
            if !member { isMember[name] = false }
            return
        }
        isMember[name] = member
        names.append((name, token))
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        use(node.baseName, member: node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id)
        return .visitChildren
    }
    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        use(node.name, member: false)
        return .visitChildren
    }
    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        use(node.name, member: true)
        return .visitChildren
    }
}
