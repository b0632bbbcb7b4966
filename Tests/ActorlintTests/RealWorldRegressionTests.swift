import ActorlintKit
import Foundation
import Testing

/// Pipeline and fixer bugs found by running actorlint on real repositories (Scripts/corpus.py)
/// and by the fuzz target (Fuzz/), each reduced to a small program of our own.
@Suite struct RealWorldRegressionTests {
    /// A package with a `@MainActor` class in one file and an extension of it in another:
    /// whether the extension runs on the main actor is only known from the module's index.
    private func mainActorStoreExtendedInAnotherFile() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(name: "App", targets: [.executableTarget(name: "App")])

            """)
        try folder.write("Sources/App/Store.swift", """
            @MainActor
            final class Store {
                var items: [String] = []
            }

            """)
        try folder.write("Sources/App/Store+Refresh.swift", """
            import Foundation

            extension Store {
                func refresh() {
                    DispatchQueue.main.async {
                        self.items = []
                    }
                }

                func reload(from source: Source) {
                    source.fetch { items in
                        DispatchQueue.main.async {
                            self.items = items
                        }
                    }
                }
            }

            """)
        return folder
    }

    /// `fix` analysed each file with an index of that file alone, so it saw `Store` as
    /// nonisolated and applied main-dispatch-in-callback rewrites that `check` (which knows the
    /// whole module) never reported, instead of the redundant-main-dispatch fix it did report.
    @Test func fixSeesTheSameModuleIndexAsCheck() throws {
        let folder = try mainActorStoreExtendedInAnotherFile()
        let check = actorlint("check", folder.path, "--select", "all", "--format", "xcode")
        let reported = check.output.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(reported.count == 1 && reported.first?.hasSuffix("[redundant-main-dispatch]") == true, "\(check.output)")

        let fix = actorlint("fix", folder.path, "--select", "all", "--unsafe-fixes")
        #expect(fix.code == 0, "\(fix.errors)")
        #expect(try folder.read("Sources/App/Store+Refresh.swift") == """
            import Foundation

            extension Store {
                func refresh() {
                    self.items = []
                }

                func reload(from source: Source) {
                    source.fetch { items in
                        DispatchQueue.main.async {
                            self.items = items
                        }
                    }
                }
            }

            """)
    }
}
