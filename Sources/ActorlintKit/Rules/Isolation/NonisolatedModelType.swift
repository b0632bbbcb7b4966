import SwiftSyntax

/// In a module with default isolation MainActor, a Sendable/Codable value type used from
/// nonisolated or `@concurrent` code but not marked `nonisolated`.
struct NonisolatedModelType: Rule {
    static let conformances: Set<String> = ["Sendable", "Codable", "Decodable", "Encodable"]
    /// A finding needs one of these written in the type's inheritance clause.
    static let triggers = conformances.sorted()

    static let description = RuleDescription(
        id: "nonisolated-model-type",
        category: .isolation, set: .preview,
        summary: "In a default-MainActor module, a Sendable/Codable value type used off the main actor but not marked `nonisolated`",
        rationale: """
            With default isolation MainActor (SE-0466) every unannotated declaration of the \
            module is main-actor code, plain data types included: their computed properties, \
            methods and initializers can then only be used synchronously on the main actor. A \
            value type that travels to `@concurrent` or nonisolated code (decoded off the main \
            actor, passed to an actor) should say so: `nonisolated` on the type (SE-0449) keeps \
            it out of the default, so it is usable everywhere without hops. (SE-0449, SE-0466)
            """,
        fix: FixInfo(.safe, """
            Adds `nonisolated` to the type. A value type's members keep their behaviour; they \
            simply stop being main-actor isolated.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    /// The first use of the type's members off the main actor, under the name code must write:
    /// a nested type's qualified name (`Filter.Snapshot`), since its bare name elsewhere may be
    /// another type (`Data`).
    private static func offMainUse(of decl: some SyntaxProtocol, named name: String, _ index: ProjectIndex) -> ProjectIndex.OffMainUse? {
        var qualified = name
        var current = decl.parent
        var nested = false
        while let node = current {
            if let group = node.asProtocol((any DeclGroupSyntax).self) {
                qualified = (group.typeName.split(separator: ".").last.map(String.init) ?? group.typeName) + "." + qualified
                nested = true
                if let use = index.offMainUses[qualified] { return use }
            }
            current = node.parent
        }
        return nested ? nil : index.offMainUses[name]
    }

    func violations(in context: RuleContext) -> [Violation] {
        guard context.module.defaultIsolation == .mainActor else { return [] }
        final class Visitor: SyntaxVisitor {
            var types: [(name: TokenSyntax, keyword: TokenSyntax, decl: DeclGroupSyntax)] = []
            override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
                types.append((node.name, node.structKeyword, node))
                return .visitChildren
            }
            override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
                types.append((node.name, node.enumKeyword, node))
                return .visitChildren
            }
        }
        let visitor = Visitor(viewMode: .sourceAccurate)
        visitor.walk(context.file.tree)
        return visitor.types.compactMap { type in
            let inherited = Set(type.decl.inheritanceClause?.inheritedTypes.map { ProjectIndex.baseName($0.type) } ?? [])
            let conformance = inherited.intersection(Self.conformances).sorted().first
            guard let conformance, let use = Self.offMainUse(of: type.decl, named: type.name.text, context.isolation.index) else { return nil }
            let declaration = ExecutionContext(kind: .typeDeclaration, node: Syntax(type.decl))
            var isolation = context.isolation.isolation(of: declaration)
            // A `Sendable` type is main-actor code for Swift 6.2 and 6.3 and nonisolated from 6.4
            // (SE-0466): where the compiler is not known, `nonisolated` makes it the same for all.
            var untilSwift64 = ""
            if case .unknown = isolation.isolation, context.module.compilerSupports([6, 4]) == nil {
                var older = context.module
                older.compiler = CompilerVersion(version: "6.3", certainty: .stated, evidence: "Swift 6.3")
                isolation = IsolationModel(file: context.file, module: older, index: context.isolation.index).isolation(of: declaration)
                untilSwift64 = " with Swift 6.2 and 6.3 (6.4 no longer infers it for a `Sendable` type)"
            }
            guard isolation.isolation == .mainActor else { return nil }
            let file = use.path.split(separator: "/").last.map(String.init) ?? use.path
            let fix = ModifierInsertion.offset(before: type.decl).map {
                Fix(title: "Mark it `nonisolated`", safety: .safe, edits: [TextEdit(start: $0, end: $0, replacement: "nonisolated ")])
            }
            return context.violation(
                "`\(type.name.text)` is \(conformance) data whose members are used off the main actor (in \(use.context), \(file):\(use.line)), " +
                "but it is main-actor code\(untilSwift64): \(isolation.because.isEmpty ? "the module's default isolation is MainActor" : isolation.because). " +
                "Mark it `nonisolated` (SE-0449) so all of its members and conformances can be used there.",
                at: type.name, fix: fix)
        }
    }
}
