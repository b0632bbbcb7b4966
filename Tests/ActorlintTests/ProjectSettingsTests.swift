@testable import ActorlintKit
import Foundation
import Testing

/// The fixture projects under Tests/Fixtures/Projects (outside every target's sources, so the
/// package build never compiles them) and small manifests written to temporary directories.
enum ProjectFixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Projects").standardizedFileURL.path

    static func path(_ relative: String) -> String { root + "/" + relative }

    /// The 1-based line of the first line of `file` that contains `text`.
    static func line(of text: String, in file: String) -> Int? {
        let contents = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return contents.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }.map { $0 + 1 }
    }

    /// A fresh directory with `files` (relative path → contents); removed by `cleanUp`.
    static func temporary(_ files: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("actorlint-project-\(UUID().uuidString)").standardizedFileURL.path
        for (relative, contents) in files {
            let path = directory + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try contents.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return directory
    }

    static func cleanUp(_ directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

extension DefaultIsolation {
    var unknownReason: String? {
        if case .unknown(let reason) = self { return reason }
        return nil
    }
}

@Suite struct ProjectSettingsTests {
    typealias Fixture = ProjectFixture

    // MARK: SwiftPM

    @Test func sharedSettingsResolveThroughLetArraysConcatenationAndTheTargetLoop() throws {
        let manifest = Fixture.path("SharedSettings/Package.swift")
        let model = ProjectLoader.load(for: [Fixture.path("SharedSettings")])

        let tool = model.settings(forAbsolutePath: Fixture.path("SharedSettings/Sources/Tool/main.swift"))
        #expect(tool.name == "Tool")
        #expect(tool.kind == .executable)
        #expect(tool.languageMode == 6)
        #expect(tool.toolsVersion == "6.2")
        #expect(tool.defaultIsolation == .mainActor)
        #expect(tool.features == ["ExistentialAny", "StrictConcurrency", "NonisolatedNonsendingByDefault"])
        #expect(tool.strictConcurrency == "complete")
        #expect(tool.configuration == "debug")
        #expect(tool.projectPath == manifest)
        #expect(tool.provenance.contains("target 'Tool'") && tool.provenance.contains("SharedSettings"))
        // Each setting points at the manifest line that wrote it, even through a shared `let`.
        let isolation = try #require(tool.origins[ModuleSettings.defaultIsolationSetting])
        #expect(isolation.path == manifest)
        #expect(isolation.line == Fixture.line(of: ".defaultIsolation(MainActor.self)", in: manifest))
        #expect(isolation.text == ".defaultIsolation(MainActor.self)")
        #expect(tool.origins["ExistentialAny"]?.line == Fixture.line(of: "\"ExistentialAny\"", in: manifest))
        #expect(tool.origins["NonisolatedNonsendingByDefault"]?.line
                == Fixture.line(of: "\"NonisolatedNonsendingByDefault\"", in: manifest))
        #expect(tool.origins[ModuleSettings.languageModeSetting]?.line == 1)

        let core = model.settings(forAbsolutePath: Fixture.path("SharedSettings/Sources/Core/Greeter.swift"))
        #expect(core.name == "Core")
        #expect(core.kind == .library)
        #expect(core.languageMode == 5)
        #expect(core.origins[ModuleSettings.languageModeSetting]?.line == Fixture.line(of: ".swiftLanguageMode(.v5)", in: manifest))
        #expect(core.defaultIsolation == .nonisolated)
        #expect(core.nonisolatedNonsending)

        let legacy = model.settings(forAbsolutePath: Fixture.path("SharedSettings/Legacy/Archive.swift"))
        #expect(legacy.name == "Legacy")
        #expect(legacy.defaultIsolation == .mainActor)
        #expect(legacy.features == ["InferIsolatedConformances", "NonisolatedNonsendingByDefault"])
        #expect(legacy.origins[ModuleSettings.defaultIsolationSetting]?.text.hasPrefix(".unsafeFlags(") == true)

        // The loop's `where target.type != .test` leaves the test target alone.
        let tests = model.settings(forAbsolutePath: Fixture.path("SharedSettings/Tests/CoreTests/GreeterTests.swift"))
        #expect(tests.name == "CoreTests")
        #expect(tests.kind == .test)
        #expect(tests.features.isEmpty)
        #expect(tests.languageMode == 6)

        let generated = model.settings(forAbsolutePath: Fixture.path("SharedSettings/Legacy/Generated/Strings.swift"))
        #expect(generated.name == ModuleSettings.plainSwift6.name)
        #expect(generated.provenance.contains("exclude"))
        let script = model.settings(forAbsolutePath: Fixture.path("SharedSettings/Scripts/release.swift"))
        #expect(script.name == ModuleSettings.plainSwift6.name)
        #expect(script.languageMode == 6 && script.defaultIsolation == .nonisolated && script.features.isEmpty)
        #expect(script.provenance.contains("none of its targets"))

        #expect(!model.notes.contains { $0.contains(manifest) }, "unexpected notes: \(model.notes)")
        #expect(model.configurations[try #require(model.modules.firstIndex { $0.name == "Tool" })]?.keys.sorted() == ["debug", "release"])
    }

    @Test func unresolvableSettingsAreReportedAsUnknownNotGuessed() throws {
        let manifest = Fixture.path("Unresolvable/Package.swift")
        let model = ProjectLoader.load(for: [Fixture.path("Unresolvable")])

        let dynamic = model.settings(forAbsolutePath: Fixture.path("Unresolvable/Sources/Dynamic/Dynamic.swift"))
        #expect(dynamic.name == "Dynamic")
        let reason = try #require(dynamic.defaultIsolation.unknownReason)
        #expect(reason.contains("commonSettings()") && reason.hasPrefix(manifest + ":"))
        #expect(model.notes.contains { $0.contains("commonSettings()") && $0.contains("'Dynamic'") })

        // What the `if` on the environment would append is known; whether it is appended is not.
        let conditional = model.settings(forAbsolutePath: Fixture.path("Unresolvable/Sources/Conditional/Conditional.swift"))
        #expect(conditional.features == ["InferIsolatedConformances"])
        #expect(conditional.defaultIsolation == .nonisolated)
        #expect(model.notes.contains { $0.contains("ExistentialAny") && $0.contains("STRICT_BUILD") })

        let platformOnly = model.settings(forAbsolutePath: Fixture.path("Unresolvable/Sources/PlatformOnly/PlatformOnly.swift"))
        #expect(platformOnly.defaultIsolation.unknownReason?.contains("platforms") == true)
        #expect(platformOnly.origins[ModuleSettings.defaultIsolationSetting]?.line
                == Fixture.line(of: ".when(platforms:", in: manifest))

        let plain = model.settings(forAbsolutePath: Fixture.path("Unresolvable/Sources/Plain/Plain.swift"))
        #expect(plain.defaultIsolation == .nonisolated)
        #expect(plain.features.isEmpty)
    }

    @Test func loopsForEachGuardsAndAppendsOverTargets() throws {
        let directory = try Fixture.temporary([
            "Package.swift": """
            // swift-tools-version: 6.1
            import PackageDescription

            var common: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
            common.append(.enableUpcomingFeature("InternalImportsByDefault"))

            let package = Package(
                name: "Loops",
                targets: [
                    .target(name: "Lib"),
                    .target(name: "UI", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    .testTarget(name: "LibTests"),
                ]
            )

            package.targets.forEach { target in
                guard target.type != .test else { return }
                target.swiftSettings = (target.swiftSettings ?? []) + common
            }
            for target in package.targets {
                if target.name == "UI" {
                    target.swiftSettings?.append(contentsOf: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")])
                }
            }
            """,
            "Sources/Lib/Lib.swift": "struct Lib {}\n",
            "Sources/UI/UI.swift": "struct UI {}\n",
            "Tests/LibTests/LibTests.swift": "struct LibTests {}\n",
        ])
        defer { Fixture.cleanUp(directory) }
        let model = ProjectLoader.load(for: [directory])
        let lib = model.settings(forAbsolutePath: directory + "/Sources/Lib/Lib.swift")
        #expect(lib.features == ["ExistentialAny", "InternalImportsByDefault"])
        #expect(lib.defaultIsolation == .nonisolated)
        let ui = model.settings(forAbsolutePath: directory + "/Sources/UI/UI.swift")
        #expect(ui.features == ["ExistentialAny", "InternalImportsByDefault", "NonisolatedNonsendingByDefault"])
        #expect(ui.defaultIsolation == .mainActor)
        #expect(ui.origins["InternalImportsByDefault"]?.line == 5)
        let tests = model.settings(forAbsolutePath: directory + "/Tests/LibTests/LibTests.swift")
        #expect(tests.features.isEmpty)
        #expect(model.notes.isEmpty, "unexpected notes: \(model.notes)")
    }

    @Test func loopBodyWithALocalCopyAndLaterPackageAssignments() throws {
        let directory = try Fixture.temporary([
            "Package.swift": """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Local", targets: [
                .executableTarget(name: "App", swiftSettings: [.swiftLanguageMode(.v6)]),
                .target(name: "Kit"),
            ])
            package.swiftLanguageModes = [.v5]
            for target in package.targets {
                var settings = target.swiftSettings ?? []
                if target.type == .executable {
                    settings.append(.defaultIsolation(MainActor.self))
                } else {
                    settings += [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
                }
                target.swiftSettings = settings
            }
            """,
        ])
        defer { Fixture.cleanUp(directory) }
        let model = ProjectLoader.load(for: [directory])
        let app = model.settings(forAbsolutePath: directory + "/Sources/App/main.swift")
        let kit = model.settings(forAbsolutePath: directory + "/Sources/Kit/Kit.swift")
        #expect(app.languageMode == 6, "the target's own mode wins over the package's")
        #expect(kit.languageMode == 5)
        #expect(kit.origins[ModuleSettings.languageModeSetting]?.line == 8)
        #expect(kit.features == ["NonisolatedNonsendingByDefault"])
        #expect(kit.origins["NonisolatedNonsendingByDefault"]?.line == 14)
        #expect(app.defaultIsolation == .mainActor)
        #expect(app.origins[ModuleSettings.defaultIsolationSetting]?.line == 12)
        #expect(kit.defaultIsolation == .nonisolated)
        #expect(model.notes.isEmpty, "unexpected notes: \(model.notes)")
    }

    @Test func breakEndsTheLoopAndAnUndecidableContinueMakesTheRestConditional() throws {
        let directory = try Fixture.temporary([
            "Package.swift": """
            // swift-tools-version: 6.2
            import Foundation
            import PackageDescription

            let package = Package(name: "Flow", targets: [
                .target(name: "First"), .target(name: "Stop"), .target(name: "After"),
            ])
            for target in package.targets {
                if target.name == "Stop" { break }
                if ProcessInfo.processInfo.environment["CI"] != nil { continue }
                target.swiftSettings = [.enableUpcomingFeature("ExistentialAny")]
            }
            """,
        ])
        defer { Fixture.cleanUp(directory) }
        let model = ProjectLoader.load(for: [directory])
        let first = model.settings(forAbsolutePath: directory + "/Sources/First/a.swift")
        #expect(first.defaultIsolation.unknownReason?.contains("environment[\"CI\"]") == true)
        #expect(!first.features.contains("ExistentialAny"))
        for name in ["Stop", "After"] {
            let untouched = model.settings(forAbsolutePath: directory + "/Sources/\(name)/a.swift")
            #expect(untouched.defaultIsolation == .nonisolated, "\(name)")
            #expect(untouched.features.isEmpty, "\(name)")
        }
    }

    @Test func nilCoalescingBindsLooserThanConcatenation() throws {
        // `a ?? [] + b` is `a ?? ([] + b)`: b reaches only targets without settings of their own.
        let directory = try Fixture.temporary([
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(name: "Precedence", targets: [
                .target(name: "Configured", swiftSettings: [.define("CONFIGURED")]),
                .target(name: "Bare"),
            ])
            for target in package.targets {
                target.swiftSettings = target.swiftSettings ?? [] + [.enableUpcomingFeature("ExistentialAny")]
            }
            """,
        ])
        defer { Fixture.cleanUp(directory) }
        let model = ProjectLoader.load(for: [directory])
        #expect(model.settings(forAbsolutePath: directory + "/Sources/Configured/a.swift").features.isEmpty)
        #expect(model.settings(forAbsolutePath: directory + "/Sources/Bare/a.swift").features == ["ExistentialAny"])
    }

    @Test func languageModeFollowsToolsVersionPackageModesAndTargetSettings() throws {
        let directory = try Fixture.temporary([
            "Old/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Old", targets: [.target(name: "OldLib")])
            """,
            "Listed/Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Listed",
                targets: [
                    .target(name: "Five"),
                    .target(name: "Six", swiftSettings: [.swiftLanguageMode(.v6)]),
                ],
                swiftLanguageModes: [.v5]
            )
            """,
        ])
        defer { Fixture.cleanUp(directory) }
        let model = ProjectLoader.load(for: [directory])
        let old = model.settings(forAbsolutePath: directory + "/Old/Sources/OldLib/a.swift")
        #expect(old.languageMode == 5)
        #expect(old.toolsVersion == "5.9")
        let five = model.settings(forAbsolutePath: directory + "/Listed/Sources/Five/a.swift")
        #expect(five.languageMode == 5)
        #expect(five.origins[ModuleSettings.languageModeSetting]?.line == 9)
        let six = model.settings(forAbsolutePath: directory + "/Listed/Sources/Six/a.swift")
        #expect(six.languageMode == 6)
        #expect(six.origins[ModuleSettings.languageModeSetting]?.line == 7)
    }

    @Test func opaqueChangesToTheTargetsMakeEveryTargetUncertain() throws {
        let directory = try Fixture.temporary([
            "Package.swift": """
            // swift-tools-version: 6.2
            import PackageDescription

            #if os(Linux)
            let platformSettings: [SwiftSetting] = [.defaultIsolation(MainActor.self)]
            #else
            let platformSettings: [SwiftSetting] = []
            #endif

            let package = Package(name: "Opaque", targets: [
                .target(name: "A", swiftSettings: platformSettings),
                .target(name: "B"),
            ])
            package.targets.first { $0.name == "B" }?.swiftSettings = [.defaultIsolation(MainActor.self)]
            """,
        ])
        defer { Fixture.cleanUp(directory) }
        let model = ProjectLoader.load(for: [directory])
        let a = model.settings(forAbsolutePath: directory + "/Sources/A/a.swift")
        let b = model.settings(forAbsolutePath: directory + "/Sources/B/b.swift")
        #expect(a.defaultIsolation.unknownReason != nil)
        #expect(b.defaultIsolation.unknownReason?.contains("package.targets.first") == true)
        #expect(model.notes.contains { $0.contains("#if") })
        #expect(model.notes.contains { $0.contains("package.targets.first") && $0.contains("'A', 'B'") })
    }

    @Test func versionSpecificManifestIsPreferredWhenTheToolchainAcceptsIt() throws {
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
                .target(name: "Lib", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
            ])
            """,
            "Package@swift-99.swift": "// swift-tools-version:99.0\nthis is not read\n",
        ])
        defer { Fixture.cleanUp(directory) }
        let lib = ProjectLoader.load(for: [directory]).settings(forAbsolutePath: directory + "/Sources/Lib/a.swift")
        #expect(lib.projectPath == directory + "/Package@swift-6.0.swift")
        #expect(lib.languageMode == 6)
        #expect(lib.features == ["ExistentialAny"])
    }

    @Test func sourcesListLimitsWhatATargetCompiles() throws {
        let directory = try Fixture.temporary([
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Listed", targets: [
                .target(name: "Lib", path: "Code", sources: ["Kept.swift", "Sub"]),
            ])
            """,
            "Code/Kept.swift": "", "Code/Dropped.swift": "", "Code/Sub/Deep.swift": "",
        ])
        defer { Fixture.cleanUp(directory) }
        let model = ProjectLoader.load(for: [directory])
        #expect(model.settings(forAbsolutePath: directory + "/Code/Kept.swift").name == "Lib")
        #expect(model.settings(forAbsolutePath: directory + "/Code/Sub/Deep.swift").name == "Lib")
        let dropped = model.settings(forAbsolutePath: directory + "/Code/Dropped.swift")
        #expect(dropped.name == ModuleSettings.plainSwift6.name)
        #expect(dropped.provenance.contains("sources:"))
    }

    // MARK: Xcode

    @Test func nestedPackageAndAppProjectEachClaimTheirFiles() throws {
        let pbxproj = Fixture.path("NestedApp/App.xcodeproj/project.pbxproj")
        let model = ProjectLoader.load(for: [Fixture.path("NestedApp")])

        for file in ["App/AppMain.swift", "App/Views/ContentView.swift", "Shared/SharedText.swift"] {
            let app = model.settings(forAbsolutePath: Fixture.path("NestedApp/" + file))
            #expect(app.name == "App", "\(file)")
            #expect(app.kind == .app)
            #expect(app.configuration == "Debug")
            #expect(app.projectPath == Fixture.path("NestedApp/App.xcodeproj"))
        }
        let app = model.settings(forAbsolutePath: Fixture.path("NestedApp/App/AppMain.swift"))
        // The target's SWIFT_VERSION wins over the project's; isolation comes from the project level.
        #expect(app.languageMode == 6)
        #expect(app.origins[ModuleSettings.languageModeSetting]?.path == pbxproj)
        #expect(app.origins[ModuleSettings.languageModeSetting]?.line == Fixture.line(of: "SWIFT_VERSION = 6.0;", in: pbxproj))
        #expect(app.defaultIsolation == .mainActor)
        #expect(app.origins[ModuleSettings.defaultIsolationSetting]?.text == "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;")
        #expect(app.features == ModuleSettings.approachableConcurrencyFeatures)
        // LastUpgradeCheck says Xcode 16.3 (Swift 6.1), but the target sets an Xcode 26 setting.
        #expect(app.toolsVersion == nil, "Xcode projects have no tools version")
        #expect(app.compiler == CompilerVersion(version: "6.2", certainty: .likely,
                                                evidence: "it sets SWIFT_APPROACHABLE_CONCURRENCY, which Xcode 26 introduced, project.pbxproj:\(Fixture.line(of: "SWIFT_APPROACHABLE_CONCURRENCY = YES;", in: pbxproj) ?? 0)"))
        #expect(app.provenance.contains("target 'App'") && app.provenance.contains("Debug"))

        let index = try #require(model.modules.firstIndex { $0.name == "App" })
        let release = try #require(model.configurations[index]?["Release"])
        #expect(release.defaultIsolation == .nonisolated, "Release adds -default-isolation nonisolated")
        #expect(release.origins[ModuleSettings.defaultIsolationSetting]?.text == "OTHER_SWIFT_FLAGS = (")

        #expect(model.settings(forAbsolutePath: Fixture.path("NestedApp/App/Unlisted.swift")).name != "App")

        let client = model.settings(forAbsolutePath: Fixture.path("NestedApp/Packages/Networking/Sources/Networking/Client.swift"))
        #expect(client.name == "Networking")
        #expect(client.kind == .library)
        #expect(client.languageMode == 6)
        #expect(client.defaultIsolation == .nonisolated)
        #expect(client.features.isEmpty)
        #expect(client.toolsVersion == "6.0")
        let clientTests = model.settings(forAbsolutePath: Fixture.path("NestedApp/Packages/Networking/Tests/NetworkingTests/ClientTests.swift"))
        #expect(clientTests.name == "NetworkingTests")
        #expect(clientTests.kind == .test)

        // Checking one file of the package finds the package by walking up.
        let alone = ProjectLoader.load(for: [Fixture.path("NestedApp/Packages/Networking/Sources/Networking/Client.swift")])
        #expect(alone.settings(forAbsolutePath: Fixture.path("NestedApp/Packages/Networking/Sources/Networking/Client.swift")) == client)
    }

    @Test func synchronizedFoldersExceptionsAndXcconfigIncludes() throws {
        let config = Fixture.path("SyncedApp/Config")
        let model = ProjectLoader.load(for: [Fixture.path("SyncedApp")])

        let app = model.settings(forAbsolutePath: Fixture.path("SyncedApp/SyncedApp/AppMain.swift"))
        #expect(app.name == "SyncedApp")
        #expect(app.kind == .app)
        #expect(model.settings(forAbsolutePath: Fixture.path("SyncedApp/SyncedApp/Model.swift")) == app)
        #expect(app.languageMode == 6)
        #expect(app.origins[ModuleSettings.languageModeSetting] == SettingOrigin(path: config + "/Base.xcconfig", line: 4, text: "SWIFT_VERSION = 6.0"))
        #expect(app.defaultIsolation == .mainActor)
        #expect(app.origins[ModuleSettings.defaultIsolationSetting]?.path == config + "/App.xcconfig")
        // OTHER_SWIFT_FLAGS built with $(inherited) through the include chain: each flag keeps its own line.
        #expect(app.features == ["MemberImportVisibility", "ExistentialAny", "NonisolatedNonsendingByDefault"])
        #expect(app.origins["MemberImportVisibility"]?.path == config + "/Shared/Common.xcconfig")
        #expect(app.origins["MemberImportVisibility"]?.line == 2)
        #expect(app.origins["ExistentialAny"]?.path == config + "/Base.xcconfig")
        #expect(app.strictConcurrency == "complete")
        #expect(app.origins[ModuleSettings.strictConcurrencySetting]?.path == config + "/Shared/Common.xcconfig")
        #expect(app.toolsVersion == nil, "Xcode projects have no tools version")
        #expect(app.compiler?.version == "6.2" && app.compiler?.certainty == .likely)

        let index = try #require(model.modules.firstIndex { $0.name == "SyncedApp" })
        let release = try #require(model.configurations[index]?["Release"])
        #expect(release.features.contains("InternalImportsByDefault"), "[config=Release] applies in Release")
        #expect(!app.features.contains("InternalImportsByDefault"))

        let preview = model.settings(forAbsolutePath: Fixture.path("SyncedApp/SyncedApp/Preview/PreviewData.swift"))
        #expect(preview.name == ModuleSettings.plainSwift6.name)
        #expect(preview.provenance.contains("membership exception") && preview.provenance.contains("'SyncedApp'"))

        let widgetOnly = model.settings(forAbsolutePath: Fixture.path("SyncedApp/SyncedApp/WidgetOnly.swift"))
        let widget = model.settings(forAbsolutePath: Fixture.path("SyncedApp/Widget/WidgetMain.swift"))
        #expect(widgetOnly.name == "Widget")
        #expect(widget == widgetOnly)
        #expect(widget.kind == .app)
        #expect(widget.languageMode == 5)
        #expect(widget.defaultIsolation == .mainActor)

        let tests = model.settings(forAbsolutePath: Fixture.path("SyncedApp/SyncedAppTests/ModelTests.swift"))
        #expect(tests.name == "SyncedAppTests")
        #expect(tests.kind == .test)
        #expect(tests.languageMode == 6, "SWIFT_VERSION from the project-level xcconfig")
        #expect(tests.defaultIsolation == .nonisolated)
        #expect(tests.nonisolatedNonsending)

        #expect(model.notes.contains { $0.contains("SWIFT_STRICT_CONCURRENCY") && $0.contains("SDK") })
        #expect(!model.notes.contains { $0.contains("Local.xcconfig") }, "a missing #include? is not a problem")
    }

    @Test func anOuterProjectListingAFileDoesNotTakeItFromANestedPackage() throws {
        let directory = try Fixture.temporary([
            "Outer.xcodeproj/project.pbxproj": Self.minimalProject(files: ["Packages/Net/Sources/Net/Client.swift", "App/Main.swift"]),
            "App/Main.swift": "",
            "Packages/Net/Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Net", targets: [.target(name: "Net")])
            """,
            "Packages/Net/Sources/Net/Client.swift": "",
        ])
        defer { Fixture.cleanUp(directory) }
        let model = ProjectLoader.load(for: [directory])
        #expect(model.settings(forAbsolutePath: directory + "/App/Main.swift").name == "Outer")
        #expect(model.settings(forAbsolutePath: directory + "/Packages/Net/Sources/Net/Client.swift").name == "Net")
    }

    // MARK: Discovery

    @Test func fileInNoProjectKeepsPlainSwift6() throws {
        let directory = try Fixture.temporary(["loose.swift": "let x = 1\n"])
        defer { Fixture.cleanUp(directory) }
        let model = ProjectLoader.load(for: [directory])
        #expect(model.settings(forAbsolutePath: directory + "/loose.swift") == .plainSwift6)
    }

    @Test func eachProjectIsReadOnceHoweverManyPathsItContains() {
        let model = ProjectLoader.load(for: [
            Fixture.path("SharedSettings"),
            Fixture.path("SharedSettings/Sources/Tool/main.swift"),
            Fixture.path("SharedSettings/Sources/Core/Greeter.swift"),
        ])
        #expect(model.modules.filter { $0.name == "Tool" }.count == 1)
    }

    @Test func discoverySkipsBuildProductsAndDependencyCheckouts() throws {
        let directory = try Fixture.temporary([
            "Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Top\", targets: [])\n",
            ".build/checkouts/dep/Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Dep\", targets: [.target(name: \"Dep\")])\n",
            "Pods/Thing/Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Pod\", targets: [.target(name: \"Pod\")])\n",
        ])
        defer { Fixture.cleanUp(directory) }
        let names = ProjectLoader.load(for: [directory]).modules.map(\.name)
        #expect(!names.contains("Dep") && !names.contains("Pod"))
    }

    // MARK: Readers

    @Test func flagsTokenizeLikeAShellAndFrontendPrefixesAreSeenThrough() {
        #expect(ModuleSettingsBuilder.tokenize(#"-a "b c" 'd e' f\ g  -h"#) == ["-a", "b c", "d e", "f g", "-h"])
        let origin = SettingOrigin(path: "p", line: 1, text: "t")
        var builder = ModuleSettingsBuilder(.plainSwift6)
        builder.applyFlags(["-Xcc", "-default-isolation", "-Xfrontend", "-default-isolation", "-Xfrontend", "MainActor",
                            "-enable-upcoming-feature", "ExistentialAny", "-enable-upcoming-feature", "MemberImportVisibility:migrate",
                            "-swift-version", "5", "-strict-concurrency=targeted"], origin: origin)
        #expect(builder.settings.defaultIsolation == .mainActor)
        #expect(builder.settings.features == ["ExistentialAny"], "migration mode does not turn a feature on")
        #expect(builder.settings.languageMode == 5)
        #expect(builder.settings.strictConcurrency == "targeted")
    }

    @Test func xcodeFeatureSettingNamesMapToFeatureNames() {
        #expect(XcodeSettingsInterpreter.featureName("NONISOLATED_NONSENDING_BY_DEFAULT") == "NonisolatedNonsendingByDefault")
        #expect(XcodeSettingsInterpreter.featureName("INFER_ISOLATED_CONFORMANCES") == "InferIsolatedConformances")
        #expect(XcodeSettingsInterpreter.featureName("DISABLE_OUTWARD_ACTOR_ISOLATION") == "DisableOutwardActorInference")
        #expect(XcodeSettingsInterpreter.featureName("EXISTENTIAL_ANY") == "ExistentialAny")
    }

    @Test func buildSettingsLayerWithInheritedConfigConditionsAndMacros() {
        func assignment(_ key: String, _ value: String, line: Int) -> BuildSettingAssignment {
            let (name, conditions) = BuildSettingAssignment.parseKey(key)!
            return BuildSettingAssignment(key: name, conditions: conditions, value: value, origin: SettingOrigin(path: "x", line: line, text: key))
        }
        var settings = XcodeBuildSettings(configuration: "Debug")
        settings.apply([assignment("OTHER_SWIFT_FLAGS", "-enable-upcoming-feature A", line: 1)])
        settings.apply([
            assignment("OTHER_SWIFT_FLAGS[config=Deb*]", "$(inherited) $(EXTRA)", line: 2),
            assignment("OTHER_SWIFT_FLAGS[config=Release]", "-enable-upcoming-feature Never", line: 3),
            assignment("OTHER_SWIFT_FLAGS[sdk=macosx*]", "-enable-upcoming-feature MacOnly", line: 4),
            assignment("EXTRA", "-enable-upcoming-feature B", line: 5),
        ])
        let flags = settings.flags("OTHER_SWIFT_FLAGS")!
        #expect(flags.flags.map(\.flag) == ["-enable-upcoming-feature", "A", "-enable-upcoming-feature", "B"])
        #expect(flags.flags.map(\.origin.line) == [1, 1, 2, 2])
        #expect(settings.conditional["OTHER_SWIFT_FLAGS"]?.line == 4)
        #expect(settings.value("OTHER_SWIFT_FLAGS")?.undefined == [])
    }

    @Test func xcconfigIncludeCycleIsReportedAndEnds() throws {
        let directory = try Fixture.temporary([
            "A.xcconfig": "#include \"B.xcconfig\"\nSWIFT_VERSION = 6.0\n",
            "B.xcconfig": "#include \"A.xcconfig\"\n#include \"Missing.xcconfig\"\nSWIFT_VERSION = 5.0 // overridden by A\n",
        ])
        defer { Fixture.cleanUp(directory) }
        let reader = XCConfigReader(inputs: ProjectInputs())
        let assignments = reader.assignments(of: directory + "/A.xcconfig")
        #expect(assignments.map(\.value) == ["5.0", "6.0"])
        #expect(reader.notes.contains { $0.contains("cycle") })
        #expect(reader.notes.contains { $0.contains("Missing.xcconfig") && $0.contains("does not exist") })
    }

    /// A project with one application target "Outer" whose Sources phase lists `files`
    /// (relative to the project directory).
    static func minimalProject(files: [String]) -> String {
        let ids = files.indices.map { String(format: "%024X", 0x100 + $0) }
        let buildIDs = files.indices.map { String(format: "%024X", 0x200 + $0) }
        let references = zip(ids, files).map { "\t\t\($0) = {isa = PBXFileReference; path = \"\($1)\"; sourceTree = SOURCE_ROOT; };" }
        let buildFiles = zip(buildIDs, ids).map { "\t\t\($0) = {isa = PBXBuildFile; fileRef = \($1); };" }
        return """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \(references.joined(separator: "\n"))
        \(buildFiles.joined(separator: "\n"))
        \t\t000000000000000000000010 = {isa = PBXGroup; children = (\(ids.joined(separator: ", "))); sourceTree = "<group>"; };
        \t\t000000000000000000000020 = {isa = PBXSourcesBuildPhase; files = (\(buildIDs.joined(separator: ", "))); };
        \t\t000000000000000000000030 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 6.0;}; name = Debug; };
        \t\t000000000000000000000031 = {isa = XCConfigurationList; buildConfigurations = (000000000000000000000030); };
        \t\t000000000000000000000032 = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
        \t\t000000000000000000000033 = {isa = XCConfigurationList; buildConfigurations = (000000000000000000000032); };
        \t\t000000000000000000000040 = {isa = PBXNativeTarget; buildConfigurationList = 000000000000000000000031; buildPhases = (000000000000000000000020); name = Outer; productType = "com.apple.product-type.application"; };
        \t\t000000000000000000000001 = {isa = PBXProject; buildConfigurationList = 000000000000000000000033; mainGroup = 000000000000000000000010; projectDirPath = ""; targets = (000000000000000000000040); };
        \t};
        \trootObject = 000000000000000000000001;
        }
        """
    }
}
