// swift-tools-version: 6.4
// The sync engine, which the team moved to Swift 6.4 (Xcode 27) first: no older compiler can
// read this manifest, so actorlint knows the compiler has async `defer` (SE-0493).
import PackageDescription

let package = Package(
    name: "SyncKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "SyncKit", targets: ["SyncKit"])],
    targets: [.target(name: "SyncKit")]
)
