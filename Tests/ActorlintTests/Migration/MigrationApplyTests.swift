@testable import ActorlintKit
import Foundation
import Testing

/// `migrate apply`: what it writes, where, in the project's own style; that a second run
/// changes nothing; that `--diff` writes nothing; and that it refuses, editing nothing, when a
/// setting cannot be resolved or placed.
@Suite struct MigrationApplyTests {
    @Test func applyWritesTheSettingsTheAttributesAndTheTypes() throws {
        let fixture = try MigrationFixture(MigrationSources.files)
        let result = try fixture.apply()
        #expect(result.failures.isEmpty)
        #expect(result.changes.map { ($0.path as NSString).lastPathComponent }.sorted() == ["Kit.swift", "Package.swift", "ShopApp.swift"])
        #expect(try fixture.read("Package.swift").contains("""
                    .executableTarget(name: "ShopApp", dependencies: ["Kit"], swiftSettings: [.defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
                    .target(name: "Kit", swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
                    .testTarget(name: "KitTests", dependencies: ["Kit"], swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
            """))
        let kit = try fixture.read("Sources/Kit/Kit.swift")
        #expect(kit.contains("@concurrent public func checksum(") && kit.contains("@concurrent public func items(")
                && kit.contains("@concurrent public func pairs("))
        #expect(kit.components(separatedBy: "@concurrent").count - 1 == 3, "only the heavy functions:\n\(kit)")
        let app = try fixture.read("Sources/ShopApp/ShopApp.swift")
        #expect(app.contains("nonisolated struct Post: Codable") && app.contains("nonisolated struct Draft: Sendable"))
        #expect(app.contains("\nstruct Theme: Hashable") && app.contains("    @concurrent func parse("))
        #expect(app.contains("DispatchQueue.main.async"), "hops are removed only with --unsafe-fixes")
    }

    @Test func aSecondApplyChangesNothing() throws {
        let fixture = try MigrationFixture(MigrationSources.files)
        _ = try fixture.apply(unsafe: true)
        let after = try fixture.snapshot()
        let second = try fixture.apply(unsafe: true)
        #expect(second.changes.isEmpty && second.plan.order.isEmpty, "\(second.changes.map(\.path)) \(second.plan.order)")
        #expect(try fixture.snapshot() == after)
    }

    @Test func diffWritesNothing() throws {
        let fixture = try MigrationFixture(MigrationSources.files)
        let before = try fixture.snapshot()
        let result = try fixture.apply(unsafe: true, diff: true)
        #expect(result.changes.count == 3 && result.hopsRemoved == 1)
        #expect(try fixture.snapshot() == before)
        let app = try #require(result.changes.first { $0.path.hasSuffix("ShopApp.swift") })
        #expect(app.original == before["Sources/ShopApp/ShopApp.swift"])
        #expect(app.fixed.contains("nonisolated struct Post") && !app.fixed.contains("DispatchQueue.main.async"))
    }

    @Test func unsafeFixesRemoveTheHopsTheChangeMadeRedundant() throws {
        let fixture = try MigrationFixture(MigrationSources.files)
        let result = try fixture.apply(unsafe: true)
        #expect(result.hopsRemoved == 1)
        let app = try fixture.read("Sources/ShopApp/ShopApp.swift")
        #expect(app.contains("    func update() {\n        print(\"updated\")\n    }"), "\(app)")
    }

    // MARK: Where the settings go

    static func manifest(_ body: String, tools: String = "6.2") -> String {
        "// swift-tools-version: \(tools)\nimport PackageDescription\n\n" + body
    }

    static let library = "public func add(_ a: Int, _ b: Int) async -> Int { a + b }\n"
    static let screen = "import SwiftUI\nstruct Screen: View { var body: some View { Text(\"x\") } }\n"

    func appliedManifest(_ manifest: String, files: [String: String]) throws -> String {
        var all = files
        all["Package.swift"] = manifest
        let fixture = try MigrationFixture(all)
        let result = try fixture.apply()
        #expect(result.failures.isEmpty)
        return try fixture.read("Package.swift")
    }

    @Test func aSharedArrayGetsWhatAllItsTargetsGain() throws {
        let text = try appliedManifest(Self.manifest("""
            let common: [SwiftSetting] = [
                .enableUpcomingFeature("ExistentialAny"),
            ]

            let package = Package(name: "P", targets: [
                .target(name: "A", swiftSettings: common),
                .target(name: "B", swiftSettings: common),
            ])

            """), files: ["Sources/A/A.swift": Self.library, "Sources/B/B.swift": Self.library])
        #expect(text.contains("""
            let common: [SwiftSetting] = [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
            """), "\(text)")
        #expect(text.contains(".target(name: \"A\", swiftSettings: common),"))
    }

    @Test func aTargetThatGainsMoreThanItsSharersGetsItsOwnAddition() throws {
        let text = try appliedManifest(Self.manifest("""
            let common: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

            let package = Package(name: "P", targets: [
                .target(name: "UI", swiftSettings: common),
                .target(name: "Core", swiftSettings: common),
            ])

            """), files: ["Sources/UI/Screen.swift": Self.screen, "Sources/Core/Core.swift": Self.library])
        #expect(text.contains("let common: [SwiftSetting] = [.enableUpcomingFeature(\"ExistentialAny\"), .enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")]"), "\(text)")
        #expect(text.contains(".target(name: \"UI\", swiftSettings: common + [.defaultIsolation(MainActor.self)]),"), "\(text)")
        #expect(text.contains(".target(name: \"Core\", swiftSettings: common),"))
    }

    @Test func aLoopThatAppendsOneSettingAtATimeGetsOneMoreStatement() throws {
        let text = try appliedManifest(Self.manifest("""
            let package = Package(name: "P", targets: [
                .target(name: "A"),
                .testTarget(name: "ATests", dependencies: ["A"]),
            ])

            for target in package.targets {
                var settings = target.swiftSettings ?? []
                // Require `any` for existential types.
                settings.append(.enableUpcomingFeature("ExistentialAny"))
                target.swiftSettings = settings
            }

            """), files: ["Sources/A/A.swift": Self.library, "Tests/ATests/ATests.swift": "import A\n"])
        #expect(text.contains("""
                settings.append(.enableUpcomingFeature("ExistentialAny"))
                settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))
                target.swiftSettings = settings
            """), "\(text)")
    }

    @Test func aMultiLineCallGetsTheArgumentWherePackageDescriptionExpectsIt() throws {
        let text = try appliedManifest(Self.manifest("""
            let package = Package(name: "P", targets: [
                .target(
                    name: "UI",
                    path: "Sources/UI",
                    swiftSettings: [
                        .enableUpcomingFeature("ExistentialAny"),
                    ]
                ),
                .target(
                    name: "Core",
                    path: "Sources/Core",
                    linkerSettings: [.linkedLibrary("z")]
                ),
            ])

            """), files: ["Sources/UI/Screen.swift": Self.screen, "Sources/Core/Core.swift": Self.library])
        #expect(text.contains("""
                    swiftSettings: [
                        .enableUpcomingFeature("ExistentialAny"),
                        .defaultIsolation(MainActor.self),
                        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                    ]
            """), "\(text)")
        #expect(text.contains("""
                    path: "Sources/Core",
                    swiftSettings: [
                        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                    ],
                    linkerSettings: [.linkedLibrary("z")]
            """), "\(text)")
    }

    @Test func aLoopThatWouldUndoATargetsOwnSettingIsRefused() throws {
        let fixture = try MigrationFixture([
            "Package.swift": Self.manifest("""
                let package = Package(name: "P", targets: [
                    .target(name: "UI"),
                    .target(name: "Core"),
                ])

                for target in package.targets {
                    target.swiftSettings = [.enableUpcomingFeature("ExistentialAny")]
                }

                """),
            "Sources/UI/Screen.swift": Self.screen, "Sources/Core/Core.swift": Self.library,
        ])
        let plan = try fixture.plan()
        #expect(plan.module("UI")?.blockers.first?.contains("would not give exactly the planned settings to `UI`") == true,
                "\(plan.blockers)")
        let before = try fixture.snapshot()
        #expect(throws: MigrationError.self) { try fixture.apply() }
        #expect(try fixture.snapshot() == before)
    }

    // MARK: Attributes in the file's style

    @Test func attributesFollowTheLayoutOfTheAttributesThere() throws {
        let source = """
            @discardableResult
            public func sum(_ values: [Int]) async -> Int {
                var total = 0
                for value in values { total += value }
                return total
            }

            @inlinable public func product(_ values: [Int]) async -> Int {
                var total = 1
                for value in values { total *= value }
                return total
            }

            """
        for (tools, expected) in [
            ("6.2", ["@discardableResult\n@concurrent\npublic func sum(", "@inlinable @concurrent public func product("]),
            // A compiler older than Swift 6.2 may build it: the attribute is guarded.
            ("5.10", ["#if compiler(>=6.2)\n@concurrent\n#endif\n@discardableResult\npublic func sum(",
                      "#if compiler(>=6.2)\n@concurrent\n#endif\n@inlinable public func product("]),
        ] {
            let fixture = try MigrationFixture([
                "Package.swift": Self.manifest("let package = Package(name: \"P\", targets: [.target(name: \"A\")])\n", tools: tools),
                "Sources/A/A.swift": source,
            ])
            _ = try fixture.apply(.approachable)
            let text = try fixture.read("Sources/A/A.swift")
            for snippet in expected { #expect(text.contains(snippet), "tools \(tools):\n\(text)") }
        }
    }

    // MARK: Bad input

    @Test func settingsThatCannotBeResolvedBlockTheModuleAndApplyEditsNothing() throws {
        let fixture = try MigrationFixture([
            "Package.swift": Self.manifest("""
                import Foundation

                let package = Package(name: "P", targets: [
                    .target(name: "Dynamic", swiftSettings: ProcessInfo.processInfo.environment["CI"] == nil ? [] : [.defaultIsolation(MainActor.self)]),
                    .target(name: "Plain"),
                ])

                """),
            "Sources/Dynamic/D.swift": Self.library, "Sources/Plain/P.swift": Self.library,
        ])
        let plan = try fixture.plan()
        let dynamic = try #require(plan.module("Dynamic"))
        #expect(!dynamic.changes && dynamic.blockers.count == 1)
        #expect(dynamic.blockers[0].hasPrefix("its default isolation cannot be resolved statically: "), "\(dynamic.blockers)")
        #expect(dynamic.blockers[0].contains("Package.swift:7"), "names the line: \(dynamic.blockers)")
        #expect(plan.module("Plain")?.changes == true, "the other modules are still planned")
        let before = try fixture.snapshot()
        #expect(throws: MigrationError.blocked(plan.blockers)) { try fixture.apply() }
        #expect(try fixture.snapshot() == before)
        // Left out, the module no longer blocks the others.
        let applied = try fixture.apply(targets: ["Plain"])
        #expect(applied.changes.map(\.path) == [fixture.directory.url("Package.swift")])
        #expect(try fixture.read("Package.swift").contains(".target(name: \"Plain\", swiftSettings: [.enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")]),"))
    }
}

/// Xcode projects: the settings go to the xcconfig a target owns, else to every configuration
/// of the target in `project.pbxproj`, never to the project-wide xcconfig.
@Suite struct MigrationXcodeTests {
    static let migrated = ["Journal", "JournalUI", "JournalKit", "JournalTestSupport", "NotificationService"]

    @Test func configurationsThatDisagreeBlockTheTarget() throws {
        let fixture = try MigrationFixture(copying: "Extensions")
        let share = try #require(try fixture.plan().module("ShareExtension"))
        #expect(share.blockers == ["its configurations compile it under different concurrency settings (Debug: default isolation "
            + "MainActor; Release: default isolation nonisolated): make them agree first"])
        let before = try fixture.snapshot()
        #expect(throws: MigrationError.self) { try fixture.apply() }
        #expect(try fixture.snapshot() == before)
    }

    @Test func eachTargetGetsItsSettingsWhereTheProjectKeepsThem() throws {
        let fixture = try MigrationFixture(copying: "Extensions")
        let projectConfig = try fixture.read("Config/Project.xcconfig")
        let result = try fixture.apply(targets: Self.migrated)
        #expect(result.failures.isEmpty)
        // The app's own xcconfig, which only it uses.
        #expect(try fixture.read("Config/Journal.xcconfig") == """
            // The app target's own settings.
            SWIFT_VERSION = 5.0
            SWIFT_APPROACHABLE_CONCURRENCY = YES
            SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor

            """)
        #expect(try fixture.read("Config/Project.xcconfig") == projectConfig)
        // Every configuration of the other targets, in Xcode's sorted order.
        let pbxproj = try fixture.read("Journal.xcodeproj/project.pbxproj")
        let ui = "\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tSWIFT_APPROACHABLE_CONCURRENCY = YES;\n\t\t\t\tSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;\n\t\t\t};"
        #expect(pbxproj.components(separatedBy: ui).count - 1 == 4, "JournalUI and JournalTestSupport, Debug and Release:\n\(pbxproj)")
        let service = "\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tSWIFT_APPROACHABLE_CONCURRENCY = YES;\n\t\t\t};"
        #expect(pbxproj.components(separatedBy: service).count - 1 == 4, "JournalKit and NotificationService, Debug and Release")
        let second = try fixture.apply(targets: Self.migrated)
        #expect(second.changes.isEmpty && second.plan.order.isEmpty)
    }
}
