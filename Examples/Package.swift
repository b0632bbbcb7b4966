// swift-tools-version: 6.0
// A small legacy-style app module that actorlint's tests lint (never built: it uses SwiftUI
// and UIKit). It mixes GCD-era habits with code that is already fine, the way a real app
// half-way through its Swift concurrency migration does.
import PackageDescription

let package = Package(
    name: "FeedApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "FeedApp", targets: ["FeedApp"]),
    ],
    targets: [
        .target(name: "FeedApp", path: "Sources/FeedApp"),
    ]
)
