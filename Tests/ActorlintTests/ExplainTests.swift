import ActorlintKit
import Foundation
import Testing

/// `actorlint explain`: where one line runs and why, under the project's settings, with types
/// from the module's other files and from the sibling modules it imports.
@Suite struct ExplainTests {
    /// A package whose `App` target subclasses a `@MainActor` class of its `Core` target.
    private func twoTargetPackage() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Two", targets: [
                .target(name: "Core"),
                .executableTarget(name: "App", dependencies: ["Core"]),
            ])
            """)
        try directory.write("Sources/Core/Screen.swift", """
            @MainActor open class Screen {
                public init() {}
            }
            """)
        try directory.write("Sources/App/Feed.swift", """
            import Core

            final class Feed: Screen {
                func refresh() {
                    print("refresh")
                }
            }

            final class Plain {
                func refresh() {}
            }
            """)
        return directory
    }

    @Test func aSuperclassFromAnImportedSiblingModuleMakesTheMethodMainActor() throws {
        let package = try twoTargetPackage()
        let result = actorlint("explain", package.url("Sources/App/Feed.swift") + ":5", "--format", "json")
        #expect(result.code == 0, "\(result.errors)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["isolation"] as? String == "MainActor", "\(result.output)")
        #expect(result.output.contains("Screen"), "the reason names the superclass: \(result.output)")
    }

    @Test func aTypeWithoutSuchASuperclassStaysNonisolated() throws {
        let package = try twoTargetPackage()
        let result = actorlint("explain", package.url("Sources/App/Feed.swift") + ":10", "--format", "json")
        #expect(result.code == 0, "\(result.errors)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["isolation"] as? String == "nonisolated", "\(result.output)")
    }

    @Test func modulesImportedThroughAnotherAreSeenAsCheckSeesThem() throws {
        // App imports Kit only; Kit's `Base` subclasses Core's `@MainActor` `Screen`. `check`
        // links App to Kit and Core; so must `explain`, or `Feed` loses its main actor.
        let directory = try TemporaryDirectory()
        try directory.write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Three", targets: [
                .target(name: "Core"),
                .target(name: "Kit", dependencies: ["Core"]),
                .executableTarget(name: "App", dependencies: ["Kit"]),
            ])
            """)
        try directory.write("Sources/Core/Screen.swift", "@MainActor open class Screen {\n    public init() {}\n}\n")
        try directory.write("Sources/Kit/Base.swift", "import Core\n\nopen class Base: Screen {}\n")
        try directory.write("Sources/App/Feed.swift", """
            import Kit

            final class Feed: Base {
                func refresh() {
                    print("refresh")
                }
            }
            """)
        let result = actorlint("explain", directory.url("Sources/App/Feed.swift") + ":5", "--format", "json")
        #expect(result.code == 0, "\(result.errors)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["isolation"] as? String == "MainActor", "\(result.output)")
    }

    @Test func anXcodeTargetsFilesInOtherFoldersAreItsModule() throws {
        // The project lists both files for one target; `Screen` lives in another folder.
        let directory = try TemporaryDirectory()
        try directory.write("App.xcodeproj/project.pbxproj", ProjectSettingsTests.minimalProject(files: ["App/Feed.swift", "Shared/Screen.swift"]))
        try directory.write("Shared/Screen.swift", "@MainActor class Screen {}\n")
        try directory.write("App/Feed.swift", "final class Feed: Screen {\n    func refresh() {\n        print(1)\n    }\n}\n")
        let result = actorlint("explain", directory.url("App/Feed.swift") + ":3", "--format", "json")
        #expect(result.code == 0, "\(result.errors)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["isolation"] as? String == "MainActor", "\(result.output)")
    }

    @Test func aLineOutsideTheFileIsNamedWithExitCode3() throws {
        let package = try twoTargetPackage()
        let result = actorlint("explain", package.url("Sources/App/Feed.swift") + ":99")
        #expect(result.code == 3)
        #expect(result.errors.contains("Feed.swift") && result.errors.contains("line 99 is outside the file"), "\(result.errors)")
    }
}

/// Two types of the same name nested in different parents: each is judged by its own
/// declaration, not by the first of that name the module index holds.
@Suite struct SameNameTypesTests {
    @Test func eachDeclarationKeepsItsOwnAttributes() throws {
        let code = """
            import SwiftUI
            enum Feed {
                @MainActor final class Model: ObservableObject { @Published var items: [String] = [] }
            }
            enum Search {
                final class Model: ObservableObject { @Published var query = ""; @MainActor func clear() { query = "" } }
            }
            """
        let findings = Linter(ruleIDs: ["ui-model-missing-main-actor"])
            .findings(in: SourceFile(path: "Models.swift", text: code), module: .plainSwift6)
        #expect(findings.map(\.range.start.line) == [6], "only Search.Model lacks @MainActor")
        let fixed = Fixer(linter: Linter(ruleIDs: ["ui-model-missing-main-actor"]), includeUnsafe: true)
            .fix(SourceFile(path: "Models.swift", text: code), module: .plainSwift6).text
        #expect(FixInvariants.firstViolation(in: code, module: .plainSwift6) == nil)
        #expect(fixed.components(separatedBy: "@MainActor").count == 4)
    }
}

/// `explain` names the compiler and its evidence apart from the language mode, for each kind of
/// version evidence.
@Suite struct ExplainCompilerTests {
    static func explain(_ path: String, line: Int) throws -> Explanation {
        var options = Actorlint.Options()
        options.cache = .off
        return try Actorlint(options).explain(path: path, line: line, column: nil)
    }

    @Test func aPackageNamesItsToolsVersionAsALowerBound() throws {
        let text = try Self.explain(ProjectFixture.path("SharedSettings/Sources/Tool/main.swift"), line: 1).text
        #expect(text.contains("  compiler: Swift 6.2 or later (swift-tools-version 6.2, Package.swift:1)"), "\(text)")
    }

    @Test func anXcodeProjectInSwift5ModeNamesItsFormatNotItsLastUpgrade() throws {
        let explanation = try Self.explain(ProjectFixture.path("Extensions/Journal/JournalApp.swift"), line: 4)
        #expect(explanation.text.contains("Journal: Swift 5 mode"))
        // Its share extension sets SWIFT_DEFAULT_ACTOR_ISOLATION: the project's Xcode is probably 26.
        #expect(explanation.text.contains("  compiler: probably Swift 6.2 or later (the project sets SWIFT_DEFAULT_ACTOR_ISOLATION, which Xcode 26 introduced"))
        #expect(!explanation.text.contains("LastUpgradeCheck"))
        let compiler = try #require((explanation.json["module"] as? [String: Any])?["compiler"] as? [String: String])
        #expect(compiler["version"] == "6.2" && compiler["certainty"] == "likely")
    }

    @Test func aPinnedToolchainIsStatedAndNoEvidenceIsUnknown() throws {
        let pinned = try TemporaryDirectory()
        try pinned.write(".swift-version", "6.1\n")
        try pinned.write(".git/HEAD", "ref: refs/heads/main\n")
        try pinned.write("Package.swift", "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Core\")])\n")
        try pinned.write("Sources/Core/A.swift", "func a() {}\n")
        let stated = try Self.explain(pinned.path + "/Sources/Core/A.swift", line: 1).text
        #expect(stated.contains("  compiler: Swift 6.1 (pinned by "), "\(stated)")

        let loose = try TemporaryDirectory()
        try loose.write("a.swift", "func a() {}\n")
        let unknown = try Self.explain(loose.path + "/a.swift", line: 1).text
        #expect(unknown.contains("  compiler: unknown"), "\(unknown)")
    }
}
