// swift-tools-version: 6.2
// actorlint: a static analyzer and fixer for Swift concurrency code.
//
// SwiftSyntax comes from one of two places (no package can be downloaded on our machines):
// - default: the toolchain's own prebuilt modules in `<toolchain>/usr/lib/swift/host`, found from
//   the `swiftc` on PATH. They are built for library evolution and parse ~12x slower.
// - `ACTORLINT_SWIFT_SYNTAX=package`: the swift-syntax package (same major version as the
//   toolchain), from `ACTORLINT_SWIFT_SYNTAX_PATH=DIR` when set, else from its public URL.
import PackageDescription
import Foundation

let environment = ProcessInfo.processInfo.environment
let syntaxPath = environment["ACTORLINT_SWIFT_SYNTAX_PATH"]
let usePackage = environment["ACTORLINT_SWIFT_SYNTAX"] == "package" || syntaxPath != nil

/// `<toolchain>/usr/lib/swift/host`, from the first `swiftc` on PATH (symlinks resolved).
func toolchainHostDirectory() -> String {
    let fileManager = FileManager.default
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let swiftc = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
        guard fileManager.isExecutableFile(atPath: swiftc.path) else { continue }
        let usr = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        return usr.appendingPathComponent("lib/swift/host").path
    }
    return "/usr/lib/swift/host"
}

let syntaxModules = ["SwiftSyntax", "SwiftParser", "SwiftOperators", "SwiftParserDiagnostics"]
let syntaxDependencies: [Target.Dependency] = usePackage
    ? syntaxModules.map { .product(name: $0, package: "swift-syntax") }
    : []
// The benchmark parses and walks with SwiftSyntax directly and says which build it measures.
let benchDependencies: [Target.Dependency] = ["ActorlintKit"]
    + (usePackage ? ["SwiftParser", "SwiftSyntax"].map { .product(name: $0, package: "swift-syntax") } : [])
let packageDependencies: [Package.Dependency] = !usePackage ? [] : [
    syntaxPath.map { .package(path: $0) }
        ?? .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.0"),
]

// Applied to every target: a module that imports a module which imports SwiftSyntax needs the
// same search path, because Swift loads module dependencies transitively.
let host = toolchainHostDirectory()
let swiftSettings: [SwiftSetting] = usePackage ? [] : [.unsafeFlags(["-I", host])]
let linkerSettings: [LinkerSetting] = usePackage ? [] : [
    .unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host]),
]

let package = Package(
    name: "actorlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "actorlint", targets: ["actorlint"]),
        .library(name: "ActorlintKit", targets: ["ActorlintKit"]),
    ],
    dependencies: packageDependencies,
    targets: [
        // All analysis: source model, isolation model, project settings, rules, fixer, reporters.
        .target(name: "ActorlintKit", dependencies: syntaxDependencies,
                swiftSettings: swiftSettings, linkerSettings: linkerSettings),
        // The command line: argument parsing and the commands, testable without a process.
        .target(name: "ActorlintCLI", dependencies: ["ActorlintKit"],
                swiftSettings: swiftSettings, linkerSettings: linkerSettings),
        .executableTarget(name: "actorlint", dependencies: ["ActorlintCLI"],
                          swiftSettings: swiftSettings, linkerSettings: linkerSettings),
        // `swift run -c release actorlint-bench [PATH…]`: speed and memory against the bare
        // parse and swift-format (README, "Performance").
        .executableTarget(name: "actorlint-bench", dependencies: benchDependencies,
                          swiftSettings: swiftSettings + (usePackage ? [.define("ACTORLINT_SWIFT_SYNTAX_PACKAGE")] : []),
                          linkerSettings: linkerSettings),
        // Golden/ holds expected outputs and Fuzz/ slow inputs that the tests read from the
        // source tree, not resources.
        .testTarget(name: "ActorlintTests", dependencies: ["ActorlintKit", "ActorlintCLI"],
                    exclude: ["Golden", "Fuzz"],
                    swiftSettings: swiftSettings, linkerSettings: linkerSettings),
        // The isolation model checked against swiftc on generated programs (a bounded sample by
        // default; ACTORLINT_ORACLE=full runs every program).
        .testTarget(name: "ActorlintOracleTests", dependencies: ["ActorlintKit"],
                    swiftSettings: swiftSettings, linkerSettings: linkerSettings),
    ],
    swiftLanguageModes: [.v6]
)
