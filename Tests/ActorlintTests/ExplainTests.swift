import Foundation
import Testing

/// `actorlint explain`: where one line runs and why, under the project's settings, with types
/// from the module's other files and from the sibling modules it imports.
@Suite struct ExplainTests {
    /// A package whose `App` target subclasses a `@MainActor` class of its `Core` target.
    private func twoTargetPackage() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Two", targets: [
                .target(name: "Core"),
                .executableTarget(name: "App", dependencies: ["Core"]),
            ])
            """)
        try directory.write("Sources/Core/Screen.swift", """
            @MainActor open class Screen {
                public init() {}
            }
            """)
        try directory.write("Sources/App/Feed.swift", """
            import Core

            final class Feed: Screen {
                func refresh() {
                    print("refresh")
                }
            }

            final class Plain {
                func refresh() {}
            }
            """)
        return directory
    }

    @Test func aSuperclassFromAnImportedSiblingModuleMakesTheMethodMainActor() throws {
        let package = try twoTargetPackage()
        let result = actorlint("explain", package.url("Sources/App/Feed.swift") + ":5", "--format", "json")
        #expect(result.code == 0, "\(result.errors)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["isolation"] as? String == "MainActor", "\(result.output)")
        #expect(result.output.contains("Screen"), "the reason names the superclass: \(result.output)")
    }

    @Test func aTypeWithoutSuchASuperclassStaysNonisolated() throws {
        let package = try twoTargetPackage()
        let result = actorlint("explain", package.url("Sources/App/Feed.swift") + ":10", "--format", "json")
        #expect(result.code == 0, "\(result.errors)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["isolation"] as? String == "nonisolated", "\(result.output)")
    }

    @Test func aLineOutsideTheFileIsNamedWithExitCode3() throws {
        let package = try twoTargetPackage()
        let result = actorlint("explain", package.url("Sources/App/Feed.swift") + ":99")
        #expect(result.code == 3)
        #expect(result.errors.contains("Feed.swift") && result.errors.contains("line 99 is outside the file"), "\(result.errors)")
    }
}
