// swift-tools-version: 6.2
import PackageDescription

let package = Package(name: "Configured", targets: [.target(name: "Core")])
