import ActorlintCLI
@testable import ActorlintKit
import Foundation
import Testing

/// The results cache: what an unchanged file reuses, what each kind of change invalidates, and
/// that a damaged cache or a poisoned entry never changes what is reported or written. Runs
/// are observed through the profile's counters: a file answered from the cache is not parsed.
@Suite struct CacheTests {
    /// What one run reported, and what it parsed or took from the cache.
    struct Outcome {
        var run: Linter.Run
        var counters: [LintProfile.Counter: Int]
        var parsed: Int { counters[.filesParsed, default: 0] + counters[.filesParsedAgain, default: 0] }
        var summariesReused: Int { counters[.summariesFromCache, default: 0] }
        var findingsReused: Int { counters[.findingsFromCache, default: 0] }
        var unread: Int { counters[.filesNotRead, default: 0] }
        var report: [String] { run.findings.map { "\($0.path):\($0.range.start.line): \($0.severity) \($0.ruleID): \($0.message)" } }
    }

    /// A run by a fresh linter and cache object over `folder`, as a new process would make it.
    func lint(_ folder: TemporaryDirectory, configuration: Configuration = .testing, project: ProjectModel = ProjectModel(),
              identity: Digest = ToolIdentity.current, stampSettleSeconds: Double = 2,
              overlay: [String: String] = [:]) -> Outcome {
        var linter = Linter(configuration: configuration, project: project)
        linter.overlay = overlay
        let cache = ResultCache(directory: folder.url(".build/actorlint-cache"), identity: identity)
        cache.stampSettleSeconds = stampSettleSeconds
        linter.cache = cache
        let profile = LintProfile()
        linter.profile = profile
        let paths = FileDiscovery().discover([folder.url("Sources")]).files
        return Outcome(run: linter.run(paths: paths), counters: profile.counters)
    }

    /// `Model` is main-actor isolated in one file; another file's extension dispatches to the
    /// main queue inside it, which `redundant-main-dispatch` reports only while `Model` is.
    static let model = """
        @MainActor
        final class Model {
            var count = 0
        }

        """
    static let modelExtension = """
        import Dispatch

        extension Model {
            func refresh() {
                DispatchQueue.main.async {
                    self.count += 1
                }
            }
        }

        """

    func project() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("Sources/Model.swift", Self.model)
        try folder.write("Sources/Model+Refresh.swift", Self.modelExtension)
        return folder
    }

    @Test func anUnchangedFileIsNeitherParsedNorAnalysedAgain() throws {
        let folder = try project()
        let cold = lint(folder)
        #expect(cold.parsed == 2 && cold.summariesReused == 0 && cold.findingsReused == 0)
        #expect(cold.report.count == 1 && cold.report[0].contains("Model+Refresh.swift:5: warning redundant-main-dispatch"))
        let warm = lint(folder)
        #expect(warm.parsed == 0)
        #expect(warm.summariesReused == 2 && warm.findingsReused == 2)
        #expect(warm.run.findings == cold.run.findings)
        #expect(warm.run.sourceLines == cold.run.sourceLines)
        #expect(warm.run.lineCount == cold.run.lineCount && warm.run.fileCount == 2)
        #expect(warm.run.indexes.values.first?.type(named: "Model")?.attributes == ["MainActor"])
    }

    /// Files changed seconds ago: their stamps are recorded, and a warm run reads neither.
    @Test func aFileWhoseStampIsUnchangedIsNotReadAgain() throws {
        let folder = try project()
        let cold = lint(folder, stampSettleSeconds: 0)
        let warm = lint(folder, stampSettleSeconds: 0)
        #expect(warm.unread == 2 && warm.parsed == 0 && warm.findingsReused == 2)
        #expect(warm.run.findings == cold.run.findings && warm.run.sourceLines == cold.run.sourceLines)
    }

    /// The same size and modification time, as a tool that restores the time leaves it: the
    /// change time still differs, so the file is read and its new content analysed.
    @Test(arguments: [0.0, 2.0])
    func aFileRewrittenWithItsSizeAndModificationTimeIsReadAgain(stampSettleSeconds: Double) throws {
        let folder = try project()
        let path = folder.url("Sources/Model.swift")
        var before = stat()
        stat(path, &before)
        let cold = lint(folder, stampSettleSeconds: stampSettleSeconds)
        #expect(cold.report.count == 1)
        // A change time tick apart (file times tick in milliseconds); with the 2 s default the
        // stamps were not even recorded, as the files were written just now.
        if stampSettleSeconds == 0 { Thread.sleep(forTimeInterval: 0.05) }
        let edited = Self.model.replacingOccurrences(of: "@MainActor", with: "//ainActor")
        #expect(edited.utf8.count == Self.model.utf8.count)
        try folder.write("Sources/Model.swift", edited)
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let warm = lint(folder, stampSettleSeconds: stampSettleSeconds)
        #expect(warm.unread == (stampSettleSeconds == 0 ? 1 : 0), "only the unchanged file goes unread")
        // The edited file is summarized from its new text (the other is analysed again: its
        // module's declarations changed).
        #expect(warm.counters[.filesParsed] == 1 && warm.summariesReused == 1)
        #expect(warm.report.isEmpty, "Model is no longer main-actor isolated: \(warm.report)")
    }

    /// `sequential-independent-awaits` reads the bodies of the functions a file calls, which the
    /// module's index digest leaves out: the file is analysed again when one of them changes
    /// (its finding goes), and its findings are reused when another function's body changes.
    @Test func findingsThatReadAnotherFilesFunctionsAreAnalysedAgainWhenTheyChange() throws {
        let folder = try TemporaryDirectory()
        let get = "try await URLSession.shared.data(from: URL(string: \"https://example.com\")!).0"
        try folder.write("Sources/Screen.swift", """
            import Foundation
            func load(api: API) async throws -> Int {
                let posts = try await api.posts()
                let users = try await api.users()
                return posts.count + users.count
            }

            """)
        func writeAPI(users: String, other: String) throws {
            try folder.write("Sources/API.swift", """
                import Foundation
                struct API {
                    func posts() async throws -> Data { \(get) }
                    func users() async throws -> Data { \(users) }
                    func other() -> Int { \(other) }
                }

                """)
        }
        try writeAPI(users: get, other: "1")
        let cold = lint(folder)
        #expect(cold.report.count == 1 && cold.report[0].contains("sequential-independent-awaits"))
        try writeAPI(users: get, other: "2")
        let unrelated = lint(folder)
        #expect(unrelated.report == cold.report)
        #expect(unrelated.findingsReused == 1, "Screen.swift rests only on `posts` and `users`")
        try writeAPI(users: "Data()", other: "2")
        let changed = lint(folder)
        #expect(changed.report.isEmpty, "`users` no longer waits: \(changed.report)")
    }

    /// An editor's unsaved text is what is analysed, whatever the file's stamp says.
    @Test func anOverlayIsAnalysedEvenWhenTheFileIsUnchanged() throws {
        let folder = try project()
        _ = lint(folder, stampSettleSeconds: 0)
        let edited = Self.model.replacingOccurrences(of: "@MainActor", with: "//ainActor")
        let warm = lint(folder, stampSettleSeconds: 0, overlay: [folder.url("Sources/Model.swift"): edited])
        #expect(warm.unread == 1 && warm.counters[.filesParsed] == 1)
        #expect(warm.report.isEmpty, "the overlay's Model is not main-actor isolated: \(warm.report)")
    }

    @Test func changedContentIsAnalysedAgainAndTheRestOfTheModuleIsNot() throws {
        let folder = try project()
        _ = lint(folder)
        // A second dispatch below the extension: no declaration moves, so the module's index
        // summary is the same and only this file is analysed again.
        try folder.write("Sources/Model+Refresh.swift", Self.modelExtension + """
            func again(_ model: Model) {
                DispatchQueue.main.async { print(model) }
            }

            """)
        let edited = lint(folder)
        #expect(edited.parsed == 1)
        #expect(edited.summariesReused == 1 && edited.findingsReused == 1)
        #expect(edited.report.count == 1, "the new dispatch is in a nonisolated function: \(edited.report)")
        try folder.write("Sources/Model+Refresh.swift", Self.modelExtension.replacingOccurrences(of: "self.count += 1", with: "self.count += 2"))
        let reverted = lint(folder)
        #expect(reverted.parsed == 1 && reverted.findingsReused == 1)
        #expect(reverted.report.count == 1)
    }

    @Test func aChangedConfigurationIsAnalysedAgain() throws {
        let folder = try project()
        _ = lint(folder)
        var configuration = Configuration.testing
        configuration.severity["redundant-main-dispatch"] = .error
        let stricter = lint(folder, configuration: configuration)
        // The summaries still hold; the findings do not.
        #expect(stricter.summariesReused == 2 && stricter.findingsReused == 0)
        #expect(stricter.report.count == 1 && stricter.report[0].contains(": error redundant-main-dispatch"))
        configuration.select = ["modernize"]
        let other = lint(folder, configuration: configuration)
        #expect(other.findingsReused == 0 && other.report.isEmpty)
    }

    @Test func aFileNoRuleRunsOnIsNotParsedWhenItsFindingsMustBeWorkedOutAgain() throws {
        let folder = try project()
        try folder.write("Sources/Quiet.swift", cleanSource)
        let cold = lint(folder)
        #expect(cold.parsed == 3 && cold.counters[.filesNoRuleRunsOn] == 1)
        // Every findings key changes; the summaries still hold, so the quiet file is read, not parsed.
        var configuration = Configuration.testing
        configuration.severity["redundant-main-dispatch"] = .error
        let stricter = lint(folder, configuration: configuration)
        #expect(stricter.summariesReused == 3 && stricter.findingsReused == 0)
        #expect(stricter.parsed == 2 && stricter.counters[.filesNoRuleRunsOn] == 1)
        #expect(stricter.report.count == 1 && stricter.report[0].contains(": error redundant-main-dispatch"))
        #expect(lint(folder, configuration: configuration).findingsReused == 3)
    }

    @Test func changedModuleSettingsAreAnalysedAgain() throws {
        let folder = try TemporaryDirectory()
        // With default isolation MainActor, an unannotated function is main-actor code.
        try folder.write("Sources/Refresh.swift", """
            import Dispatch

            func refresh() {
                DispatchQueue.main.async { print("refreshed") }
            }

            """)
        func project(_ isolation: DefaultIsolation) -> ProjectModel {
            ProjectModel(modules: [ModuleSettings(name: "App", kind: .app, defaultIsolation: isolation)],
                         roots: [(folder.url("Sources"), 0)])
        }
        let nonisolated = lint(folder, project: project(.nonisolated))
        #expect(nonisolated.report.isEmpty)
        let mainActor = lint(folder, project: project(.mainActor))
        #expect(mainActor.summariesReused == 1 && mainActor.findingsReused == 0)
        #expect(mainActor.report.count == 1 && mainActor.report[0].contains("redundant-main-dispatch"))
        #expect(lint(folder, project: project(.mainActor)).findingsReused == 1)
    }

    @Test func anotherFileOfTheModuleChangingItsDeclarationsInvalidatesTheRest() throws {
        let folder = try project()
        _ = lint(folder)
        // The extension's file is unchanged, but `Model` is no longer main-actor isolated.
        try folder.write("Sources/Model.swift", Self.model.replacingOccurrences(of: "@MainActor\n", with: ""))
        let changed = lint(folder)
        #expect(changed.summariesReused == 1, "the unchanged file's summary is still good")
        #expect(changed.findingsReused == 0)
        #expect(changed.report.isEmpty, "the dispatch is no longer redundant: \(changed.report)")
    }

    @Test func aSiblingModuleChangingItsDeclarationsInvalidatesTheOtherModules() throws {
        // A module's index is linked to the modules it imports: `App`'s extension sees `Core`'s `Model`.
        let folder = try TemporaryDirectory()
        try folder.write("Sources/Core/Model.swift", Self.model)
        try folder.write("Sources/App/Model+Refresh.swift", "import Core\n" + Self.modelExtension)
        let project = ProjectModel(modules: [ModuleSettings(name: "Core"), ModuleSettings(name: "App")],
                                   roots: [(folder.url("Sources/Core"), 0), (folder.url("Sources/App"), 1)])
        let cold = lint(folder, project: project)
        #expect(cold.report.count == 1 && cold.report[0].contains("Model+Refresh.swift:6: warning redundant-main-dispatch"))
        // A new body in `Core` leaves its index as it was: `App`'s findings still hold.
        try folder.write("Sources/Core/Model.swift", Self.model.replacingOccurrences(of: "count = 0", with: "count = 1"))
        let body = lint(folder, project: project)
        #expect(body.parsed == 1 && body.findingsReused == 1 && body.report == cold.report)
        // `Model` is no longer main-actor isolated: `App`'s unchanged file is analysed again.
        try folder.write("Sources/Core/Model.swift", Self.model.replacingOccurrences(of: "@MainActor\n", with: ""))
        let changed = lint(folder, project: project)
        #expect(changed.summariesReused == 1 && changed.findingsReused == 0)
        #expect(changed.report.isEmpty, "the dispatch is no longer redundant: \(changed.report)")
    }

    @Test func anotherBuildOfTheToolIgnoresTheCache() throws {
        let folder = try project()
        let first = lint(folder, identity: Digest(high: 1, low: 1))
        let other = lint(folder, identity: Digest(high: 2, low: 2))
        #expect(other.parsed == 2 && other.summariesReused == 0 && other.findingsReused == 0)
        #expect(other.run.findings == first.run.findings)
        // The other build rewrote the cache; the first build now finds it foreign.
        #expect(lint(folder, identity: Digest(high: 1, low: 1)).parsed == 2)
    }

    @Test(arguments: ["truncated", "flipped byte", "empty", "foreign"])
    func aDamagedCacheFileIsIgnoredAndRewritten(damage: String) throws {
        let folder = try project()
        let cold = lint(folder)
        let cacheFolder = folder.url(".build/actorlint-cache")
        let files = try FileManager.default.contentsOfDirectory(atPath: cacheFolder).filter { $0.hasSuffix(".cache") }
        #expect(!files.isEmpty)
        for name in files {
            let path = cacheFolder + "/" + name
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            switch damage {
            case "truncated": bytes.removeLast(bytes.count / 3)
            case "flipped byte": bytes[bytes.count / 2] ^= 0x20
            case "empty": bytes = []
            default: bytes = Array("{\"not\": \"a cache\"}".utf8)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        let recovered = lint(folder)
        #expect(recovered.parsed == 2 && recovered.summariesReused == 0)
        #expect(recovered.run.findings == cold.run.findings && recovered.run.failures.isEmpty)
        #expect(lint(folder).parsed == 0, "the damaged files were replaced by good ones")
    }

    /// `explain` summarizes the module's other files from the cache `check` keeps: an entry made
    /// under the file's stamp is believed without reading the file, and one whose file changed
    /// since is not.
    @Test func explainTakesUnchangedFilesFromTheCacheAndParsesChangedOnes() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "One", targets: [.executableTarget(name: "App")])
            """)
        let screen = try folder.write("Sources/App/Screen.swift", "class Screen {}\n")
        let feed = try folder.write("Sources/App/Feed.swift", "final class Feed: Screen {\n    func refresh() {\n        print(1)\n    }\n}\n")
        let project = ProjectLoader.load(for: [feed])
        let cache = ResultCache(directory: folder.url("cache"))
        // The entry says what another text would say, under the file's present stamp.
        let other = FileSummary(SourceFile(path: screen, text: "@MainActor class Screen {}\n"))
        cache.store(forModule: project.settings(forAbsolutePath: feed).key)
            .update(screen, reportedPath: screen, content: .zero, stamp: FileStamp(regularFileAt: screen),
                    summary: other, summaryDigest: .zero, lineCount: 1)
        func isolation(_ caches: [ResultCache]) throws -> String {
            try Actorlint().explain(path: feed, line: 3, column: nil, caches: caches).result.isolation.jsonValue
        }
        #expect(try isolation([cache]) == "MainActor")
        // The first cache that holds the module is asked.
        #expect(try isolation([ResultCache(directory: folder.url("empty")), cache]) == "MainActor")
        #expect(try isolation([]) == "nonisolated")
        try folder.write("Sources/App/Screen.swift", "class Screen {}\n\n")
        #expect(try isolation([cache]) == "nonisolated")
    }

    /// `check` at a repository's root keeps its cache there; `explain` on a file of a package
    /// nested below looks there too.
    @Test func explainFindsTheCacheOfACheckOverAFolderAbove() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.url(".git"), withIntermediateDirectories: true)
        try folder.write("Pkg/Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "One", targets: [.executableTarget(name: "App")])
            """)
        try folder.write("Pkg/Sources/App/Model.swift", Self.model)
        let file = try folder.write("Pkg/Sources/App/Model+Refresh.swift", Self.modelExtension)
        #expect(actorlint("check", folder.path).code == 1)
        let directories = ResultCache.directories(forFile: file, configurationPath: nil, environment: testEnvironment)
        #expect(directories.first == folder.url("Pkg/.build/actorlint-cache"))
        #expect(directories.contains(folder.url(".build/actorlint-cache")), "\(directories)")
        #expect(actorlint("explain", file + ":6").output == actorlint("explain", file + ":6", "--no-cache").output)
    }

    /// After `check`, `explain` says what it says without a cache.
    @Test func explainWithCheckCacheSaysWhatItSaysWithout() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "One", targets: [.executableTarget(name: "App")])
            """)
        try folder.write("Sources/App/Model.swift", Self.model)
        try folder.write("Sources/App/Model+Refresh.swift", Self.modelExtension)
        #expect(actorlint("check", folder.path).code == 1)
        let cacheFolder = folder.url(".build/actorlint-cache")
        // Names, sizes and modification times: `explain` reads the cache and never writes it.
        func cacheState() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: cacheFolder).sorted().map { name in
                let attributes = try FileManager.default.attributesOfItem(atPath: cacheFolder + "/" + name)
                return "\(name) \(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? 0)"
            }
        }
        let before = try cacheState()
        #expect(before.contains { $0.contains(".cache ") }, "\(before)")
        for line in ["Sources/App/Model+Refresh.swift:4", "Sources/App/Model+Refresh.swift:6"] {
            let cached = actorlint("explain", folder.url(line))
            #expect(cached.code == 0, "\(cached.errors)")
            #expect(cached.output == actorlint("explain", folder.url(line), "--no-cache").output)
        }
        #expect(try cacheState() == before)
    }

    /// The directory is made once per cache object, not once per file saved; a cleaner that
    /// removes it meanwhile must not make every later save fail.
    @Test func aCacheDirectoryRemovedAfterTheFirstSaveIsMadeAgain() throws {
        let folder = try TemporaryDirectory()
        let cache = ResultCache(directory: folder.url("cache"))
        cache.write(Array("first".utf8), to: folder.url("cache/one"))
        #expect(FileManager.default.fileExists(atPath: folder.url("cache/one")))
        try FileManager.default.removeItem(atPath: folder.url("cache"))
        cache.write(Array("second".utf8), to: folder.url("cache/two"))
        #expect(try folder.read("cache/two") == "second")
        #expect(FileManager.default.fileExists(atPath: folder.url("cache/.gitignore")))
    }

    @Test func anUnwritableCacheOnlyCostsTime() throws {
        let folder = try project()
        // A file where the cache folder should be: nothing can be written there.
        try folder.write(".build/actorlint-cache", "")
        let first = lint(folder)
        #expect(first.report.count == 1 && first.run.failures.isEmpty)
        #expect(lint(folder).parsed == 2)
    }

    @Test func fixAnalysesTheFileAgainWhateverTheCacheSays() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", "// swift-tools-version: 6.0\n")
        try folder.write("Sources/App/Model.swift", Self.model)
        let source = try folder.write("Sources/App/Model+Run.swift", """
            extension Model {
                func update() async {
                    await MainActor.run {
                        self.count += 1
                    }
                }
            }

            """)
        #expect(actorlint("check", folder.path, "--format", "xcode").output.contains("[redundant-main-actor-run]"))
        // Poison the cached fix: same key, so `check` trusts it, but its edit is wrong.
        let cache = ResultCache(directory: folder.url(".build/actorlint-cache"))
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.directory) where name.hasSuffix(".cache") {
            let path = cache.directory + "/" + name
            guard var entries = cache.read(path), var entry = entries[source], var variant = entry.variants.first else { continue }
            variant.findings = variant.findings.map { finding in
                var poisoned = finding
                poisoned.fix = Fix(title: "Poisoned", safety: .safe, edits: [TextEdit(start: 0, end: 0, replacement: "BROKEN ")])
                return poisoned
            }
            entry.variants[0] = variant
            entries[source] = entry
            try Data(cache.encode(entries)).write(to: URL(fileURLWithPath: path))
        }
        #expect(actorlint("check", folder.path).output.contains("Poisoned"), "check reads the cache")
        let fix = actorlint("fix", folder.path)
        #expect(fix.errors.contains("Applied 1 fix in 1 file"))
        let fixed = try folder.read("Sources/App/Model+Run.swift")
        #expect(!fixed.contains("BROKEN"))
        #expect(fixed.contains("func update() async {\n        self.count += 1\n    }"))
    }

    @Test func checkKeepsItsCacheInTheProjectUnlessTold() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", "// swift-tools-version: 6.0\n")
        try folder.write("Sources/App/Warm.swift", detachedSource)
        let uncached = actorlint("check", folder.path, "--no-cache")
        #expect(uncached.code == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.url(".build")))
        let cached = actorlint("check", folder.path)
        #expect(cached.output == uncached.output)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.url(".build/actorlint-cache"))
        #expect(entries.contains(".gitignore") && entries.contains { $0.hasSuffix(".cache") })
        #expect(actorlint("check", folder.path).output == uncached.output)
    }

    @Test func withoutAProjectTheCacheGoesToTheUserCacheFolder() throws {
        let folder = try TemporaryDirectory()
        let environment = ["XDG_CACHE_HOME": "/var/cache/someone", "HOME": "/home/someone"]
        let directory = ResultCache.defaultDirectory(forPaths: [folder.path], configurationPath: nil, environment: environment)
        #expect(directory?.hasPrefix("/var/cache/someone/actorlint/") == true)
        let home = ResultCache.defaultDirectory(forPaths: [folder.path], configurationPath: nil, environment: ["HOME": "/home/someone"])
        #expect(home?.hasPrefix("/home/someone/.cache/actorlint/") == true)
        try folder.write(".actorlint.json", "{}")
        #expect(ResultCache.defaultDirectory(forPaths: [folder.url("Sources")], configurationPath: folder.url(".actorlint.json"),
                                             environment: environment) == folder.path + "/.build/actorlint-cache")
    }
}
