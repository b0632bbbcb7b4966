// swift-tools-version: 6.2
// A small legacy-style app that actorlint's tests lint (never built: it uses SwiftUI and
// UIKit). It mixes GCD-era habits with code that is already fine, the way a real app half-way
// through its Swift concurrency migration does, and its targets show the settings mistakes too.
import PackageDescription

let package = Package(
    name: "FeedApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .executable(name: "FeedReader", targets: ["App"]),
        .library(name: "FeedApp", targets: ["FeedApp"]),
    ],
    targets: [
        // The app: default isolation MainActor, but not yet NonisolatedNonsendingByDefault.
        .executableTarget(
            name: "App",
            dependencies: ["FeedApp", "Networking"],
            path: "Sources/App",
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // The feature module from before Swift 6.2: none of its settings yet.
        .target(name: "FeedApp", dependencies: ["Networking", "Legacy"], path: "Sources/FeedApp"),
        // No UI here, but it was given the app's default isolation.
        .target(
            name: "Networking",
            path: "Sources/Networking",
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // A UI feature module added since, without Swift 6.2's app settings.
        .target(name: "Onboarding", path: "Sources/Onboarding"),
        // Shared with the Objective-C extension; not migrated to Swift 6 yet.
        .target(name: "Legacy", path: "Sources/Legacy", swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
