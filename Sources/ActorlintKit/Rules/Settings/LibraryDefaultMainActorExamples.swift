// The examples that specify `LibraryDefaultMainActor`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
import Foundation

extension LibraryDefaultMainActor {
    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Shop",
                targets: [
                    .target(
                        name: "Networking",
                        swiftSettings: [↓.defaultIsolation(MainActor.self)]
                    ),
                ]
            )
            """, fileName: "Package.swift", otherFiles: [
                ("Sources/Networking/Client.swift", "import Foundation\npublic struct Client {}\n"),
            ]),
        // A shared array sets it for two libraries: one finding on that line names both.
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let common: [SwiftSetting] = [
                ↓.defaultIsolation(MainActor.self),
            ]

            let package = Package(
                name: "Store",
                targets: [
                    .target(name: "Persistence", swiftSettings: common),
                    .target(name: "Analytics", swiftSettings: common),
                ]
            )
            """, fileName: "Package.swift", otherFiles: [
                ("Sources/Persistence/Store.swift", "import Foundation\nstruct Store {}\n"),
                ("Sources/Analytics/Events.swift", "struct Event {}\n"),
            ]),
        // Through a loop and unsafe flags, still the line that sets it.
        RuleExample("""
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(name: "Kit", targets: [.target(name: "CoreKit")])
            for target in package.targets {
                target.swiftSettings = [↓.unsafeFlags(["-default-isolation", "MainActor"])]
            }
            """, fileName: "Package.swift", otherFiles: [
                ("Sources/CoreKit/Cache.swift", "actor Cache {}\n"),
            ]),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // A library left nonisolated: the recommended setup.
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Shop", targets: [
                .target(name: "Networking", swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
            ])
            """, fileName: "Package.swift", otherFiles: [
                ("Sources/Networking/Client.swift", "import Foundation\npublic struct Client {}\n"),
            ]),
        // A UI feature module: MainActor is right there.
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Shop", targets: [
                .target(name: "CheckoutUI", swiftSettings: [.defaultIsolation(MainActor.self)]),
            ])
            """, fileName: "Package.swift", otherFiles: [
                ("Sources/CheckoutUI/CheckoutView.swift", "import SwiftUI\nstruct CheckoutView: View { var body: some View { Text(\"Pay\") } }\n"),
            ]),
        // An executable and a test target are not libraries.
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Tool", targets: [
                .executableTarget(name: "tool", swiftSettings: [.defaultIsolation(MainActor.self)]),
                .testTarget(name: "ToolTests", swiftSettings: [.defaultIsolation(MainActor.self)]),
            ])
            """, fileName: "Package.swift", otherFiles: [
                ("Sources/tool/main.swift", "print(\"hi\")\n"),
                ("Tests/ToolTests/ToolTests.swift", "import Testing\n"),
            ]),
        // No file of the target was checked: no evidence either way, no finding.
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Shop", targets: [
                .target(name: "Networking", swiftSettings: [.defaultIsolation(MainActor.self)]),
            ])
            """, fileName: "Package.swift"),
        // Only on some platforms: actorlint does not guess.
        RuleExample("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "Shop", targets: [
                .target(name: "Storage", swiftSettings: [.defaultIsolation(MainActor.self, .when(platforms: [.iOS]))]),
            ])
            """, fileName: "Package.swift", otherFiles: [
                ("Sources/Storage/Disk.swift", "import Foundation\n"),
            ]),
    ]
}
