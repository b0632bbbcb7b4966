import SwiftSyntax

/// An app or UI target on Swift 6.2 or later without the two settings that make UI code simple:
/// default isolation MainActor and `NonisolatedNonsendingByDefault`.
struct AppTargetMissingApproachableConcurrency: Rule, ProjectRule {
    static let triggers = PackageManifest.triggers
    static let isolationSetting = ".defaultIsolation(MainActor.self)"
    static let featureSetting = ".enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")"

    static let description = RuleDescription(
        id: "app-target-missing-approachable-concurrency",
        category: .settings,
        summary: "An app or UI target on Swift 6.2+ lacks default isolation MainActor or NonisolatedNonsendingByDefault",
        rationale: """
            Swift 6.2 offers two opt-in settings that suit app and UI code. Default isolation \
            MainActor (SE-0466) infers `@MainActor` for every unannotated declaration of the module, \
            so UI types need no annotation and nothing leaves the main actor by accident. \
            `NonisolatedNonsendingByDefault` (SE-0461; part of Xcode's Approachable Concurrency) \
            runs a nonisolated async function on its caller's actor instead of the global \
            executor, so calling one from UI code crosses no isolation boundary; work that should \
            leave the actor is marked `@concurrent`. Seed 000 recommends turning both on in app \
            targets and UI feature modules (recommendation, checklist 1 and 2). A target counts as \
            app or UI code when it is an Xcode app or app extension, or an executable or library \
            target one of whose checked files imports SwiftUI, UIKit, AppKit, Cocoa or WatchKit; \
            tests are left alone. Settings the manifest applies only under a condition, and an \
            explicit `.defaultIsolation(nil)` / `SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated`, \
            count as decisions and are not reported. Packages with tools version below 6.2 cannot \
            use `.defaultIsolation` and are not reported.
            """,
        fix: FixInfo(.unsafe, """
            Adds the missing settings to the target in Package.swift: into its \
            `swiftSettings: [ … ]` literal, or as a new `swiftSettings:` argument placed where \
            PackageDescription's parameter order expects it (after `cxxSettings:`, before \
            `linkerSettings:` and `plugins:`), in the manifest's indentation. Not offered when the \
            target's settings come from a shared array or a loop, nor for Xcode projects. \
            Unsafe, although the edit itself is mechanical: turning the settings on changes \
            where the target's unannotated code runs, and the compiler may then ask for \
            `nonisolated`, `@concurrent` or `await` in places.
            """),
        triggering: [
            RuleExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                    name: "Journal",
                    targets: [
                        ↓.executableTarget(name: "JournalApp", dependencies: ["JournalKit"]),
                        .target(name: "JournalKit"),
                    ]
                )
                """, fileName: "Package.swift", otherFiles: [
                    ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\n@main struct JournalApp: App { var body: some Scene { WindowGroup { Text(\"Hi\") } } }\n"),
                    ("Sources/JournalKit/Entry.swift", "import Foundation\npublic struct Entry {}\n"),
                ]),
            // A UI feature module with only one of the two settings.
            RuleExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(name: "Feed", targets: [
                    ↓.target(name: "FeedUI", swiftSettings: [.defaultIsolation(MainActor.self)]),
                ])
                """, fileName: "Package.swift", otherFiles: [
                    ("Sources/FeedUI/FeedView.swift", "import UIKit\nfinal class FeedViewController: UIViewController {}\n"),
                ]),
            // Settings from a shared array: reported, not fixed.
            RuleExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

                let package = Package(name: "Mac", targets: [
                    ↓.executableTarget(name: "Viewer", swiftSettings: strict),
                ])
                """, fileName: "Package.swift", otherFiles: [
                    ("Sources/Viewer/main.swift", "import AppKit\n"),
                ]),
        ],
        nonTriggering: [
            // Both settings on: the recommended setup.
            RuleExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(name: "Journal", targets: [
                    .executableTarget(
                        name: "JournalApp",
                        swiftSettings: [
                            .defaultIsolation(MainActor.self),
                            .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                        ]
                    ),
                ])
                """, fileName: "Package.swift", otherFiles: [
                    ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\n"),
                ]),
            // Both settings through a shared array and a loop, which actorlint resolves.
            RuleExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let appSettings: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

                let package = Package(name: "Journal", targets: [
                    .executableTarget(name: "JournalApp", swiftSettings: appSettings),
                    .testTarget(name: "JournalAppTests", dependencies: ["JournalApp"]),
                ])

                for target in package.targets where target.type != .test {
                    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
                }
                """, fileName: "Package.swift", otherFiles: [
                    ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\n"),
                    ("Tests/JournalAppTests/SnapshotTests.swift", "import SwiftUI\nimport Testing\n"),
                ]),
            // Tools version 6.0: `.defaultIsolation` does not exist yet.
            RuleExample("""
                // swift-tools-version: 6.0
                import PackageDescription

                let package = Package(name: "Journal", targets: [
                    .executableTarget(name: "JournalApp"),
                ])
                """, fileName: "Package.swift", otherFiles: [
                    ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\n"),
                ]),
            // A command-line tool and a networking library: no UI imports.
            RuleExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(name: "Sync", targets: [
                    .executableTarget(name: "sync", dependencies: ["SyncClient"]),
                    .target(name: "SyncClient"),
                ])
                """, fileName: "Package.swift", otherFiles: [
                    ("Sources/sync/main.swift", "import Foundation\n"),
                    ("Sources/SyncClient/Client.swift", "import Foundation\n"),
                ]),
            // An explicit nonisolated default and a feature applied only in some builds: decisions.
            RuleExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(name: "Journal", targets: [
                    .executableTarget(name: "JournalApp", swiftSettings: [
                        .defaultIsolation(nil),
                        .enableUpcomingFeature("NonisolatedNonsendingByDefault", .when(configuration: .release)),
                    ]),
                ])
                """, fileName: "Package.swift", otherFiles: [
                    ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\n"),
                ]),
            // No file of the target was checked: no evidence that it is UI code.
            RuleExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(name: "Journal", targets: [.executableTarget(name: "JournalApp")])
                """, fileName: "Package.swift"),
        ],
        corrections: [
            // A new argument between `dependencies:` and `linkerSettings:`.
            CorrectionExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                    name: "Journal",
                    targets: [
                        .executableTarget(
                            name: "JournalApp",
                            dependencies: ["JournalKit"],
                            linkerSettings: [.linkedFramework("StoreKit")]
                        ),
                        .target(name: "JournalKit"),
                    ]
                )
                """, """
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                    name: "Journal",
                    targets: [
                        .executableTarget(
                            name: "JournalApp",
                            dependencies: ["JournalKit"],
                            swiftSettings: [
                                .defaultIsolation(MainActor.self),
                                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                            ],
                            linkerSettings: [.linkedFramework("StoreKit")]
                        ),
                        .target(name: "JournalKit"),
                    ]
                )
                """, fileName: "Package.swift", otherFiles: [
                    ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\n"),
                ]),
            // Into an existing list, after a comment on its last line, two-space indentation.
            CorrectionExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                  name: "Feed",
                  targets: [
                    .target(
                      name: "FeedUI",
                      swiftSettings: [
                        .enableUpcomingFeature("ExistentialAny") // strict existentials
                      ]
                    )
                  ]
                )
                """, """
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                  name: "Feed",
                  targets: [
                    .target(
                      name: "FeedUI",
                      swiftSettings: [
                        .enableUpcomingFeature("ExistentialAny"), // strict existentials
                        .defaultIsolation(MainActor.self),
                        .enableUpcomingFeature("NonisolatedNonsendingByDefault")
                      ]
                    )
                  ]
                )
                """, fileName: "Package.swift", otherFiles: [
                    ("Sources/FeedUI/FeedView.swift", "import SwiftUI\n"),
                ]),
            // One-line declarations stay on one line.
            CorrectionExample("""
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(name: "Mac", targets: [
                    .executableTarget(name: "Viewer", path: "App"),
                    .target(name: "Panels", swiftSettings: [.defaultIsolation(MainActor.self)]),
                ])
                """, """
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(name: "Mac", targets: [
                    .executableTarget(name: "Viewer", path: "App", swiftSettings: [.defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
                    .target(name: "Panels", swiftSettings: [.defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
                ])
                """, fileName: "Package.swift", otherFiles: [
                    ("App/main.swift", "import AppKit\n"),
                    ("Sources/Panels/Panel.swift", "import AppKit\n"),
                ]),
        ]
    )

    /// Why a target counts as UI code and which settings it lacks.
    struct Assessment {
        var role: String
        var missingIsolation: Bool
        var missingFeature: Bool
    }

    /// `mentions` says whether the target's settings name a setting in some form actorlint did
    /// not apply (a condition): then the setting is a decision, not an omission.
    static func assess(_ module: ModuleSettings, indexes: [String: ProjectIndex],
                       mentions: (_ words: [String]) -> Bool = { _ in false }) -> Assessment? {
        let role: String
        switch (module.kind, UIEvidence(module, indexes: indexes)) {
        case (.app, _): role = "an app target"
        case (.executable, .ui(let framework)): role = "an executable target that imports \(framework)"
        case (.library, .ui(let framework)): role = "a UI library target (it imports \(framework))"
        default: return nil
        }
        guard SettingsSupport.versionAtLeast(module.toolsVersion, [6, 2]) else { return nil }
        let missingIsolation: Bool
        switch module.defaultIsolation {
        case .mainActor: missingIsolation = false
        case .nonisolated:
            missingIsolation = module.origins[ModuleSettings.defaultIsolationSetting] == nil
                && !mentions(["defaultIsolation", "default-isolation"])
        case .unknown: return nil
        }
        let missingFeature = !module.nonisolatedNonsending && !mentions([ModuleSettings.nonisolatedNonsendingByDefault])
        guard missingIsolation || missingFeature else { return nil }
        return Assessment(role: role, missingIsolation: missingIsolation, missingFeature: missingFeature)
    }

    func violations(in context: RuleContext) -> [Violation] {
        guard let manifest = PackageManifest(context.file, project: context.project) else { return [] }
        return manifest.targets.compactMap { target, module in
            let texts = (target.settings ?? []).map(Self.text)
            let assessment = Self.assess(module, indexes: context.indexes) { words in
                texts.contains { text in words.contains { text.contains($0) } }
            }
            guard let assessment else { return nil }
            let additions = (assessment.missingIsolation ? [Self.isolationSetting] : [])
                + (assessment.missingFeature ? [Self.featureSetting] : [])
            let edits = ManifestSettingsEdit.edits(adding: additions, to: target, in: manifest.file)
            let advice = edits != nil
                ? "Add \(additions.map { "`\($0)`" }.joined(separator: " and ")) to its `swiftSettings`"
                : "Its `swiftSettings` are assembled outside its declaration (a shared array or a loop), so "
                    + "actorlint does not edit them: add \(additions.map { "`\($0)`" }.joined(separator: " and ")) "
                    + "where this target's settings are built"
            let fix = edits.map {
                Fix(title: "Add \(additions.joined(separator: " and ")) to target '\(module.name)'", safety: .unsafe, edits: $0)
            }
            let callee = target.call.node.as(FunctionCallExprSyntax.self)?.calledExpression
            return Violation(message: Self.message(module, assessment, tools: "tools version \(module.toolsVersion ?? "?")", advice: advice),
                             range: callee.map { manifest.file.range(of: $0) } ?? manifest.range(of: target), fix: fix)
        }
    }

    func violations(in context: ProjectRuleContext) -> [ProjectViolation] {
        context.modules.compactMap { module in
            // Only targets whose Swift files were checked: an app target without Swift code has
            // nothing these settings change.
            guard context.indexes[module.key] != nil, let assessment = Self.assess(module, indexes: context.indexes),
                  let origin = module.origins[ModuleSettings.targetSetting] else { return nil }
            let additions = (assessment.missingIsolation ? ["`SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`"] : [])
                + (assessment.missingFeature ? ["`SWIFT_APPROACHABLE_CONCURRENCY = YES`"] : [])
            let advice = "Set \(additions.joined(separator: " and ")) in its build settings "
                + "(\(module.configuration ?? "every") configuration here) or in the xcconfig they are based on"
            return ProjectViolation(
                message: Self.message(module, assessment, tools: "Swift \(module.toolsVersion ?? "?") (the Xcode that last upgraded the project)", advice: advice),
                origin: origin)
        }
    }

    static func message(_ module: ModuleSettings, _ assessment: Assessment, tools: String, advice: String) -> String {
        var missing: [String] = []
        var consequences: [String] = []
        if assessment.missingIsolation {
            missing.append("default isolation MainActor")
            consequences.append("without the first, every UI type and function needs its own `@MainActor` and "
                + "unannotated code is nonisolated (SE-0466)")
        }
        if assessment.missingFeature {
            missing.append("`NonisolatedNonsendingByDefault`")
            consequences.append("without \(assessment.missingIsolation ? "the second" : "it"), its nonisolated async functions "
                + "leave the caller's actor for the global executor, so every call from UI code crosses an isolation "
                + "boundary and its arguments must be Sendable (SE-0461)")
        }
        if consequences.count == 1, assessment.missingIsolation {
            consequences[0] = consequences[0].replacingOccurrences(of: "without the first", with: "without it")
        }
        return "`\(module.name)` is \(assessment.role) on \(tools) but lacks \(missing.joined(separator: " and ")): "
            + consequences.joined(separator: "; ") + ". " + advice
            + "; seed 000 recommends both for app targets and UI modules."
    }

    /// The source of one swiftSettings entry, to see what it names.
    private static func text(_ value: ManifestValue) -> String {
        switch value {
        case .call(let call): return call.node.description
        case .conditional(let inner, _): return text(inner)
        case .array(let values): return values.map(text).joined(separator: " ")
        default: return ""
        }
    }
}
