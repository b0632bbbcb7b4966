import Foundation
import SwiftSyntax

/// What actorlint knows about the declarations of one module, across all its files: the types,
/// their attributes, superclasses and conformances, extensions, and user-declared global actors.
/// Built from each file's `FileSummary` (taken from its tree once, or from the cache), so the
/// trees need not be kept; extensions and types declared later or in other files resolve
/// because lookups happen after the whole module is indexed.
public final class ProjectIndex: @unchecked Sendable {
    public struct TypeInfo: Sendable, Hashable {
        public enum Kind: String, Sendable { case `class`, `struct`, `enum`, actor, `protocol` }
        public var kind: Kind
        public var name: String
        /// Attribute names as written (`MainActor`, `Observable`, `DatabaseActor`…).
        public var attributes: [String]
        /// `nonisolated struct Row` (SE-0449).
        public var isNonisolated: Bool
        /// Inherited types as written (superclass first for classes), generic arguments dropped.
        public var inherited: [String]
        /// For protocols: the names of their requirements.
        public var requirements: Set<String>
        /// A `@StateObject`/`@ObservedObject`… property: main-actor inference in Swift 5 mode only.
        public var mainActorPropertyWrapper: String?
        /// The type or extension this type is nested in, if any: under default isolation MainActor
        /// a nested type gets the default only when its parent is main-actor code.
        public var parent: Parent?
        /// Declared in another module of the run (see `ProjectIndex.link`).
        public var isForeign = false
        public var path: String
        public var line: Int
    }

    public struct Parent: Sendable, Hashable {
        /// The enclosing type's name, or the extended type's name for an extension.
        public var typeName: String
        public var isExtension: Bool
        /// For an extension: its attribute names and whether it is declared `nonisolated`.
        public var attributes: [String]
        public var isNonisolated: Bool
    }

    /// Types by key: `Parent.Name` for a type nested in another (or in an extension of it),
    /// else `Name`. Two views' nested `ViewModel`s are two types.
    public private(set) var types: [String: TypeInfo] = [:]
    /// For each bare name, the key of its first nested declaration: what an unqualified name
    /// means when no top-level type has it.
    private var keysByName: [String: String] = [:]

    /// The key `types` keeps `info` under.
    static func key(of info: TypeInfo) -> String {
        info.parent.map { "\($0.typeName).\(info.name)" } ?? info.name
    }

    /// Adds `info` unless a type with its key is known (the first declaration wins).
    private func add(_ info: TypeInfo) {
        let key = Self.key(of: info)
        guard types[key] == nil else { return }
        types[key] = info
        if keysByName[info.name] == nil { keysByName[info.name] = key }
    }
    /// Global actors declared in the module (`@globalActor actor Database`), plus MainActor.
    public private(set) var globalActors: Set<String> = ["MainActor"]
    /// Those declared in this module's own files: what linking reads of a dependency, which may
    /// be linked itself at the same time (its `globalActors` then grows).
    private var declaredGlobalActors: Set<String> = ["MainActor"]
    /// Modules the module's files import (`SwiftUI`, `UIKit`…): settings rules tell UI code by it.
    public private(set) var imports: Set<String> = []
    /// Where a capitalized name (a type) is first used in code that is plainly off the main
    /// actor: `@concurrent` or `nonisolated` functions and the members of actors. A syntactic
    /// summary, so `nonisolated-model-type` can see uses in other files without their trees.
    public private(set) var offMainUses: [String: OffMainUse] = [:]
    /// Where the module's code names each of its classes, one use per kind of context
    /// (`TypeUse`): whether a class is used outside main-actor code, in any file.
    public private(set) var typeUses: [String: [TypeUse]] = [:]

    /// Closure-typed parameters of the module's functions and initializers (and the stored
    /// closure properties behind memberwise initializers), by function name or type name: how
    /// the module's own APIs treat the closures passed to them.
    public private(set) var closureParameters: [String: [ClosureParameter]] = [:]

    public struct ClosureParameter: Sendable, Equatable {
        /// The argument label; nil for `_`.
        public var label: String?
        public var behaviour: Catalogue.ClosureBehaviour
        /// "`@Sendable`" or "`@MainActor`" or "non-`@Sendable`", for reasons.
        public var note: String
        /// `@escaping` (or optional, or stored): the callee may call it after it returns.
        public var isEscaping = false
        /// What the callee's body does with an escaping closure (`ClosureUse`): calls it before
        /// returning, hands it to a queue that runs it once, or keeps it. `.called` for a
        /// non-escaping one; `.kept` where the body is unknown (a protocol requirement).
        public var use: ClosureUse

        public init(label: String?, behaviour: Catalogue.ClosureBehaviour, note: String, isEscaping: Bool = false,
                    use: ClosureUse? = nil) {
            self.label = label
            self.behaviour = behaviour
            self.note = note
            self.isEscaping = isEscaping
            self.use = use ?? (isEscaping ? .kept : .called)
        }
    }

    public struct OffMainUse: Sendable, Equatable {
        public var path: String
        public var line: Int
        /// "`decodePosts(from:)`"
        public var context: String
    }

    /// Which functions run in tasks that get cancelled (the cancellation rules). Resolved on
    /// first use from the files' contributions: this module's, and once linked, those of the
    /// modules that import it (only they can await its functions).
    private var cancellationReachBox: CancellationReach.LazyBox<CancellationReach>
    public var cancellationReach: CancellationReach { cancellationReachBox.value }
    /// This module's own files' contributions, whatever the reach was linked to.
    let cancellationContributions: [CancellationReach.FileContribution]
    /// Which functions of this module and the modules it imports throw when their task is
    /// cancelled (the cancellation rules): worked out on first use, from this module's files'
    /// contributions and, once linked, its dependencies'.
    var cancellationThrowers: CancellationThrowers { cancellationThrowersBox.value }
    private var cancellationThrowersBox: CancellationReach.LazyBox<CancellationThrowers>
    /// Functions of the module that tell how a continuation's callbacks run (`ResumeHelpers`).
    private(set) var resumeHelpers = ResumeHelpers()
    /// Async functions of the module whose `catch` records a failure for good (`LastingFailure`).
    public private(set) var lastingFailures: Set<String> = []

    /// The module's functions with a body, by name: what awaiting one of them does (`CallWork`).
    private(set) var functionSummaries: [String: [FunctionSummary]] = [:]

    public convenience init(files: [SourceFile] = []) {
        self.init(summaries: files.map(FileSummary.init))
    }

    /// The index of the files `summaries` describe, in the same order: for a name declared
    /// twice, the first declaration wins.
    public init(summaries: [FileSummary]) {
        var conflicting: Set<String> = []
        cancellationContributions = summaries.map(\.cancellation)
        cancellationReachBox = CancellationReach.LazyBox([cancellationContributions], make: CancellationReach.init)
        cancellationThrowersBox = CancellationReach.LazyBox([cancellationContributions], make: CancellationThrowers.init)
        for summary in summaries {
            for info in summary.types { add(info) }
            globalActors.formUnion(summary.globalActorNames)
            imports.formUnion(summary.imports)
            resumeHelpers.formUnion(summary.resumeHelpers)
            for (name, use) in summary.offMainUses where offMainUses[name] == nil { offMainUses[name] = use }
            for (name, uses) in summary.typeUses { typeUses[name, default: []] += uses }
            for (name, parameters) in summary.closureParameters { closureParameters[name, default: []] += parameters }
            for (name, property) in summary.closureProperties {
                // Two declarations that disagree leave the name unknown.
                if let known = closureProperties[name], known.behaviour != property.behaviour { conflicting.insert(name) }
                closureProperties[name] = property
            }
            for name in conflicting { closureProperties[name] = nil }
            for function in summary.functions { functionSummaries[function.name, default: []].append(function) }
            lastingFailures.formUnion(summary.lastingFailures)
        }
        declaredGlobalActors = globalActors
        typeUses = typeUses.filter { ownType(named: $0.key).map(Self.keepsUses) == true }
    }

    /// `base` with `file` read afresh in place of its earlier version (same path). The fixer
    /// needs it between passes: the module's index still describes the file as it was, so a
    /// class a fix just made `@MainActor` would look nonisolated and be fixed again.
    public init(updating base: ProjectIndex, with file: SourceFile) {
        let fresh = ProjectIndex(files: [file])
        globalActors = base.globalActors.union(fresh.globalActors)
        declaredGlobalActors = base.declaredGlobalActors.union(fresh.declaredGlobalActors)
        imports = base.imports.union(fresh.imports)
        resumeHelpers = base.resumeHelpers
        resumeHelpers.formUnion(fresh.resumeHelpers)
        offMainUses = base.offMainUses.filter { $0.value.path != file.path }
        for (name, use) in fresh.offMainUses where offMainUses[name] == nil { offMainUses[name] = use }
        // Uses carry no file: the file's earlier uses stay beside its new ones, which can only
        // keep a rule quiet.
        var uses = base.typeUses
        for (name, fileUses) in TypeUseCollector.uses(in: file.tree) {
            let known = Set(uses[name] ?? [])
            uses[name, default: []] += fileUses.filter { !known.contains($0) }
        }
        closureParameters = base.closureParameters
        closureProperties = base.closureProperties
        functionSummaries = base.functionSummaries.mapValues { $0.filter { $0.path != file.path } }
        for (name, functions) in fresh.functionSummaries { functionSummaries[name, default: []] += functions }
        lastingFailures = base.lastingFailures.union(fresh.lastingFailures)
        // Which tasks get cancelled, and the sibling modules, do not change with one file's fix.
        cancellationContributions = base.cancellationContributions
        cancellationReachBox = base.cancellationReachBox
        cancellationThrowersBox = base.cancellationThrowersBox
        dependencies = base.dependencies
        let kept = base.types.filter { $0.value.path != file.path }
        types = kept
        keysByName = base.keysByName.filter { kept[$0.value] != nil }
        for info in fresh.types.values.sorted(by: { $0.line < $1.line }) { add(info) }
        typeUses = uses.filter { ownType(named: $0.key).map(Self.keepsUses) == true && !$0.value.isEmpty }
    }

    public static let empty = ProjectIndex()

    /// Facts derived from the whole index that rules ask of every file (a module's role, which
    /// types a module's code uses off the main actor): computed once per index and key.
    private let memos = MemoTable()

    func memo<T>(_ key: String, _ make: () -> T) -> T {
        memos.value(key, make)
    }

    /// The modules this one imports (directly or through another), in run order: consulted
    /// when a name is not declared here, so a superclass, protocol or view from a sibling
    /// package resolves. A type found there is marked `isForeign`: its module's default
    /// isolation is not this module's, so only what it declares counts.
    public private(set) var dependencies: [ProjectIndex] = []

    /// Links this module to the modules it imports, directly or not (`dependencies`, in run order).
    /// Reads only what the dependencies' own files declared, so they may be linked meanwhile.
    public func link(dependencies: [ProjectIndex]) {
        self.dependencies = dependencies.filter { $0 !== self }
        cancellationThrowersBox = CancellationReach.LazyBox([cancellationContributions] + self.dependencies.map(\.cancellationContributions),
                                                           make: CancellationThrowers.init)
        // `dependencies` is transitive: their own declarations are all there is to add.
        for dependency in self.dependencies { globalActors.formUnion(dependency.declaredGlobalActors) }
    }

    /// Resolves this module's cancellation reach from its own files and those of `importers`
    /// (the modules that import it, directly or not): a `.task` in an app can await a package's
    /// function, never the other way round.
    public func linkCancellationReach(importers: [ProjectIndex]) {
        cancellationReachBox = CancellationReach.LazyBox(
            [cancellationContributions] + importers.filter { $0 !== self }.map(\.cancellationContributions),
            make: CancellationReach.init)
    }

    /// Links every index to all the others, as if each module imported every other one (for
    /// `explain` and surveys, which have no import graph of the run).
    public static func link(_ indexes: [ProjectIndex]) {
        guard indexes.count > 1 else { return }
        for index in indexes {
            index.link(dependencies: indexes)
            index.linkCancellationReach(importers: indexes)
        }
    }

    /// The global actor a type's own attributes name, if any.
    public func globalActor(of type: TypeInfo) -> String? {
        type.attributes.first { globalActors.contains($0) }
    }

    public func type(named name: String) -> TypeInfo? {
        if let local = ownType(named: name) { return local }
        guard !dependencies.isEmpty else { return nil }
        // As one merged index would answer: the whole name in any dependency first.
        let last = name.split(separator: ".").last.map(String.init)
        for candidate in [name, last] {
            guard let candidate else { continue }
            for dependency in dependencies {
                if var foreign = dependency.ownType(named: candidate) {
                    foreign.isForeign = true
                    return foreign
                }
            }
        }
        return nil
    }

    /// `A.B.C` by its key, else as `B.C`, else the type its last name means.
    private func ownType(named name: String) -> TypeInfo? {
        if let exact = types[name] { return exact }
        let parts = name.split(separator: ".").map(String.init)
        if parts.count > 2, let nested = types[parts.suffix(2).joined(separator: ".")] { return nested }
        guard let last = parts.last else { return nil }
        return types[last] ?? keysByName[last].flatMap { types[$0] }
    }

    /// Stored properties of closure type, by property name: what a closure assigned to one gets.
    public private(set) var closureProperties: [String: ClosureParameter] = [:]

    /// The declared closure type of a property named `name`, when every declaration agrees.
    public func closureProperty(named name: String) -> ClosureParameter? {
        closureProperties[name] ?? dependencies.lazy.compactMap { $0.closureProperties[name] }.first
    }

    /// The summaries of the functions named `name` in this module and the modules it imports.
    func functions(named name: String) -> [FunctionSummary] {
        (functionSummaries[name] ?? []) + dependencies.flatMap { $0.functionSummaries[name] ?? [] }
    }

    /// What `functions(named:)` answers, as text that changes when any of them does: what a
    /// finding that read them records, to be checked against a later run's index.
    func functionsAnswer(named name: String) -> String {
        memo("functionsAnswer " + name) { () -> String in
            var writer = ByteWriter()
            for function in functions(named: name).sorted(by: { ($0.path, $0.owner ?? "") < ($1.path, $1.owner ?? "") }) {
                writer.write(function.path)
                function.encode(to: &writer)
            }
            return writer.bytes.withUnsafeBytes { StableHasher.digest($0) }.description
        }
    }

    /// The closure parameters of the module's (or a sibling module's) functions named `name`.
    public func closureParameters(named name: String) -> [ClosureParameter]? {
        closureParameters[name] ?? dependencies.lazy.compactMap { $0.closureParameters[name] }.first
    }

    /// The base name of a type as written: `Foo` for `Foo<Bar>`, `Module.Foo`, `Foo?`.
    /// `DownloadsView.ViewModel` for that member type, `Feed` for `Feed<Item>`: the name an
    /// extension's type is looked up by.
    static func qualifiedName(_ type: TypeSyntax) -> String {
        if let member = type.as(MemberTypeSyntax.self) { return qualifiedName(member.baseType) + "." + member.name.text }
        return baseName(type)
    }

    static func baseName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let attributed = type.as(AttributedTypeSyntax.self) { return baseName(attributed.baseType) }
        return type.trimmedText
    }
}
