// swift-tools-version: 6.0
import PackageDescription

let package = Package(name: "Pinned", targets: [.target(name: "Core", swiftSettings: [.swiftLanguageMode(.v5)])])
