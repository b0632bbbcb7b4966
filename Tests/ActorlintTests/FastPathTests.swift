@testable import ActorlintKit
import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// The pipeline's shortcuts give the answers of the definitions they replace: the callee text,
/// positions and line texts without `SourceLocationConverter`, the module lookup, and the
/// index built from cached summaries.
@Suite struct FastPathTests {
    @Test(arguments: [
        "DispatchQueue.main.async { }",
        "DispatchQueue . main\n    .async { }",
        "DispatchQueue/* hop */.main.async { }",
        "DispatchQueue // hop\n    .main.async { }",
        "foo(\"a b\").bar()",
        "foo(\"a\tb\")()",
        "café.run()",
        "x?.y!.z()",
        "a[1 ]()",
        "Task<Void, Never>.detached { }",
        "MainActor\u{00A0}.run { }",
        "#selector(f)()",
        "Task { }", "Task.init { }", "Task<Void, Never>.detached { }", "Swift.Task { }", "Task . detached { }",
        "Task/* x */.detached { }", "Taskforce.detached { }", "Task.immediateDetached { }", "`Task` { }",
        "VStack { Text(\"a\") }.padding().onAppear { Task { } }",
    ])
    func calleeTextAgreesWithItsDefinition(code: String) throws {
        let tree = Parser.parse(source: code)
        let calls = FileNodesProbe.calls(in: tree)
        #expect(!calls.isEmpty)
        let spellings: [Set<String>] = [["Task"], ["Task.detached", "Task"], ["DispatchQueue.main.async", "RunLoop.main.perform"],
                                        ["MainActor.run"], ["foo", "a"], ["café.run"]]
        for call in calls {
            #expect(call.calleeText == call.slowCalleeText, "\(call.calledExpression.description)")
            for candidates in spellings where candidates.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
                #expect(call.calleeText(isOneOf: candidates) == candidates.contains(call.slowCalleeText))
            }
            // Before its first-token shortcut, a task was any call whose callee, generic
            // arguments removed, is one of these.
            var callee = call.slowCalleeText
            if let open = callee.firstIndex(of: "<"), let close = callee.lastIndex(of: ">"), open < close {
                callee.removeSubrange(open...close)
            }
            let isTask = ["Task", "Task.init", "Task.detached", "Task.immediate", "Task.immediateDetached"].contains(callee)
            #expect((TaskCreation(call) != nil) == (isTask && call.trailingClosure != nil), "\(call.calledExpression.description)")
        }
    }

    @Test(arguments: [
        "", "let a = 1", "let a = 1\n", "a\nb\r\nc\rd", "\n\n\n", "\r\r\n\n", "let é = \"ü\"\nlet b = 2\r\n",
        "let s = \"\"\"\n  multi\r\n  line\n  \"\"\"\nlet t = 1", "#sourceLocation(file: \"x.swift\", line: 100)\nlet a = 1\n#sourceLocation()\nlet b = 2",
    ])
    func positionsAndLinesAgreeWithTheConverter(text: String) {
        let file = SourceFile(path: "Test.swift", text: text)
        let converter = SourceLocationConverter(fileName: "Test.swift", tree: file.tree)
        #expect(file.lineCount == converter.location(for: file.tree.endPosition).line)
        for offset in -1...(text.utf8.count + 1) {
            let location = converter.location(for: AbsolutePosition(utf8Offset: offset))
            let position = file.position(AbsolutePosition(utf8Offset: offset))
            #expect(position.line == location.line && position.column == location.column, "offset \(offset)")
        }
        let lines = converter.sourceLines
        for (index, line) in lines.enumerated() {
            let expected = String(line.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" })
            #expect(file.lineText(index + 1) == expected, "line \(index + 1)")
        }
        #expect(file.lineText(0).isEmpty && file.lineText(lines.count + 1).isEmpty)
    }

    @Test func moduleLookupAgreesWithTheProjectModel() {
        let modules = (0..<6).map { ModuleSettings(name: "M\($0)") }
        let project = ProjectModel(
            modules: modules,
            roots: [("/repo", 0), ("/repo/Sources/App", 1), ("/repo/Sources/App/", 2), ("/repo/Sources/AppKit", 3),
                    ("/", 4), ("/repo/Sources/App", 5)],
            files: ["/repo/Sources/App/Listed.swift": 3])
        let lookup = ModuleLookup(project: project)
        for path in ["/repo/Sources/App/A.swift", "/repo/Sources/App/Sub/B.swift", "/repo/Sources/AppKit/C.swift",
                     "/repo/Sources/Apple.swift", "/repo/D.swift", "/elsewhere/E.swift", "/repo/Sources/App/Listed.swift",
                     "/repo", "relative/F.swift"] {
            #expect(lookup.settings(forAbsolutePath: path) == project.settings(forAbsolutePath: path), "\(path)")
        }
        let empty = ProjectModel()
        #expect(ModuleLookup(project: empty).settings(forAbsolutePath: "/a/b.swift") == empty.settings(forAbsolutePath: "/a/b.swift"))
    }

    static let declarations = """
        import SwiftUI
        import Foundation.NSString

        @globalActor actor DatabaseActor { static let shared = DatabaseActor() }

        @MainActor @Observable
        final class Feed: ObservableObject, Sendable {
            @StateObject var model = Model()
            func refresh() {}
            struct Row: Codable {}
        }

        nonisolated struct Point {}

        protocol Loader: AnyObject { func load(); var name: String { get } }

        extension Feed {
            enum Mode { case a }
        }

        final class Player {
            var onChange: ((Int) -> Void)?
            func observe(_ handler: @escaping @Sendable () -> Void, then: @MainActor () -> Void) {}
            nonisolated func decode() -> Track { Track() }
        }

        struct Row { let action: () -> Void }

        struct FeedView: View {
            var body: some View { Text("").task { await load() } }
            func load() async { await refresh() }
        }

        """

    @Test func theIndexFromCachedSummariesIsTheIndexFromTrees() throws {
        let files = [SourceFile(path: "/p/A.swift", text: Self.declarations),
                     SourceFile(path: "/p/B.swift", text: "class Feed {}\nactor Worker {}\n")]
        let fromTrees = ProjectIndex(files: files)
        let decoded = try files.map { file -> FileSummary in
            var writer = ByteWriter()
            FileSummary(file).encode(to: &writer)
            return try writer.bytes.withUnsafeBytes { bytes in
                var reader = ByteReader(bytes)
                return try FileSummary.decode(from: &reader, path: file.path)
            }
        }
        #expect(decoded == files.map(FileSummary.init))
        let fromSummaries = ProjectIndex(summaries: decoded)
        #expect(fromSummaries.types == fromTrees.types)
        #expect(fromSummaries.globalActors == fromTrees.globalActors && fromTrees.globalActors.contains("DatabaseActor"))
        #expect(fromSummaries.imports == ["SwiftUI", "Foundation"])
        #expect(fromSummaries.closureParameters == fromTrees.closureParameters && fromSummaries.closureParameters.count == 2)
        #expect(fromSummaries.closureProperties == fromTrees.closureProperties && fromSummaries.closureProperties.count == 2)
        #expect(fromSummaries.offMainUses == fromTrees.offMainUses && fromSummaries.offMainUses["Track"]?.line == 24)
        for name in ["FeedView.load", "FeedView.refresh"] {
            #expect(fromSummaries.cancellationReach.reason(forFunction: name) == fromTrees.cancellationReach.reason(forFunction: name))
        }
        #expect(fromSummaries.cancellationReach.reason(forFunction: "FeedView.refresh")
            == "it is awaited (through `FeedView.load`) from the `.task` closure at A.swift:30, which SwiftUI cancels when the view disappears")
        // The first declaration of a name wins, in file order.
        #expect(fromSummaries.type(named: "Feed")?.path == "/p/A.swift")
        #expect(decoded[0].digest(path: "/p/A.swift") != decoded[0].digest(path: "/q/A.swift"))
    }

    /// `SourceFile.contains` (memchr + memcmp, asked before every rule) against a plain byte search.
    @Test(arguments: ["", "a", "await", "Task", "aawait", "é", "x\u{0}await", "awai", "let t = Task { await f() }\n", "tsaT",
                      "wait", "xxawait", "w", "view.task { cancel() }", "DispatchQueue.main.async"])
    func wordSearchAgreesWithStringContains(text: String) {
        let file = SourceFile(path: "/p/A.swift", text: text)
        for word in ["await", "Task", "a", "é", "t", "await f", "\n", "aw", "Tasks", "", ".task", "cancel()", "main.async", "wa"] {
            let bytes = Array(text.utf8), needle = Array(word.utf8)
            let expected = needle.isEmpty || (needle.count <= bytes.count
                && (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
            #expect(file.contains(word) == expected, "\(word) in \(text)")
        }
    }

    @Test func trimmedTextAgreesWithTrimmedDescription() throws {
        // Every node of the examples and of the rules' own examples, plus broken code (missing
        // and unexpected tokens), comments in odd places, CRLF and non-ASCII text.
        let examples = ExamplesGoldenTests.root + "/Examples"
        var sources = try FileDiscovery().discover([examples]).files.map { try String(contentsOfFile: $0, encoding: .utf8) }
        sources += RuleRegistry.descriptions.flatMap { $0.triggering + $0.nonTriggering }.map(\.code)
        sources += ["func f(", "let x = [1, 2,", "@MainActor /* c */ class A {\r\n  // é\r\n  var b: Int = 1 }", "struct S { let é: [Ü]? }",
                    "foo(a: 1, )) + ", "#if os(iOS)\nimport UIKit\n#endif\n@objc(Name) func g() async throws -> sending Int { await h() /* x */ }"]
        var compared = 0
        for source in sources {
            for node in AllNodes(viewMode: .all).nodes(of: Parser.parse(source: source)) {
                #expect(node.trimmedText == node.trimmedDescription, "\(node.kind): \(node.description)")
                compared += 1
            }
        }
        #expect(compared > 10_000)
    }

    @Test func findingsDoNotDependOnWhichTreesAreHeld() {
        // With no budget every tree is dropped once summarized, and each file parsed again for
        // its rules: the rules then see the indexes built from summaries alone.
        let examples = ExamplesGoldenTests.root + "/Examples"
        let paths = FileDiscovery().discover([examples]).files
        var linter = Linter(project: ProjectLoader.load(for: [examples]), ruleIDs: Set(RuleRegistry.allIDs))
        let held = linter.run(paths: paths)
        linter.memoryBudget = 0
        let profile = LintProfile()
        linter.profile = profile
        let dropped = linter.run(paths: paths)
        let manifests = paths.filter { $0.hasSuffix("/Package.swift") }.count
        #expect(manifests > 0 && profile.counters[.manifestsParsedAgain] == manifests)
        // Files no rule runs on have no findings to look for: they are not parsed again.
        let quiet = profile.counters[.filesNoRuleRunsOn, default: 0]
        #expect(profile.counters[.filesParsedAgain] == paths.count - manifests - quiet)
        #expect(!held.findings.isEmpty && dropped.findings == held.findings)
    }

    /// Runs `files` (path: text) as one module with `rules`, every tree dropped after its summary.
    private func runDropped(_ files: [String: String], rules: Set<String>) throws -> (run: Linter.Run, counters: [LintProfile.Counter: Int]) {
        let folder = try TemporaryDirectory()
        for (path, text) in files { try folder.write(path, text) }
        var linter = Linter(project: ProjectModel(modules: [ModuleSettings(name: "App")], roots: [(folder.url("Sources"), 0)]),
                            ruleIDs: rules)
        linter.memoryBudget = 0
        let profile = LintProfile()
        linter.profile = profile
        return (linter.run(paths: FileDiscovery().discover([folder.url("Sources")]).files), profile.counters)
    }

    @Test func aFileNoRuleRunsOnIsNotParsedAgain() throws {
        let outcome = try runDropped(["Sources/Quiet.swift": cleanSource, "Sources/Detached.swift": detachedSource],
                                     rules: Set(RuleRegistry.allIDs))
        #expect(outcome.counters[.filesNoRuleRunsOn] == 1)
        #expect(outcome.counters[.filesParsedAgain] == 1)
        #expect(outcome.run.findings.map(\.ruleID) == ["prefer-concurrent-over-detached"])
        #expect(outcome.run.fileCount == 2)
    }

    @Test func aSuppressionCommentIsReadWhereNoRuleRuns() throws {
        // Nothing in the file is a word of continuation-misuse's: only the comment can be reported.
        let text = cleanSource + "// actorlint:disable:next continuation-misuse\nlet b = 2\n"
        let outcome = try runDropped(["Sources/Quiet.swift": text], rules: ["continuation-misuse", UnusedSuppression.description.id])
        #expect(outcome.counters[.filesNoRuleRunsOn, default: 0] == 0)
        #expect(outcome.run.findings.map(\.ruleID) == [UnusedSuppression.description.id])
    }

    @Test func anUnwalkedFileReadsAsTheWalkedOne() {
        let text = "@MainActor final class A {\r\n  func f() async { await g(); Task { [weak self] in } }\n}\n// é\n"
        let file = SourceFile(path: "A.swift", text: text)
        let shape = { (file: SourceFile) in file.sharedNodes.map { "\($0.kind)@\($0.position.utf8Offset)" } }
        let walked = shape(file)
        let fresh = file.unwalked()
        #expect(fresh.tree.description == text && fresh.path == file.path && fresh.lineCount == file.lineCount)
        #expect(walked.count == 6 && shape(fresh) == walked)
    }

    @Test func fingerprintsWrittenWithoutReflectionAreTheReflectedOnes() {
        // Every property set, so a property missing from `fingerprintFields` shows.
        let origin = SettingOrigin(path: "/p/App.xcodeproj/project.pbxproj", line: 12, text: "SWIFT_VERSION = \"6.0\";")
        let full = ModuleSettings(name: "App", kind: .app, languageMode: 5, defaultIsolation: .unknown(reason: "$(X)"),
                                  features: ["B", "A"], toolsVersion: "6.2", origins: ["languageMode": origin, "b": origin],
                                  provenance: "the target", strictConcurrency: "complete", configuration: "Debug",
                                  projectPath: "/p/App.xcodeproj")
        let kinds: [TargetKind] = [.app, .executable, .library, .test, .plugin, .macro, .unknown]
        let isolations: [DefaultIsolation] = [.nonisolated, .mainActor, .unknown(reason: "")]
        let values: [Any] = [full, ModuleSettings(), (modules: [full], configurations: [(key: 0, value: ["App": full])], notes: ["n"])]
            + kinds.map { ModuleSettings(kind: $0) } + isolations.map { ModuleSettings(defaultIsolation: $0) }
        for value in values { #expect(Fingerprint.of(value) == Fingerprint.of(value, fast: false)) }
    }

    @Test func theProjectFingerprintSeesEveryModuleConfigurationAndNote() {
        let release = ModuleSettings(name: "App", configuration: "Release")
        let project = ProjectModel(modules: [ModuleSettings(name: "App")], notes: ["a"],
                                   configurations: [0: ["Debug": ModuleSettings(name: "App"), "Release": release]])
        var changes: [ProjectModel] = []
        for change in 0..<4 {
            var changed = project
            switch change {
            case 0: changed.modules[0].features.insert("X")
            case 1: changed.configurations[0]?["Release"]?.languageMode = 5
            case 2: changed.notes.append("b")
            default: changed.modules.append(ModuleSettings())
            }
            changes.append(changed)
        }
        let digests = Set(([project] + changes).map { Fingerprint.of(project: $0) })
        #expect(digests.count == 5, "each change gives another digest")
        #expect(Fingerprint.of(project: project) == Fingerprint.of(project: project))
    }

    /// The scan `PBXLineIndex.line(ofKey:inObject:)` made per key before it indexed each object once.
    static func scanForKey(_ key: String, start: Int, lines: [Substring]) -> (number: Int, text: String)? {
        let opening = lines[start]
        let indentation = opening.prefix { $0 == "\t" || $0 == " " }.count
        let plain = key + " =", quoted = "\"" + key + "\" ="
        if opening.trimmingCharacters(in: .whitespaces).hasSuffix("};") {
            return opening.contains(plain) || opening.contains(quoted) ? (start + 1, opening.trimmingCharacters(in: .whitespaces)) : nil
        }
        for index in (start + 1)..<lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("}"), line.prefix(while: { $0 == "\t" || $0 == " " }).count <= indentation { return nil }
            if trimmed.hasPrefix(plain) || trimmed.hasPrefix(quoted) { return (index + 1, trimmed) }
        }
        return nil
    }

    @Test(arguments: ["/a//b", "/a/./b/", "/a/../../b", "/..", "/", "rel/x", "./rel/../y", "/a/b/..", "/a/b/../", "//a",
                      "/a/.hidden/..x/...", "/a/b/c/../../d/./e//f/", "", ".", "..", "é/ü/../ß", "/a b/c",
                      "/a/b", "/a/b/.", "/.", "/a/..", "/a/.b", "/a/b.", "/a/..b/c", "/..."])
    func standardPathsAreTheURLsStandardizedPaths(path: String) {
        #expect(StandardPath.absolute(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
        #expect(StandardPath.resolve(path, in: "/p/q") == URL(fileURLWithPath: path.hasPrefix("/") ? path : "/p/q/" + path).standardizedFileURL.path)
    }

    /// Finding the files lists each directory (on all cores, ahead of the walk); finding the
    /// projects then takes those listings instead of listing again. Both find what they find alone.
    @Test func projectsAndFilesFoundFromSharedListingsAreTheSameAsFoundApart() throws {
        let folder = try TemporaryDirectory()
        for file in ["A.swift", "Sub/B.swift", "Real/C.swift", ".build/D.swift", "Excluded/E.swift", "Pkg/Sources/P/P.swift",
                     "App.xcodeproj/project.pbxproj", "Assets.xcassets/Icon.swift", "Pkg/Package.swift"] {
            try folder.write(file, "")
        }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.url("Sub/up"), withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: folder.url("Alias"), withDestinationPath: "Real")
        let discovery = FileDiscovery(excludes: [GlobPattern("Excluded/**")], base: folder.path)
        let listings = DirectoryListings()
        let files = discovery.discover([folder.path], listings: listings).files
        let listedForFiles = listings.listedDirectories
        let projects = ProjectDiscovery.projects(for: [folder.path], listings: listings)

        // `Alias` is `Real` again, and `Sub/up` the root: each real folder is walked once. An
        // asset catalog is not walked.
        #expect(files == ["A.swift", "Pkg/Package.swift", "Pkg/Sources/P/P.swift", "Real/C.swift", "Sub/B.swift"].map(folder.url))
        #expect(projects == [.package(manifest: folder.url("Pkg/Package.swift")), .xcode(bundle: folder.url("App.xcodeproj"))])
        #expect(files == discovery.discover([folder.path]).files)
        // Overlapping roots: each file once.
        #expect(files == discovery.discover([folder.url("Real"), folder.path, folder.url("Real/C.swift")]).files)
        #expect(projects == ProjectDiscovery.projects(for: [folder.path]))
        // What finding the projects listed itself: the folders above the root, where a project
        // may contain it, and the excluded folder, where one may be.
        let listedForProjects = listings.listedDirectories.subtracting(listedForFiles)
        #expect(listedForProjects.allSatisfy { !$0.hasPrefix(folder.path) || $0 == folder.url("Excluded") }, "\(listedForProjects.sorted())")
        #expect(listedForProjects.contains((folder.path as NSString).deletingLastPathComponent))
        #expect(listedForFiles.contains(folder.url("Sub")) && !listedForFiles.contains(folder.url(".build")))
        #expect(!listedForFiles.contains(folder.url("Assets.xcassets")))
        // Named on the command line, it is walked.
        #expect(discovery.discover([folder.url("Assets.xcassets")]).files == [folder.url("Assets.xcassets/Icon.swift")])
    }

    /// `link/..` is the parent of the link's target for the file system and the folder holding
    /// the link for its text: a listing kept under the one must not answer for the other.
    @Test func aPathBackUpThroughALinkIsNotTakenForItsText() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Deep/Package.swift", "")
        try folder.write("Deep/Inner/A.swift", "")
        try folder.write("Top/App.xcodeproj/project.pbxproj", "")
        try FileManager.default.createSymbolicLink(atPath: folder.url("Top/link"), withDestinationPath: "../Deep/Inner")
        let root = folder.url("Top/link/..")
        let listings = DirectoryListings()
        let files = FileDiscovery().discover([root], listings: listings).files
        #expect(files == [root + "/Inner/A.swift", root + "/Package.swift"])
        // The projects are looked for from the text's folder, `Top`, as without shared listings.
        let projects = ProjectDiscovery.projects(for: [root], listings: listings)
        #expect(projects == ProjectDiscovery.projects(for: [root]))
        #expect(projects.contains(.xcode(bundle: folder.url("Top/App.xcodeproj"))))
        #expect(!projects.contains(.package(manifest: folder.url("Top/Package.swift"))))
    }

    /// A plist as text with sorted keys, whoever built it.
    static func canonical(_ value: Any) -> String {
        switch value {
        case let dictionary as [String: Any]:
            return "{" + dictionary.keys.sorted().map { $0.debugDescription + "=" + canonical(dictionary[$0]!) }.joined(separator: ";") + "}"
        case let array as [Any]: return "(" + array.map(canonical).joined(separator: ",") + ")"
        case let string as String: return string.debugDescription
        case let data as Data: return "<" + data.map { String($0, radix: 16) }.joined(separator: " ") + ">"
        default: return "?\(type(of: value))"
        }
    }

    @Test(arguments: ["NestedApp/App.xcodeproj", "SyncedApp/SyncedApp.xcodeproj", "XcodeSettings/Shop.xcodeproj", "edge cases"])
    func openStepPlistsReadAsFoundationReadsThem(project: String) throws {
        let data: Data
        if project == "edge cases" {
            data = Data("""
            // !$*UTF8*$!
            { /* a comment */ plain = a_b$c/d:e.f-g; "quoted key" = "tab\\there \\"q\\" back\\\\slash \\U00e9\\U20AC \\101\\n";
              'single' = 'it\\'s "q"'; empty = ""; list = ( one, "two", ( ), {}, ); trailing = (a, b);
              data = <0fA1 22>; nested = { inner = { deeper = ( x ); }; }; // line comment
              unicode = "Grüße ✓"; dup = first; dup = second; }
            """.utf8)
        } else {
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/Projects/\(project)/project.pbxproj").path
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil)
        #expect(Self.canonical(try OpenStepPlist.parse(data)) == Self.canonical(foundation))
        #expect(!Self.canonical(foundation).contains("?"))
    }

    @Test func damagedPlistsAreReadAsFoundationReadsThemOrLeftToIt() throws {
        // Bytes cut, doubled or replaced by plist punctuation: the reader either throws (and
        // Foundation decides) or gives Foundation's answer; it never accepts what Foundation
        // rejects.
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Projects/SyncedApp/SyncedApp.xcodeproj/project.pbxproj").path
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let punctuation = Array("{}();=,\"'\\/*<> \nU0".utf8)
        var random = SplitMix64(seed: 6)
        var agreed = 0, leftToFoundation = 0
        for _ in 0..<300 {
            var bytes = original
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 3 {
            case 0: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 8)))
            case 1: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 1 + Int(random.next() % 8))], at: at)
            default: bytes[at] = punctuation[Int(random.next() % UInt64(punctuation.count))]
            }
            let data = Data(bytes)
            let foundation = try? PropertyListSerialization.propertyList(from: data, format: nil)
            guard let mine = try? OpenStepPlist.parse(data) else { leftToFoundation += 1; continue }
            #expect(foundation.map(Self.canonical) == Self.canonical(mine))
            agreed += 1
        }
        #expect(agreed > 100 && leftToFoundation > 10)
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>", "{ a = b }", "{ a = \"\\351\"; }",
        "{ a = b; } trailing", "{ a = \"open; }", "( a b )", "{ = b; }", "{ a = <0f1>; }",
    ])
    func plistsOutsideWhatXcodeWritesAreLeftToFoundation(text: String) {
        #expect(throws: OpenStepPlist.Unsupported.self) { try OpenStepPlist.parse(Data(text.utf8)) }
    }

    @Test(arguments: ["NestedApp/App.xcodeproj", "SyncedApp/SyncedApp.xcodeproj"])
    func pbxprojKeyLinesAgreeWithAScanPerKey(project: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Projects/\(project)/project.pbxproj").path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try #require(plist["objects"] as? [String: [String: Any]])
        let text = String(decoding: data, as: UTF8.self)
        let index = PBXLineIndex(text: text, ids: Set(objects.keys))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var compared = 0
        for (id, object) in objects {
            guard let start = index.start(of: id).map({ $0 - 1 }) else { continue }
            let settings = (object["buildSettings"] as? [String: Any])?.keys.map { $0 } ?? []
            for key in Array(object.keys) + settings + ["missing", "SWIFT", "isa =", "\"quoted\""] {
                let expected = Self.scanForKey(key, start: start, lines: lines)
                let found = index.line(ofKey: key, inObject: id)
                #expect(found?.number == expected?.number && found?.text == expected?.text, "\(id) \(key)")
                compared += 1
            }
        }
        #expect(compared > 100)
    }

    @Test func pbxprojLinesAreTheSameWithWindowsLineEnds() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Projects/NestedApp/App.xcodeproj/project.pbxproj").path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try #require(plist["objects"] as? [String: [String: Any]])
        let text = String(decoding: data, as: UTF8.self)
        let unix = PBXLineIndex(text: text, ids: Set(objects.keys))
        let windows = PBXLineIndex(text: text.replacingOccurrences(of: "\n", with: "\r\n"), ids: Set(objects.keys))
        var compared = 0
        for (id, object) in objects {
            #expect(windows.start(of: id) == unix.start(of: id), "\(id)")
            for key in (object["buildSettings"] as? [String: Any])?.keys.map({ $0 }) ?? [] {
                let expected = try #require(unix.line(ofKey: key, inObject: id), "\(id) \(key)")
                let found = windows.line(ofKey: key, inObject: id)
                #expect(found?.number == expected.number && found?.text == expected.text, "\(id) \(key)")
                compared += 1
            }
        }
        #expect(compared > 10)
    }

    @Test func stableHashesDoNotDependOnTheProcess() {
        // Fixed values: a cache written by one run must be found by the next.
        #expect(StableHasher.digest("actorlint").description == "ed52b6de3a0482182b9447b4091d4433")
        #expect(StableHasher.digest("ab") != StableHasher.digest("ba"))
        var split = StableHasher()
        split.combine("a")
        split.combine("bc")
        var joined = StableHasher()
        joined.combine("ab")
        joined.combine("c")
        #expect(split.finalize() != joined.finalize())
        var settings = ModuleSettings(name: "App", features: ["B", "A", "C"])
        let first = Fingerprint.of(settings)
        settings.features = ["C", "A", "B"]
        #expect(Fingerprint.of(settings) == first, "sets are hashed in a fixed order")
        settings.features.insert("D")
        #expect(Fingerprint.of(settings) != first)
    }
}

/// Every node of a tree, in the view mode given.
private final class AllNodes: SyntaxAnyVisitor {
    private var nodes: [Syntax] = []

    func nodes(of tree: some SyntaxProtocol) -> [Syntax] {
        nodes = []
        walk(Syntax(tree))
        return nodes
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        nodes.append(node)
        return .visitChildren
    }
}

/// Every call of a tree, through the shared node walk the rules use.
private enum FileNodesProbe {
    static func calls(in tree: SourceFileSyntax) -> [FunctionCallExprSyntax] {
        SourceFile(path: "Probe.swift", text: tree.description).functionCalls
    }
}
