@testable import ActorlintKit
import Foundation
import Testing

/// The compiler a project builds with, told apart from its language mode, from each kind of
/// evidence, and what the evidence proves.
@Suite struct CompilerVersionTests {
    typealias Fixture = ProjectFixture

    static func module(_ files: [String: String], file: String) throws -> (ModuleSettings, String) {
        let directory = try Fixture.temporary(files)
        return (ProjectLoader.load(for: [directory]).settings(forAbsolutePath: StandardPath.absolute(directory + "/" + file)), directory)
    }

    @Test func aToolsVersionIsALowerBound() throws {
        let (module, directory) = try Self.module([
            "Package.swift": "// swift-tools-version: 6.1\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Core\")])\n",
            "Sources/Core/A.swift": "let a = 1\n",
        ], file: "Sources/Core/A.swift")
        defer { Fixture.cleanUp(directory) }
        #expect(module.compiler == CompilerVersion(version: "6.1", certainty: .minimum, evidence: "swift-tools-version 6.1, Package.swift:1"))
        #expect(module.compilerSupports([6, 1]) == true)
        // A lower bound of 6.1 says nothing about 6.2: the compiler may be newer.
        #expect(module.compilerSupports(CompilerVersion.concurrentAttribute) == nil)
        #expect(module.compiler?.phrase == "Swift 6.1 or later (swift-tools-version 6.1, Package.swift:1)")
    }

    @Test func aSwiftVersionFileStatesTheToolchain() throws {
        let (module, directory) = try Self.module([
            ".swift-version": "swift-6.1.2-RELEASE\n",
            ".git/HEAD": "ref: refs/heads/main\n",
            "Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Core\")])\n",
            "Sources/Core/A.swift": "let a = 1\n",
        ], file: "Sources/Core/A.swift")
        defer { Fixture.cleanUp(directory) }
        #expect(module.compiler?.version == "6.1.2")
        #expect(module.compiler?.certainty == .stated)
        #expect(module.compiler?.evidence.hasSuffix("/.swift-version") == true)
        // Stated: it proves what the compiler lacks too.
        #expect(module.compilerSupports(CompilerVersion.concurrentAttribute) == false)
        #expect(module.languageMode == 5, "the tools version still sets the language mode")
    }

    @Test func aSnapshotNameOrAFileAboveTheRepositoryPinsNothing() throws {
        let (snapshot, first) = try Self.module([
            ".swift-version": "main-snapshot-2026-10-01\n",
            "Package.swift": "// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Core\")])\n",
            "Sources/Core/A.swift": "let a = 1\n",
        ], file: "Sources/Core/A.swift")
        defer { Fixture.cleanUp(first) }
        #expect(snapshot.compiler?.certainty == .minimum, "the tools version is what is left")

        let (outside, second) = try Self.module([
            ".swift-version": "5.10\n",
            "repo/.git/HEAD": "ref: refs/heads/main\n",
            "repo/Package.swift": "// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Core\")])\n",
            "repo/Sources/Core/A.swift": "let a = 1\n",
        ], file: "repo/Sources/Core/A.swift")
        defer { Fixture.cleanUp(second) }
        #expect(outside.compiler?.version == "6.2", "a .swift-version above the repository's root is not the project's")
    }

    @Test func xcodeEvidenceIsNotTheLanguageModeNorTheLastUpgradeCheck() throws {
        let pbxproj = Fixture.path("Extensions/Journal.xcodeproj/project.pbxproj")
        let model = ProjectLoader.load(for: [Fixture.path("Extensions")])
        let app = model.settings(forAbsolutePath: Fixture.path("Extensions/Journal/JournalApp.swift"))
        #expect(app.languageMode == 5)
        #expect(app.toolsVersion == nil)
        // `LastUpgradeCheck = 2600` is in the file, but it is no evidence; a sibling target's
        // setting that only Xcode 26 writes is, for the whole project.
        #expect(Fixture.line(of: "LastUpgradeCheck = 2600;", in: pbxproj) != nil)
        let line = try #require(Fixture.line(of: "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;", in: pbxproj))
        #expect(app.compiler == CompilerVersion(version: "6.2", certainty: .likely,
                                                evidence: "the project sets SWIFT_DEFAULT_ACTOR_ISOLATION, which Xcode 26 introduced, project.pbxproj:\(line)"))
        // A target that sets what only Xcode 26 knows is probably built by it.
        let share = model.settings(forAbsolutePath: Fixture.path("Extensions/ShareExtension/ShareViewController.swift"))
        #expect(share.compiler == CompilerVersion(version: "6.2", certainty: .likely,
                                                  evidence: "it sets SWIFT_DEFAULT_ACTOR_ISOLATION, which Xcode 26 introduced, project.pbxproj:\(line)"))
        #expect(share.compilerSupports(CompilerVersion.concurrentAttribute) == true)
        #expect(share.compilerSupports(CompilerVersion.weakLet) == nil)
    }

    @Test func theProjectFormatNamesTheOldestXcodeThatOpensIt() {
        func format(_ objectVersion: String) -> String? {
            XcodeCompilerEvidence.projectFormat(of: ["objectVersion": objectVersion], text: "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = \(objectVersion);\n")?.phrase
        }
        #expect(format("77") == "Swift 6.0 or later (objectVersion 77, the project format of Xcode 16, project.pbxproj:4)")
        #expect(format("70") == "Swift 6.0 or later (objectVersion 70, the project format of Xcode 16, project.pbxproj:4)")
        #expect(format("90") == "Swift 6.1 or later (objectVersion 90, the project format of Xcode 16.3, project.pbxproj:4)")
        #expect(format("63") == "Swift 5.10 or later (objectVersion 63, the project format of Xcode 15.3, project.pbxproj:4)")
        // A format newer than any known is at least the newest known.
        #expect(format("99")?.hasPrefix("Swift 6.1 or later (objectVersion 99, the project format of Xcode 16.3") == true)
        #expect(format("54") == nil)
        #expect(format("x") == nil)
    }

    @Test func withoutEvidenceTheCompilerIsUnknown() throws {
        let directory = try Fixture.temporary([
            // Xcode 12's format: older than any that says which Swift it needs.
            "Outer.xcodeproj/project.pbxproj": ProjectSettingsTests.minimalProject(files: ["App/Main.swift"])
                .replacingOccurrences(of: "objectVersion = 56;", with: "objectVersion = 54;"),
            "App/Main.swift": "let a = 1\n",
        ])
        defer { Fixture.cleanUp(directory) }
        let module = ProjectLoader.load(for: [directory]).settings(forAbsolutePath: StandardPath.absolute(directory + "/App/Main.swift"))
        #expect(module.name == "Outer")
        #expect(module.compiler == nil)
        #expect(module.compilerSupports(CompilerVersion.concurrentAttribute) == nil)
    }

    @Test func theStrongestEvidenceWins() {
        let stated = CompilerVersion(version: "6.0", certainty: .stated, evidence: "s")
        let minimum = CompilerVersion(version: "6.2", certainty: .minimum, evidence: "m")
        let likely = CompilerVersion(version: "6.2", certainty: .likely, evidence: "l")
        let older = CompilerVersion(version: "5.10", certainty: .minimum, evidence: "o")
        #expect(CompilerVersion.strongest([likely, stated, minimum]) == stated)
        #expect(CompilerVersion.strongest([likely, minimum]) == minimum)
        #expect(CompilerVersion.strongest([older, likely]) == likely)
        #expect(CompilerVersion.strongest([nil, older]) == older)
        #expect(CompilerVersion.strongest([nil]) == nil)
    }
}
