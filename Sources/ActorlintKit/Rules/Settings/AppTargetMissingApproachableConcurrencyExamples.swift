// The examples that specify `AppTargetMissingApproachableConcurrency`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension AppTargetMissingApproachableConcurrency {
    static let triggeringExamples: [RuleExample] = [
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
        // A UI feature module: most of its types are views or view controllers.
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Feed", targets: [
                ↓.target(name: "FeedUI"),
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
                ("Sources/Viewer/main.swift", "import AppKit\nfinal class ViewerWindow: NSWindowController {}\n"),
            ]),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
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
                ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\nstruct JournalView: View { var body: some View { Text(\"Hi\") } }\n"),
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
                ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\nstruct JournalView: View { var body: some View { Text(\"Hi\") } }\n"),
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
                ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\nstruct JournalView: View { var body: some View { Text(\"Hi\") } }\n"),
            ]),
        // A UI module that decided on one of the two settings has chosen: it is not asked for the other.
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Feed", targets: [
                .target(name: "FeedUI", swiftSettings: [.defaultIsolation(MainActor.self)]),
            ])
            """, fileName: "Package.swift", otherFiles: [
                ("Sources/FeedUI/FeedView.swift", "import UIKit\nfinal class FeedViewController: UIViewController {}\n"),
            ]),
        // A shared library that imports UIKit but whose types are mostly not UI: networking and
        // persistence stay nonisolated.
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Core", targets: [.target(name: "CoreKit")])
            """, fileName: "Package.swift", otherFiles: [
                ("Sources/CoreKit/Client.swift", "import UIKit\npublic final class Client {}\npublic struct Entry {}\npublic final class Store {}\n"),
                ("Sources/CoreKit/Badge.swift", "import UIKit\npublic final class BadgeView: UIView {}\n"),
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
                ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\nstruct JournalView: View { var body: some View { Text(\"Hi\") } }\n"),
            ]),
        // No file of the target was checked: no evidence that it is UI code.
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Journal", targets: [.executableTarget(name: "JournalApp")])
            """, fileName: "Package.swift"),
    ]

    static let correctionExamples: [CorrectionExample] = [
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
                ("Sources/JournalApp/JournalApp.swift", "import SwiftUI\nstruct JournalView: View { var body: some View { Text(\"Hi\") } }\n"),
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
                ("Sources/FeedUI/FeedView.swift", "import SwiftUI\nstruct FeedView: View { var body: some View { Text(\"Feed\") } }\n"),
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
                .target(name: "Panels", swiftSettings: [.defaultIsolation(MainActor.self)]),
            ])
            """, fileName: "Package.swift", otherFiles: [
                ("App/main.swift", "import AppKit\nfinal class MainWindow: NSWindowController {}\n"),
                ("Sources/Panels/Panel.swift", "import AppKit\nfinal class Panel: NSViewController {}\n"),
            ]),
    ]
}
