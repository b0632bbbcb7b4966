/// What the project index needs from one file: its type declarations, the global actors it
/// declares, the modules it imports, where it uses types off the main actor, its closure-typed
/// parameters and properties, and what it tells the cancellation reach. Small next to the syntax
/// tree, so the pipeline keeps these for every file of a module while it drops trees, and the
/// cache stores them so an unchanged file need not be parsed to index its module.
public struct FileSummary: Sendable, Equatable {
    /// In declaration order; each `path` is the file's path.
    var types: [ProjectIndex.TypeInfo] = []
    var globalActorNames: Set<String> = []
    var imports: Set<String> = []
    /// The file's first use of each name; each `path` is the file's path.
    var offMainUses: [String: ProjectIndex.OffMainUse] = [:]
    var closureParameters: [String: [ProjectIndex.ClosureParameter]] = [:]
    /// The file's last declaration of each name.
    var closureProperties: [String: ProjectIndex.ClosureParameter] = [:]
    /// Where the file names each type inside a member, one use per kind of context.
    var typeUses: [String: [ProjectIndex.TypeUse]] = [:]
    var cancellation = CancellationReach.FileContribution()
    /// What each function's body waits on, names and changes (`FunctionSummary`).
    var functions: [FunctionSummary] = []
    /// Functions that tell how a continuation's callbacks run (`ResumeHelpers`).
    var resumeHelpers = ResumeHelpers()
    /// Its async functions whose `catch` records a failure for good (`LastingFailure`).
    var lastingFailures: Set<String> = []

    init(types: [ProjectIndex.TypeInfo] = [], globalActorNames: Set<String> = [], imports: Set<String> = [],
         offMainUses: [String: ProjectIndex.OffMainUse] = [:], closureParameters: [String: [ProjectIndex.ClosureParameter]] = [:],
         closureProperties: [String: ProjectIndex.ClosureParameter] = [:], typeUses: [String: [ProjectIndex.TypeUse]] = [:],
         cancellation: CancellationReach.FileContribution = CancellationReach.FileContribution(),
         functions: [FunctionSummary] = [], lastingFailures: Set<String> = []) {
        self.types = types
        self.globalActorNames = globalActorNames
        self.imports = imports
        self.offMainUses = offMainUses
        self.closureParameters = closureParameters
        self.closureProperties = closureProperties
        self.typeUses = typeUses
        self.cancellation = cancellation
        self.functions = functions
        self.lastingFailures = lastingFailures
    }

    public init(_ file: SourceFile) {
        let collector = ProjectIndex.Collector(file: file)
        collector.walk(file.tree)
        self.init(types: collector.types, globalActorNames: collector.globalActorNames, imports: collector.imports,
                  offMainUses: collector.offMainUses, closureParameters: collector.closureParameters,
                  closureProperties: collector.closureProperties, typeUses: ProjectIndex.TypeUseCollector.uses(in: file.tree),
                  cancellation: CancellationReach.FileContribution(file),
                  functions: FunctionSummary.summaries(of: file), lastingFailures: LastingFailure.functions(in: file))
        resumeHelpers = ResumeHelpers(file)
    }

    /// Identifies the summary's content, paths included (they appear in isolation reasons).
    /// Function summaries are left out: they change with most edits of a body, and findings
    /// that rest on them record what they read instead (`RuleContext.noteFunctions(named:)`).
    /// So are type uses: a findings key holds those only for the file that declares the type
    /// (`ProjectIndex.typeUsesDigest(forFile:)`).
    func digest(path: String) -> Digest {
        var writer = ByteWriter()
        writer.write(path)
        var declarations = self
        declarations.functions = []
        declarations.encode(to: &writer, includingUses: false)
        return writer.bytes.withUnsafeBytes { StableHasher.digest($0) }
    }
}
