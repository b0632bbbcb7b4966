// swift-tools-version: 6.2
// Fixture: settings that only running the manifest could tell.
import Foundation
import PackageDescription

func commonSettings() -> [SwiftSetting] {
    [.defaultIsolation(MainActor.self)]
}

var extraSettings: [SwiftSetting] = []
if ProcessInfo.processInfo.environment["STRICT_BUILD"] != nil {
    extraSettings.append(.enableUpcomingFeature("ExistentialAny"))
}

let package = Package(
    name: "Unresolvable",
    targets: [
        .target(name: "Dynamic", swiftSettings: commonSettings()),
        .target(name: "Conditional",
                swiftSettings: [.enableUpcomingFeature("InferIsolatedConformances")] + extraSettings),
        .target(name: "PlatformOnly",
                swiftSettings: [.defaultIsolation(MainActor.self, .when(platforms: [.iOS]))]),
        .target(name: "Plain"),
    ]
)
