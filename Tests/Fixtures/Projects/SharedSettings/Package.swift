// swift-tools-version: 6.2
// Fixture: settings shared through `let` arrays and a loop over `package.targets`.
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableExperimentalFeature("StrictConcurrency=complete"),
]

let toolSettings: [SwiftSetting] = strictSettings + [
    .defaultIsolation(MainActor.self),
]

let package = Package(
    name: "SharedSettings",
    targets: [
        .executableTarget(name: "Tool", dependencies: ["Core"], swiftSettings: toolSettings),
        .target(name: "Core", swiftSettings: strictSettings + [.swiftLanguageMode(.v5)]),
        .target(
            name: "Legacy",
            path: "Legacy",
            exclude: ["Generated"],
            swiftSettings: [
                .unsafeFlags(["-Xfrontend", "-default-isolation", "-Xfrontend", "MainActor",
                              "-enable-upcoming-feature", "InferIsolatedConformances"]),
            ]
        ),
        .testTarget(name: "CoreTests", dependencies: ["Core"]),
    ]
)

for target in package.targets where target.type != .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ]
}
