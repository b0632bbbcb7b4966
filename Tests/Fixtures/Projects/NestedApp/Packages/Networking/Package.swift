// swift-tools-version:6.0
// Fixture: a local package inside an app repository.
import PackageDescription

let package = Package(
    name: "Networking",
    products: [.library(name: "Networking", targets: ["Networking"])],
    targets: [
        .target(name: "Networking"),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking"]),
    ]
)
