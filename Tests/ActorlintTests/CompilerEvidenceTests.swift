@testable import ActorlintKit
import Foundation
import Testing

/// What `explain` says of the compiler a project builds with, for each kind of evidence in
/// Tests/Fixtures/Projects/CompilerEvidence, apart from the language mode; and what `check`
/// then advises.
@Suite struct CompilerEvidenceTests {
    static func fixture(_ relative: String) -> String { ProjectFixture.path("CompilerEvidence/" + relative) }

    static func explain(_ path: String, swiftVersion: String? = nil) throws -> Explanation {
        var options = Actorlint.Options()
        options.cache = .off
        options.swiftVersion = swiftVersion.map { CompilerVersion.stated($0, by: "with --swift-version") }
        return try Actorlint(options).explain(path: path, line: 1, column: nil)
    }

    /// The `compiler:` line of `explain`, and its JSON.
    static func compiler(_ explanation: Explanation) -> (line: String, json: [String: String]?) {
        let line = explanation.text.split(separator: "\n").first { $0.hasPrefix("  compiler: ") }.map(String.init) ?? ""
        let json = (explanation.json["module"] as? [String: Any])?["compiler"] as? [String: String]
        return (line, json)
    }

    @Test func aToolsVersionIsALowerBound() throws {
        let (line, json) = Self.compiler(try Self.explain(Self.fixture("ToolsVersion/Sources/Core/Core.swift")))
        #expect(line == "  compiler: Swift 6.1 or later (swift-tools-version 6.1, Package.swift:1)")
        #expect(json == ["version": "6.1", "certainty": "minimum", "evidence": "swift-tools-version 6.1, Package.swift:1"])
    }

    @Test func aSwiftVersionFilePinsTheToolchainNotTheLanguageMode() throws {
        let explanation = try Self.explain(Self.fixture("Pinned/Sources/Core/Core.swift"))
        let (line, json) = Self.compiler(explanation)
        #expect(line == "  compiler: Swift 6.3.1 (pinned by \(Self.fixture("Pinned/.swift-version")))")
        #expect(json?["certainty"] == "stated")
        #expect(explanation.text.contains("Core: Swift 5 mode"), "the language mode is the target's own")
    }

    @Test func theConfigurationStatesTheCompiler() throws {
        let (line, json) = Self.compiler(try Self.explain(Self.fixture("Configured/Sources/Core/Core.swift")))
        #expect(line == "  compiler: Swift 6.4 (stated in .actorlint.json:2)")
        #expect(json?["version"] == "6.4" && json?["certainty"] == "stated")
    }

    @Test func theCommandLineStatesTheCompilerAboveEverythingElse() throws {
        // Above the tools version, and above the configuration's `swift-version`.
        let tools = Self.compiler(try Self.explain(Self.fixture("ToolsVersion/Sources/Core/Core.swift"), swiftVersion: "6.3")).line
        #expect(tools == "  compiler: Swift 6.3 (stated with --swift-version)")
        let configured = Self.compiler(try Self.explain(Self.fixture("Configured/Sources/Core/Core.swift"), swiftVersion: "6.3")).line
        #expect(configured == "  compiler: Swift 6.3 (stated with --swift-version)")
        // Through the command line, which checks the value.
        let result = actorlint("explain", Self.fixture("ToolsVersion/Sources/Core/Core.swift") + ":1", "--swift-version", "6.3", "--no-cache")
        #expect(result.code == 0)
        #expect(result.output.contains("  compiler: Swift 6.3 (stated with --swift-version)"), "\(result.output)")
        let wrong = actorlint("explain", Self.fixture("ToolsVersion/Sources/Core/Core.swift") + ":1", "--swift-version", "latest")
        #expect(wrong.code == 2)
        #expect(wrong.errors.contains("'--swift-version' takes the version of the Swift compiler that builds the project, such as 6.4, not 'latest'."))
    }

    @Test func anXcodeProjectsFormatIsALowerBoundAndXcode26SettingsAProbableOne() throws {
        let pbxproj = Self.fixture("XcodeFormat/App.xcodeproj/project.pbxproj")
        let line = try #require(ProjectFixture.line(of: "SWIFT_DEFAULT_ACTOR_ISOLATION", in: pbxproj))
        let widgets = Self.compiler(try Self.explain(Self.fixture("XcodeFormat/Widgets/Clock.swift")))
        #expect(widgets.line == "  compiler: probably Swift 6.2 or later (it sets SWIFT_DEFAULT_ACTOR_ISOLATION, which Xcode 26 introduced, project.pbxproj:\(line))")
        #expect(widgets.json?["certainty"] == "likely")
        // The Xcode that wrote that setting into the project builds its other targets too.
        let app = try Self.explain(Self.fixture("XcodeFormat/App/Home.swift"))
        #expect(app.text.contains("App: Swift 5 mode"))
        #expect(Self.compiler(app).line == "  compiler: probably Swift 6.2 or later (the project sets SWIFT_DEFAULT_ACTOR_ISOLATION, which Xcode 26 introduced, project.pbxproj:\(line))")
    }

    @Test func theLastUpgradeCheckIsNotTheCompiler() throws {
        // `LastUpgradeCheck = 2600` says someone accepted Xcode 26's recommended settings once,
        // not that Xcode 26 builds the project; an Xcode 12 format says nothing of Swift.
        let explanation = try Self.explain(Self.fixture("UpgradeCheckOnly/App/Home.swift"))
        #expect(explanation.text.contains("App: Swift 5 mode"))
        #expect(Self.compiler(explanation).line.hasPrefix("  compiler: unknown"))
        #expect(Self.compiler(explanation).json == nil)
    }

    @Test func nothingTellsTheCompilerOfAFileInNoProject() throws {
        let loose = try TemporaryDirectory()
        try loose.write("a.swift", "func a() {}\n")
        let explanation = try Self.explain(loose.path + "/a.swift")
        #expect(Self.compiler(explanation).line == "  compiler: unknown (no tools version, .swift-version, Xcode project format or stated swift-version)")
        // Stated, it reaches a file in no project too.
        let stated = try Self.explain(loose.path + "/a.swift", swiftVersion: "6.4")
        #expect(Self.compiler(stated).line == "  compiler: Swift 6.4 (stated with --swift-version)")
    }

    @Test func theConfigurationKeyIsAVersionAndAWrongOneNamesItsLine() throws {
        let configuration = try Configuration.parse(Data("{\"swift-version\": \"6.4.1\"}".utf8), path: "/p/.actorlint.json")
        #expect(configuration.swiftVersion == CompilerVersion(version: "6.4.1", certainty: .stated, evidence: "stated in .actorlint.json:1"))
        for wrong in ["6.4", "\"six\"", "\"6.x\"", "\"\""] {
            do {
                _ = try Configuration.parse(Data("{\n  \"swift-version\": \(wrong)\n}".utf8), path: "/p/.actorlint.json")
                Issue.record("\(wrong) was accepted")
            } catch {
                #expect(error.description == "/p/.actorlint.json:2: error: 'swift-version' must be the version of the Swift compiler that builds the project, as a string such as \"6.4\"")
            }
        }
    }

    /// `check` takes the stated version as `explain` does: with Swift 6.4 stated, the compiler
    /// covers weak-self-inner-only and task-in-defer fires.
    @Test func checkUsesTheStatedCompiler() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Cleanup.swift", """
            func upload(_ connection: Connection) async throws {
                defer { Task { await connection.close() } }
                try await connection.send()
            }

            """)
        let unknown = actorlint("check", folder.path, "--select", "task-in-defer", "--format", "xcode", "--no-cache")
        #expect(unknown.code == 0, "\(unknown.output)")
        let stated = actorlint("check", folder.path, "--select", "task-in-defer", "--format", "xcode", "--no-cache", "--swift-version", "6.4")
        #expect(stated.code == 1)
        #expect(stated.output.contains("Cleanup.swift:2:13: warning: This `Task` only runs async cleanup"), "\(stated.output)")
        #expect(stated.output.contains("This project builds with Swift 6.4 (stated with --swift-version)"))
    }
}
