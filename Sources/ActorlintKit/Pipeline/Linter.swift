import Foundation

/// The pipeline below `Actorlint`, the front door that sets it up: read → parse (once per
/// file, in parallel, under a time limit) → index each module → link it to the modules it
/// imports → run the enabled rules, module by module in import order → suppressions and
/// configuration → findings, plus the project rules over Xcode build settings. Public for one
/// file in memory only (`findings(in:module:)`: what rule tests and the fixer's passes run).
///
/// Memory is bounded by `memoryBudget`, not by the run: each file is reduced to its index summary
/// as it is parsed, and the syntax trees held for the rules, with those being parsed and walked,
/// take what the budget leaves of what the run keeps (the project model, the files' slots, the
/// indexes); beyond that a tree is dropped after summarizing (or given up later to make room)
/// and the file parsed again for its rules (only modules larger than the budget pay this).
/// Files that no enabled rule runs on take no room: their findings are known to be none once
/// they are summarized. With a `cache`, an unchanged file is not parsed at all (`LintSession`).
public struct Linter: Sendable {
    public var configuration: Configuration
    public var project: ProjectModel
    /// Rule ids to run; the configuration's selection when nil.
    public var ruleIDs: Set<String>
    /// The rules that can run; the registry's. Tests inject rules of their own here.
    public var rules: [any Rule.Type] = RuleRegistry.all
    /// Files larger than this are reported, not parsed.
    var maximumFileSize = 16 << 20
    /// Results of earlier runs; nil runs without one (`--no-cache`).
    var cache: ResultCache?
    /// Bytes that syntax trees held and in flight (`SourceFile.treeBytes`) and what the run keeps
    /// to its end (`MemoryEstimate`: the project model, each file's slot, the indexes) may take
    /// at once. Trees get what the kept state leaves, at least a quarter of it: a module (or an
    /// Xcode project's targets together) with more parses some of its files twice, and a larger
    /// input pays in parses, not in memory, until what it keeps passes three quarters of this.
    /// Trees are counted in nodes, not source: per byte of source a tree takes 16–34 bytes, so
    /// a budget of source let the heaviest modules (generated code, dense tests) hold twice what
    /// the lightest did.
    var memoryBudget = Linter.defaultMemoryBudget
    /// `memoryBudget` unless a front end sets another (`Actorlint.Options.memoryBudget`).
    public static let defaultMemoryBudget = 176 << 20
    /// Threads that parse and analyse; all cores by default.
    var threads = ProcessInfo.processInfo.activeProcessorCount
    /// Text to analyse instead of the file on disk, by path as given (an editor's unsaved buffer).
    var overlay: [String: String] = [:]
    /// When set, the run adds its time per rule and per phase to it.
    var profile: LintProfile?
    /// What relative paths are relative to: read once, when the linter is made, not once per
    /// path (`getcwd` is a system call, and every path of `check .` is relative).
    let currentDirectory = FileManager.default.currentDirectoryPath

    public init(configuration: Configuration = Configuration(), project: ProjectModel = ProjectModel(),
                ruleIDs: Set<String>? = nil) {
        self.configuration = configuration
        self.project = project
        self.ruleIDs = ruleIDs ?? configuration.enabledRuleIDs
    }

    /// The result of one run over many files. Holds no syntax trees or file texts: only the
    /// findings and the source lines reporters show for them.
    struct Run: Sendable {
        var findings: [Finding] = []
        var failures: [AnalysisFailure] = []
        /// The text of each line a finding starts on, by path and line number.
        var sourceLines: [String: [Int: String]] = [:]
        /// Files analysed (not counting failures).
        var fileCount = 0
        var lineCount = 0
        /// The index of each module by `ModuleSettings.key`: the fixer needs the same evidence
        /// (a target's imports) that the check had.
        var indexes: [String: ProjectIndex] = [:]
    }

    /// Seconds a file may take: the configured bound, else 10 s plus 2 s per MiB.
    func timeLimit(forSize bytes: Int) -> TimeInterval {
        configuration.fileTimeout ?? (10 + 2 * Double(bytes) / Double(1 << 20))
    }

    /// Lints files on disk. Paths are reported exactly as given.
    func run(paths: [String]) -> Run {
        LintSession(linter: self, paths: paths).run()
    }

    /// Lints one in-memory file (tests, the fixer, editors). A file with no project gets `module`.
    /// `indexes` is what rules see as `RuleContext.indexes`.
    public func findings(in file: SourceFile, module: ModuleSettings, index: ProjectIndex? = nil,
                         indexes: [String: ProjectIndex] = [:]) -> [Finding] {
        analyse(file, module: module, index: index ?? ProjectIndex(files: [file]), indexes: indexes).findings
    }

    /// The findings in `file`, and the cancellation-reach answers they rest on.
    func analyse(_ file: SourceFile, module: ModuleSettings, index: ProjectIndex,
                 indexes: [String: ProjectIndex]) -> (findings: [Finding], reachAnswers: [String: String]) {
        let context = RuleContext(file: file, module: module,
                                  isolation: IsolationModel(file: file, module: module, index: index),
                                  project: project, indexes: indexes)
        let relative = relativePath(file.path)
        var findings: [Finding] = []
        var times: [(String, Double)] = []
        for rule in rules where runs(rule, at: relative, contains: file.contains) {
            let description = rule.description
            let severity = configuration.severity(of: description)
            let start = profile == nil ? 0 : LintProfile.threadTime()
            for violation in rule.init().violations(in: context) {
                findings.append(Finding(ruleID: description.id, severity: severity, message: violation.message,
                                        path: file.path, range: violation.range, fix: violation.fix))
            }
            if profile != nil { times.append((description.id, LintProfile.threadTime() - start)) }
        }
        profile?.add(rules: times)
        // unused-suppression is configured like any rule: its severity and per-path ignores apply.
        // Then what the compiler covers: `@diagnose(Group, as: ignored)` around a finding of that
        // group silences it (SE-0522), and a compiler that has the group reports it itself.
        let unusedID = UnusedSuppression.description.id
        let kept = LintProfile.measure(profile, "suppressions") {
            let coverage = CompilerCoverage(rules: rules, module: module, policy: configuration.compilerCovered)
            let commented = Suppressions(file: file)
                .apply(to: findings, path: file.path, enabled: ruleIDs,
                       severity: configuration.severity(of: UnusedSuppression.description))
                .filter { $0.ruleID != unusedID || configuration.keeps(unusedID, at: relative) }
            return coverage.apply(to: DiagnoseAttributes.apply(to: commented, in: file, groups: coverage.groups)).sorted()
        }
        return (kept, context.reachAnswers.answers)
    }

    /// Whether `rule` runs on the file at `relative` whose text `contains` searches: enabled, not
    /// ignored there, and the text has one of its trigger words (most files have none of the
    /// words a rule's findings are about).
    private func runs(_ rule: any Rule.Type, at relative: String, contains: (String) -> Bool) -> Bool {
        ruleIDs.contains(rule.description.id) && configuration.keeps(rule.description.id, at: relative)
            && (rule.triggers.isEmpty || rule.triggers.contains(where: contains))
    }

    /// Whether `analyse` could report anything in a file: some rule runs on it, or it has a
    /// suppression comment (which can be reported unused). From the text alone, so a run need
    /// not keep or parse again the tree of a file for which this is false (nearly half the
    /// files of a large code base).
    /// Each word is searched for once, however many rules share it (`Task`, `weak`…).
    func mayReport(path: String, contains: (String) -> Bool) -> Bool {
        let relative = relativePath(path)
        var found: [String: Bool] = [:]
        func search(_ word: String) -> Bool {
            if let known = found[word] { return known }
            let hit = contains(word)
            found[word] = hit
            return hit
        }
        return search(Suppressions.marker) || rules.contains { runs($0, at: relative, contains: search) }
    }

    func mayReport(in file: SourceFile) -> Bool {
        mayReport(path: file.path, contains: file.contains)
    }

    static func seconds(_ value: TimeInterval) -> String {
        // A sub-second limit (--file-timeout 0.05) must not print as "0.0 s".
        value == value.rounded() ? "\(Int(value)) s" : String(format: value < 1 ? "%.2f s" : "%.1f s", value)
    }

    func relativePath(_ path: String) -> String {
        guard let configPath = configuration.path else { return path }
        let base = StandardPath.resolve("..", in: configPath) + "/"
        let absolute = absolutePath(path)
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : path
    }

    func absolutePath(_ path: String) -> String {
        StandardPath.resolve(path, in: currentDirectory)
    }
}
