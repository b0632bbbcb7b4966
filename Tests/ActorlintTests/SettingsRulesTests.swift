@testable import ActorlintKit
import ActorlintCLI
import Foundation
import Testing

/// The settings rules over whole projects: Xcode projects through the project rules, packages
/// through their Package.swift with the imports of the checked sources, and the fix end to end.
@Suite struct SettingsRulesTests {
    typealias Fixture = ProjectFixture

    static let library = "library-default-main-actor"
    static let app = "app-target-missing-approachable-concurrency"
    static let swift5 = "swift-5-language-mode"
    static let all: Set<String> = [library, app, swift5]

    /// What `actorlint check DIR` does: the project model of the directory, every Swift file in it.
    static func check(_ directory: String, files: [String]? = nil, rules: Set<String> = all,
                      configuration: Configuration = Configuration()) -> Linter.Run {
        let paths = files ?? FileDiscovery().discover([directory]).files
        return Linter(configuration: configuration, project: ProjectLoader.load(for: [directory]), ruleIDs: rules)
            .run(paths: paths)
    }

    /// The 1-based line of the first line containing `text` after the line containing `anchor`.
    static func line(of text: String, after anchor: String, in file: String) -> Int? {
        let lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains(anchor) }) else { return nil }
        return lines[start...].firstIndex { $0.contains(text) }.map { $0 + 1 }
    }

    static func describe(_ findings: [Finding]) -> String {
        findings.map { "\($0.ruleID) \($0.path):\($0.range.start.line):\($0.range.start.column)" }.joined(separator: "\n")
    }

    // MARK: Xcode projects

    @Test func xcodeSettingsAreReportedOnTheLinesThatSetThem() throws {
        let root = Fixture.path("XcodeSettings")
        let pbxproj = root + "/Shop.xcodeproj/project.pbxproj"
        let xcconfig = root + "/Config/Library.xcconfig"
        let findings = Self.check(root).findings
        #expect(findings.count == 4, "\(Self.describe(findings))")

        // The xcconfig line that makes MainActor the default of the persistence framework; the
        // SwiftUI framework that shares the xcconfig is UI code and is not reported.
        let library = try #require(findings.first { $0.ruleID == Self.library })
        #expect(library.path == xcconfig)
        #expect(library.range.start.line == 2 && library.range.start.column == 1)
        #expect(library.range.end.column == 1 + "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor".utf8.count)
        #expect(library.message.hasPrefix("`Persistence` is a library target whose files import no UI framework"))
        #expect(library.message.contains("Library.xcconfig:2") && library.message.contains("seed 000, pitfall 5"))
        #expect(!library.message.contains("DesignSystem"))

        // Swift 5 for the framework and the tests, at each target's own SWIFT_VERSION line; the
        // Objective-C framework has no Swift file and is left alone.
        let swift5 = findings.filter { $0.ruleID == Self.swift5 }
        #expect(swift5.map(\.path) == [pbxproj, pbxproj])
        let persistenceLine = try #require(Self.line(of: "SWIFT_VERSION = 5.0;", after: "B20600000000000000000001 /* Debug */ = {", in: pbxproj))
        let testsLine = try #require(Self.line(of: "SWIFT_VERSION = 5.0;", after: "B20600000000000000000004 /* Debug */ = {", in: pbxproj))
        #expect(swift5.map(\.range.start.line) == [persistenceLine, testsLine])
        #expect(swift5.first?.range.start.column == 5, "after four tabs")
        #expect(swift5.first?.message.hasPrefix("`Persistence` compiles in Swift 5 language mode") == true)
        #expect(swift5.last?.message.hasPrefix("`ShopTests` compiles") == true)
        #expect(swift5.allSatisfy { $0.message.contains("seed 001") && $0.message.contains("SWIFT_STRICT_CONCURRENCY = complete") })

        // The SwiftUI framework has MainActor from the xcconfig but not the feature: reported
        // at its target's build settings, asking only for what is missing.
        let app = try #require(findings.first { $0.ruleID == Self.app })
        #expect(app.path == pbxproj)
        #expect(app.range.start.line == Self.line(of: "buildSettings = {", after: "B20600000000000000000002 /* Debug */ = {", in: pbxproj))
        #expect(app.message.hasPrefix("`DesignSystem` is a UI library target (it imports SwiftUI) on Swift 6.2"))
        #expect(app.message.contains("`SWIFT_APPROACHABLE_CONCURRENCY = YES`"))
        #expect(!app.message.contains("SWIFT_DEFAULT_ACTOR_ISOLATION"))
        #expect(findings.allSatisfy { $0.fix == nil }, "Xcode projects are never edited")
    }

    @Test func syncedAppWidgetLacksTheFeatureAndStaysInSwift5() throws {
        let root = Fixture.path("SyncedApp")
        let pbxproj = root + "/SyncedApp.xcodeproj/project.pbxproj"
        let findings = Self.check(root).findings
        #expect(findings.count == 2, "\(Self.describe(findings))")
        let widgetConfig = "5A0000000000000000000805 /* Debug */ = {"
        let swift5 = try #require(findings.first { $0.ruleID == Self.swift5 })
        #expect(swift5.path == pbxproj)
        #expect(swift5.range.start.line == Self.line(of: "SWIFT_VERSION = 5.0;", after: widgetConfig, in: pbxproj))
        #expect(swift5.message.hasPrefix("`Widget` compiles in Swift 5"))
        // The app extension has MainActor but SWIFT_APPROACHABLE_CONCURRENCY = NO at the project level.
        let app = try #require(findings.first { $0.ruleID == Self.app })
        #expect(app.range.start.line == Self.line(of: "buildSettings = {", after: widgetConfig, in: pbxproj))
        #expect(app.message.hasPrefix("`Widget` is an app target on Swift 6.2"))
        #expect(!app.message.contains("SWIFT_DEFAULT_ACTOR_ISOLATION"))
    }

    @Test func nestedAppWithBothSettingsAndSwift6IsClean() {
        let findings = Self.check(Fixture.path("NestedApp")).findings
        #expect(findings.isEmpty, "\(Self.describe(findings))")
    }

    @Test func appTargetsAreReportedOnlyFromXcode26Projects() throws {
        func project(lastSwiftUpdateCheck: String) throws -> String {
            try Fixture.temporary([
                "Outer.xcodeproj/project.pbxproj": ProjectSettingsTests.minimalProject(files: ["App/Main.swift"])
                    .replacingOccurrences(of: "isa = PBXProject;", with: "isa = PBXProject; attributes = {LastSwiftUpdateCheck = \(lastSwiftUpdateCheck);};"),
                "App/Main.swift": "@main struct Main { static func main() {} }\n",
            ])
        }
        let current = try project(lastSwiftUpdateCheck: "2600")
        defer { Fixture.cleanUp(current) }
        let findings = Self.check(current).findings
        #expect(findings.map(\.ruleID) == [Self.app], "\(Self.describe(findings))")
        #expect(findings.first?.message.contains("lacks default isolation MainActor and `NonisolatedNonsendingByDefault`") == true)
        #expect(findings.first?.message.contains("`SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` and `SWIFT_APPROACHABLE_CONCURRENCY = YES`") == true)

        let older = try project(lastSwiftUpdateCheck: "1630")
        defer { Fixture.cleanUp(older) }
        #expect(Self.check(older).findings.isEmpty, "Swift 6.1 has no default isolation setting")
    }

    @Test func onlyTargetsWhoseFilesWereCheckedAreJudged() throws {
        let root = Fixture.path("XcodeSettings")
        // One framework's file: its own findings, none for the targets whose files were not checked.
        let findings = Self.check(root, files: [root + "/Persistence/Store.swift"]).findings
        #expect(findings.map(\.ruleID).sorted() == [Self.library, Self.swift5], "\(Self.describe(findings))")
        #expect(findings.allSatisfy { $0.message.contains("`Persistence`") })

        // A run whose files belong to no target of the project says nothing about it.
        let elsewhere = try Fixture.temporary(["loose.swift": "let x = 1\n"])
        defer { Fixture.cleanUp(elsewhere) }
        let unrelated = Linter(project: ProjectLoader.load(for: [root]), ruleIDs: Self.all).run(paths: [elsewhere + "/loose.swift"])
        #expect(unrelated.findings.isEmpty)
    }

    @Test func configurationFiltersProjectFindings() {
        let root = Fixture.path("XcodeSettings")
        var configuration = Configuration()
        configuration.path = root + "/" + Configuration.fileName
        configuration.perPath = [(GlobPattern("Config/*.xcconfig"), [Self.library])]
        configuration.severity = [Self.app: .error]
        let findings = Self.check(root, rules: [Self.library, Self.app], configuration: configuration).findings
        #expect(findings.map(\.ruleID) == [Self.app], "per-path ignore drops the xcconfig finding; swift-5 is not selected")
        #expect(findings.first?.severity == .error)
    }

    @Test func projectFindingsAreRelativeWhenTheFilesWere() throws {
        let root = Fixture.path("XcodeSettings")
        let original = FileManager.default.currentDirectoryPath
        #expect(Linter.displayPath(root + "/Config/Library.xcconfig", relative: false) == root + "/Config/Library.xcconfig")
        let inside = original + "/Config/Library.xcconfig"
        #expect(Linter.displayPath(inside, relative: true) == "Config/Library.xcconfig")
        #expect(Linter.displayPath("/elsewhere/Library.xcconfig", relative: true) == "/elsewhere/Library.xcconfig")
    }

    // MARK: Packages

    static let shopManifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "Shop",
            targets: [
                .executableTarget(
                    name: "ShopApp",
                    dependencies: ["Networking"],
                    linkerSettings: [.linkedLibrary("z")]
                ),
                .target(
                    name: "Networking",
                    dependencies: ["Model"],
                    swiftSettings: [.defaultIsolation(MainActor.self)]
                ),
                .target(name: "Model", swiftSettings: [.swiftLanguageMode(.v5)]),
                .testTarget(name: "ShopAppTests", dependencies: ["ShopApp"]),
            ]
        )
        """

    static func shopPackage() throws -> String {
        try Fixture.temporary([
            "Package.swift": shopManifest,
            "Sources/ShopApp/ShopApp.swift": "import SwiftUI\nstruct ContentView: View { var body: some View { Text(\"Shop\") } }\n",
            "Sources/Networking/Client.swift": "import Foundation\npublic struct Client { public init() {} }\n",
            "Sources/Model/Item.swift": "public struct Item {}\n",
            "Tests/ShopAppTests/ShopAppTests.swift": "import SwiftUI\nimport Testing\n",
        ])
    }

    @Test func packageTargetsAreJudgedByTheImportsOfTheirCheckedFiles() throws {
        let directory = try Self.shopPackage()
        defer { Fixture.cleanUp(directory) }
        let manifest = directory + "/Package.swift"
        let findings = Self.check(directory).findings
        #expect(findings.map(\.ruleID) == [Self.app, Self.library, Self.swift5], "\(Self.describe(findings))")
        #expect(findings.allSatisfy { $0.path == manifest })
        let lines = findings.map(\.range.start.line)
        #expect(lines == [7, 15, 17])

        #expect(findings[0].message.hasPrefix("`ShopApp` is an executable target that imports SwiftUI on tools version 6.2"))
        #expect(findings[0].fix?.safety == .unsafe)
        #expect(findings[1].message.hasPrefix("`Networking` is a library target whose files import no UI framework (the name suggests networking code)"))
        #expect(findings[1].message.contains("`.defaultIsolation(MainActor.self)` (Package.swift:15)"))
        #expect(findings[1].range.start.column == 29 && findings[1].range.end.column == 29 + ".defaultIsolation(MainActor.self)".utf8.count)
        #expect(findings[2].message.hasPrefix("`Model` compiles in Swift 5 language mode (`.swiftLanguageMode(.v5)`, Package.swift:17)"))
    }

    @Test func fixCommandAddsTheSettingsAndTheResultIsClean() throws {
        let directory = try Self.shopPackage()
        defer { Fixture.cleanUp(directory) }
        let console = Console(capture: true)
        let status = ActorlintCommand.run(["fix", "--unsafe-fixes", "--select", Self.all.sorted().joined(separator: ","), directory], console: console)
        #expect(status == 1, "the library and Swift 5 findings remain: \(console.errors)")
        #expect(console.errors.contains("Applied 1 fix in 1 file; 2 findings remain."), "\(console.errors)")
        let fixed = try String(contentsOfFile: directory + "/Package.swift", encoding: .utf8)
        let expected = Self.shopManifest.replacingOccurrences(of: """
                        dependencies: ["Networking"],
                        linkerSettings
            """, with: """
                        dependencies: ["Networking"],
                        swiftSettings: [
                            .defaultIsolation(MainActor.self),
                            .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                        ],
                        linkerSettings
            """)
        #expect(expected != Self.shopManifest)
        #expect(fixed == expected)
        let after = Self.check(directory).findings
        #expect(after.map(\.ruleID) == [Self.library, Self.swift5])
    }

    @Test func withoutCheckedSourcesUINessIsUnknownAndOnlyTheModeIsReported() throws {
        let directory = try Self.shopPackage()
        defer { Fixture.cleanUp(directory) }
        let findings = Self.check(directory, files: [directory + "/Package.swift"]).findings
        #expect(findings.map(\.ruleID) == [Self.swift5], "\(Self.describe(findings))")
    }

    @Test func settingsAssembledByALoopAreReportedWithoutAFix() throws {
        let directory = try Fixture.temporary([
            "Package.swift": """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Viewer", targets: [.executableTarget(name: "Viewer")])
            for target in package.targets {
                target.swiftSettings = [.enableUpcomingFeature("ExistentialAny")]
            }
            """,
            "Sources/Viewer/main.swift": "import AppKit\n",
        ])
        defer { Fixture.cleanUp(directory) }
        let findings = Self.check(directory).findings
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && finding.ruleID == Self.app)
        #expect(finding.fix == nil)
        #expect(finding.message.contains("a shared array or a loop"))
        #expect(finding.message.contains("add `.defaultIsolation(MainActor.self)` and `.enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")`"))
    }

    @Test func onlyTheManifestSwiftPMReadsIsChecked() throws {
        // Package@swift-6.0.swift wins over Package.swift with this toolchain; the older
        // manifest would be in Swift 5 mode but is not the one in effect.
        let directory = try Fixture.temporary([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Versioned", targets: [.target(name: "Lib")])
            """,
            "Package@swift-6.0.swift": """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Versioned", targets: [
                .target(name: "Lib", swiftSettings: [.swiftLanguageMode(.v5)]),
            ])
            """,
            "Sources/Lib/Lib.swift": "struct Lib {}\n",
        ])
        defer { Fixture.cleanUp(directory) }
        let findings = Self.check(directory).findings
        #expect(findings.map(\.path) == [directory + "/Package@swift-6.0.swift"], "\(Self.describe(findings))")
        #expect(findings.first?.range.start.line == 4)
    }

    @Test func toolsVersionBelowSwift6IsReportedOnTheFirstLineWithTheLeaves() throws {
        let directory = try Fixture.temporary([
            "Package.swift": """
            // swift-tools-version:5.10
            import PackageDescription
            let package = Package(name: "Old", targets: [
                .target(name: "Model"),
                .target(name: "Store", dependencies: [.target(name: "Model")]),
                .target(name: "Formatting"),
                .executableTarget(name: "tool", dependencies: ["Store", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
                .testTarget(name: "StoreTests", dependencies: ["Store"]),
            ])
            """,
        ])
        defer { Fixture.cleanUp(directory) }
        let findings = Self.check(directory, files: [directory + "/Package.swift"]).findings
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.range.start.line == 1 && finding.range.start.column == 1)
        #expect(finding.range.end.column == 1 + "// swift-tools-version:5.10".utf8.count)
        #expect(finding.message.hasPrefix("`Model`, `Store`, `Formatting`, `tool` and `StoreTests` compile in Swift 5 language mode"))
        #expect(finding.message.contains("Tools version 5.10 predates Swift 6"))
        #expect(finding.message.contains("Start with `Model` and `Formatting`: they depend on no other Swift 5 target."))
    }
}
