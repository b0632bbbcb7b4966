import Foundation

/// ActorlintKit's front door: `check`, `fix` and `explain` as the `actorlint` command runs them,
/// for every front end (the command line, the tests, the benchmark, an editor that lints unsaved
/// buffers, a build plugin). Each call finds the configuration (`.actorlint.json` upward from
/// the first path, or `Options.configurationPath`), the Swift files under the paths (or takes
/// `Options.files`), the projects' module settings and the results cache, then runs the
/// pipeline (`Linter`, which it sets up; front ends need not).
///
///     var options = Actorlint.Options()
///     options.select = ["all"]
///     options.overlay["Sources/App/Feed.swift"] = unsavedText  // an editor's buffer
///     let actorlint = Actorlint(options)
///     let result = try actorlint.check(["Sources"])
///     for finding in result.findings { print(finding.path, finding.range.start.line, finding.message) }
///     let fixed = try actorlint.fix(["Sources"], FixOptions(diff: true))  // writes nothing
///     let why = try actorlint.explain(path: "Sources/App/Feed.swift", line: 12)
///     print(why.text)
///
/// Errors: `ConfigurationError` (a configuration that cannot be read) and `Actorlint.OptionError`
/// (options that name no rule); inputs that cannot be analysed are not errors but
/// `CheckResult.failures`, each named (`explain` throws its `AnalysisFailure`).
public struct Actorlint: Sendable {
    public var options: Options

    public init(_ options: Options = Options()) {
        self.options = options
    }

    public struct Options: Sendable {
        /// The configuration file to use; nil finds `.actorlint.json` upward from the first path.
        public var configurationPath: String?
        /// Rule ids, categories or sets that replace the configuration's selection.
        public var select: [String] = []
        /// Seconds a file may take, replacing the configuration's bound.
        public var fileTimeout: Double?
        /// The compiler that builds the project, replacing the configuration's `swift-version`
        /// and what the projects' files tell (`CompilerVersion.stated`).
        public var swiftVersion: CompilerVersion?
        /// Where earlier runs' results are kept (`ResultCache`).
        public var cache = CacheSetting.standard
        /// Read for the user's cache folder (`XDG_CACHE_HOME`, `HOME`).
        public var environment = ProcessInfo.processInfo.environment
        /// When set, exactly these files are linted instead of the Swift files found under the
        /// paths (a build plugin's target sources); the paths still locate the configuration,
        /// the projects and the cache.
        public var files: [String]?
        /// Text to analyse instead of the file on disk, by path as given (an editor's buffers).
        public var overlay: [String: String] = [:]
        /// Bytes that syntax trees and what the run keeps may take at once (`Linter.memoryBudget`).
        public var memoryBudget = Linter.defaultMemoryBudget
        /// Threads that parse and analyse.
        public var threads = ProcessInfo.processInfo.activeProcessorCount
        /// When set, the run adds its time per rule and phase and its counters to it.
        public var profile: LintProfile?

        public init() {}
    }

    public enum CacheSetting: Sendable, Equatable {
        /// `.build/actorlint-cache` in the checked project, else the user's cache folder
        /// (`ResultCache.defaultDirectory`); for `explain`, read from there and from the caches
        /// of runs over the folders above the file, never written.
        case standard
        /// Neither read nor written.
        case off
        case directory(String)
    }

    /// Options that cannot be run.
    public enum OptionError: Error, Equatable, Sendable {
        /// `Options.select` names no rule, category or set; `suggestion` is the closest id.
        case unknownSelector(String, suggestion: String?)
    }

    /// Lints the Swift files under `paths` (files or folders; the current folder when empty),
    /// reporting paths as found from those given.
    public func check(_ paths: [String]) throws -> CheckResult {
        let inputs = try prepare(paths)
        return CheckResult(inputs.linter.run(paths: inputs.files), inputs: inputs)
    }

    /// What a run reads before linting: the configuration, the files, the project, the cache.
    struct Inputs {
        var linter: Linter
        var files: [String]
        /// Paths the file search could not read.
        var failures: [AnalysisFailure]
    }

    func prepare(_ paths: [String]) throws -> Inputs {
        let paths = paths.isEmpty ? ["."] : paths
        var configuration = Configuration()
        if let path = options.configurationPath ?? Configuration.find(from: paths[0]) {
            configuration = try Configuration.load(path: path)
        }
        if !options.select.isEmpty {
            for selector in options.select where !Configuration.isKnownSelector(selector) {
                throw OptionError.unknownSelector(selector, suggestion: Suggestion.closest(to: selector, in: RuleRegistry.allIDs))
            }
            configuration.select = options.select
        }
        if let timeout = options.fileTimeout { configuration.fileTimeout = timeout }
        let base = configuration.path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        // The files and the projects are found in the same trees: each directory is listed once.
        let listings = DirectoryListings()
        let discovery = options.files.map { FileDiscovery.Result(files: $0) }
            ?? FileDiscovery(excludes: configuration.exclude, base: base).discover(paths, listings: listings)
        let cache: ResultCache?
        switch options.cache {
        case .off: cache = nil
        case .directory(let directory): cache = ResultCache(directory: directory)
        case .standard:
            cache = ResultCache.defaultDirectory(forPaths: paths, configurationPath: configuration.path,
                                                 environment: options.environment).map { ResultCache(directory: $0) }
        }
        var project = ProjectLoader.load(for: paths, cache: cache, listings: listings)
        if let stated = options.swiftVersion ?? configuration.swiftVersion { project.state(stated) }
        var linter = Linter(configuration: configuration, project: project)
        linter.cache = cache
        linter.overlay = options.overlay
        linter.memoryBudget = options.memoryBudget
        linter.threads = options.threads
        linter.profile = options.profile
        return Inputs(linter: linter, files: discovery.files, failures: discovery.failures)
    }
}

/// What `Actorlint.check` found.
public struct CheckResult: Sendable {
    /// Sorted by path and position.
    public var findings: [Finding]
    /// Inputs that could not be analysed, each named: those the file search met, then the files'.
    public var failures: [AnalysisFailure]
    /// The files checked, failures included.
    public var fileCount: Int
    /// The lines of the files analysed.
    public var lineCount: Int
    /// The text of each line a finding starts on, by path and line number, for reporters.
    public var sourceLines: [String: [Int: String]]
    /// Each module's index by `ModuleSettings.key`: what `fix` gives its rules.
    var indexes: [String: ProjectIndex]

    init(_ run: Linter.Run, inputs: Actorlint.Inputs) {
        findings = run.findings
        failures = inputs.failures + run.failures
        fileCount = inputs.files.count
        lineCount = run.lineCount
        sourceLines = run.sourceLines
        indexes = run.indexes
    }

    /// The report reporters render; its exit code fails on findings at `failOn` or above.
    public func report(failOn: Severity = .warning) -> Report {
        Report(findings: findings, failures: failures, fileCount: fileCount, sourceLines: sourceLines, failOn: failOn)
    }
}
