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
                      configuration: Configuration = .testing) -> Linter.Run {
        let paths = files ?? FileDiscovery().discover([directory]).files
        var project = ProjectLoader.load(for: [directory])
        if let stated = configuration.swiftVersion { project.state(stated) }
        return Linter(configuration: configuration, project: project, ruleIDs: rules).run(paths: paths)
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
        #expect(findings.count == 3, "\(Self.describe(findings))")

        // The xcconfig line that makes MainActor the default of the persistence framework; the
        // SwiftUI framework that shares the xcconfig is UI code and is not reported.
        let library = try #require(findings.first { $0.ruleID == Self.library })
        #expect(library.path == xcconfig)
        #expect(library.range.start.line == 2 && library.range.start.column == 1)
        #expect(library.range.end.column == 1 + "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor".utf8.count)
        #expect(library.message.hasPrefix("`Persistence` is a library target whose files import no UI framework"))
        #expect(library.message.contains("Library.xcconfig:2") && library.message.contains("(SE-0466)"))
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
        #expect(swift5.allSatisfy { $0.message.contains("Swift 6 migration guide") && $0.message.contains("SWIFT_STRICT_CONCURRENCY = complete") })

        // The SwiftUI framework has MainActor from the xcconfig but not the feature: a target
        // that decided on one of the two settings has chosen, and is not asked for the other.
        #expect(!findings.contains { $0.ruleID == Self.app })
        #expect(findings.allSatisfy { $0.fix == nil }, "Xcode projects are never edited")
    }

    @Test func syncedAppWidgetLacksTheFeatureAndStaysInSwift5() throws {
        let root = Fixture.path("SyncedApp")
        let pbxproj = root + "/SyncedApp.xcodeproj/project.pbxproj"
        let findings = Self.check(root).findings
        #expect(findings.count == 1, "\(Self.describe(findings))")
        let widgetConfig = "5A0000000000000000000805 /* Debug */ = {"
        let swift5 = try #require(findings.first { $0.ruleID == Self.swift5 })
        #expect(swift5.path == pbxproj)
        #expect(swift5.range.start.line == Self.line(of: "SWIFT_VERSION = 5.0;", after: widgetConfig, in: pbxproj))
        #expect(swift5.message.hasPrefix("`Widget` compiles in Swift 5"))
        // The widget extension (its Info.plist names WidgetKit) has MainActor and turns
        // SWIFT_APPROACHABLE_CONCURRENCY off at the project level: both decided, nothing asked.
        #expect(!findings.contains { $0.ruleID == Self.app })
    }

    @Test func nestedAppWithBothSettingsAndSwift6IsClean() {
        let findings = Self.check(Fixture.path("NestedApp")).findings
        #expect(findings.isEmpty, "\(Self.describe(findings))")
    }

    @Test func appTargetsAreReportedOnlyWhereTheCompilerHasTheSettings() throws {
        func project(pinning version: String?) throws -> String {
            var files = [
                // Last upgraded by Xcode 26: when someone accepted its recommended settings, not
                // which Xcode builds the project.
                "Outer.xcodeproj/project.pbxproj": ProjectSettingsTests.minimalProject(files: ["App/Main.swift"])
                    .replacingOccurrences(of: "isa = PBXProject;", with: "isa = PBXProject; attributes = {LastSwiftUpdateCheck = 2600; LastUpgradeCheck = 2600;};"),
                "App/Main.swift": "@main struct Main { static func main() {} }\n",
                ".git/HEAD": "ref: refs/heads/main\n",
            ]
            if let version { files[".swift-version"] = version + "\n" }
            return try Fixture.temporary(files)
        }
        let current = try project(pinning: "6.2")
        defer { Fixture.cleanUp(current) }
        let findings = Self.check(current).findings
        #expect(findings.map(\.ruleID) == [Self.app], "\(Self.describe(findings))")
        #expect(findings.first?.message.hasPrefix("`Outer` is an app target with neither default isolation MainActor (SE-0466) nor Approachable Concurrency (SE-0461)") == true)
        #expect(findings.first?.message.contains("Set `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` and `SWIFT_APPROACHABLE_CONCURRENCY = YES` in Debug") == true)

        let older = try project(pinning: "6.1")
        defer { Fixture.cleanUp(older) }
        #expect(Self.check(older).findings.isEmpty, "Swift 6.1 has no default isolation setting")
        let unknown = try project(pinning: nil)
        defer { Fixture.cleanUp(unknown) }
        #expect(Self.check(unknown).findings.isEmpty, "nothing says the compiler has the settings")
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
        let findings = Self.check(root, rules: [Self.library, Self.app], configuration: configuration).findings
        #expect(findings.isEmpty, "per-path ignore drops the xcconfig finding: \(Self.describe(findings))")
        #expect(Self.check(root, rules: [Self.library]).findings.count == 1, "without it, the finding is there")

        let extensions = Fixture.path("Extensions")
        var severities = Configuration()
        severities.severity = [Self.app: .error]
        let app = Self.check(extensions, rules: [Self.app], configuration: severities).findings
        #expect(!app.isEmpty && app.allSatisfy { $0.severity == .error })
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

        #expect(findings[0].message.hasPrefix("`ShopApp` is an executable target with UI types such as `ContentView` with neither default isolation MainActor (SE-0466) nor `NonisolatedNonsendingByDefault` (SE-0461)"))
        #expect(findings[0].message.contains("built by Swift 6.2 or later (swift-tools-version 6.2, Package.swift:1), in Swift 6 language mode"))
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
            "Sources/Viewer/main.swift": "import AppKit\nfinal class Window: NSWindowController {}\n",
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

/// nonisolated-model-type under the default MainActor: the fix must move only the type itself.
@Suite struct NonisolatedModelTypeFixTests {
    static let module = ModuleSettings.plainSwift6.withSwift62AppSettings

    static func finding(_ code: String) -> Finding? {
        Linter(ruleIDs: ["nonisolated-model-type"]).findings(in: SourceFile(path: "Model.swift", text: code), module: module).first
    }

    @Test func aNestedClassWithoutAttributesKeepsTheFindingButLosesTheFix() throws {
        // `nonisolated` on the struct would take the nested class off the main actor as well.
        let code = """
            struct Quote: Decodable, Sendable {
                final class Ticker: ObservableObject { @Published var price = 0 }
                let price: Int
            }
            @concurrent func decode(_ data: Data) async throws -> [Quote] { try JSONDecoder().decode([Quote].self, from: data) }
            """
        let finding = try #require(Self.finding(code))
        #expect(finding.fix == nil)
    }

    @Test func nestedValueTypesMoveWithIt() throws {
        let code = """
            struct Quote: Codable {
                enum CodingKeys: String, CodingKey { case price }
                let price: Int
            }
            @concurrent func decode(_ data: Data) async throws -> [Quote] { try JSONDecoder().decode([Quote].self, from: data) }
            """
        let finding = try #require(Self.finding(code))
        #expect(finding.fix?.edits.first?.replacement == "nonisolated ")
    }
}

/// The settings rule on an Xcode 26 project whose targets are what real projects have: an app,
/// a UI framework, a shared framework that imports UIKit, a test-support framework, a
/// notification service and a share extension, Debug and Release, a project-wide xcconfig.
@Suite struct SettingsRoleTests {
    static let root = ProjectFixture.path("Extensions")
    static let pbxproj = root + "/Journal.xcodeproj/project.pbxproj"

    /// The team states its compiler (`swift-version` in `.actorlint.json`): the project's
    /// files show only Xcode 16's format, and an Xcode 26 setting in one target.
    static func findings() -> [Finding] {
        var configuration = Configuration.testing
        configuration.swiftVersion = .stated("6.2", by: "in .actorlint.json:2")
        return SettingsRulesTests.check(root, rules: [SettingsRulesTests.app], configuration: configuration).findings
    }

    @Test func onlyAppAndUITargetsAreAskedForTheAppSettings() {
        let named = Self.findings().map { $0.message.prefix { $0 != " " } }
        #expect(named == ["`Journal`", "`JournalUI`", "`ShareExtension`"], "\(Self.findings().map(\.message))")
    }

    @Test func theMessageSaysWhatIsKnownOfTheTargetAndItsCompiler() throws {
        let app = try #require(Self.findings().first)
        #expect(app.message.hasPrefix("`Journal` is an app target with neither default isolation MainActor (SE-0466) nor Approachable Concurrency (SE-0461)"))
        #expect(app.message.contains("built by Swift 6.2 (stated in .actorlint.json:2)"))
        #expect(app.message.contains("in Swift 5 language mode"))
        #expect(app.message.contains("in every configuration (Debug, Release)"))
        // Its own xcconfig may take the settings; the project-wide one is not offered.
        #expect(app.message.contains("or in Journal.xcconfig, which only it uses"))
        #expect(!app.message.contains("Project.xcconfig"))
        let ui = try #require(Self.findings().dropFirst().first)
        #expect(ui.message.hasPrefix("`JournalUI` is a UI library (3 of its 3 types are views or view controllers"))
        #expect(!ui.message.contains("xcconfig"))
    }

    @Test func configurationsThatDisagreeAreReportedAsSuch() throws {
        let share = try #require(Self.findings().last)
        #expect(share.message == "`ShareExtension` sets `SWIFT_DEFAULT_ACTOR_ISOLATION` in Debug but not in Release: its configurations compile its code under different concurrency rules. Set it the same way in every configuration.")
    }

    @Test func rolesComeFromTheProductTypeTheExtensionPointAndTheDeclarations() throws {
        let model = ProjectLoader.load(for: [Self.root])
        let run = Linter(project: model, ruleIDs: []).run(paths: FileDiscovery().discover([Self.root]).files)
        func role(_ file: String) -> TargetRole {
            let module = model.settings(forAbsolutePath: Self.root + "/" + file)
            return TargetRole.of(module, index: run.indexes[module.key])
        }
        #expect(role("Journal/JournalApp.swift") == .app("an app target"))
        #expect(role("ShareExtension/ShareViewController.swift") == .app("a share extension (com.apple.share-services)"))
        #expect(role("NotificationService/NotificationService.swift")
                == .nonUIExtension("a notification service extension (com.apple.usernotifications.service), which has no UI"))
        #expect(role("JournalKit/Client.swift") == .library("a library (1 of its 5 types are views or view controllers)"))
        #expect(role("JournalUI/EntryRow.swift").isUICode)
        guard case .test = role("JournalTestSupport/Fakes.swift") else {
            Issue.record("a framework that imports XCTest supports tests")
            return
        }
    }
}
