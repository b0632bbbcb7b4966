@testable import ActorlintKit
import Foundation
import Testing

/// The cached reading of a project (`ProjectReadings`): it is what reading the project again
/// gives, and each kind of change to what the reader looked at makes it read again.
@Suite struct ProjectCacheTests {
    typealias Fixture = ProjectFixture

    /// One project read through a cache in `cacheFolder`, by a fresh cache object as a new
    /// process would make it; `read` says whether the reader ran.
    func contribution(of project: ProjectDiscovery.Project, cacheFolder: String,
                      identity: Digest = ToolIdentity.current) -> (contribution: ProjectContribution, read: Bool) {
        var read = false
        let cache = ResultCache(directory: cacheFolder, identity: identity)
        let readings = cache.projectReadings(for: [project.path])
        let contribution = readings.contribution(ofProject: project.path) { inputs in
            read = true
            return Self.read(project, inputs)
        }
        cache.save(readings)
        return (contribution, read)
    }

    static func read(_ project: ProjectDiscovery.Project, _ inputs: ProjectInputs = ProjectInputs()) -> ProjectContribution {
        switch project {
        case .package(let manifest): PackageManifestReader.read(manifestAt: manifest, inputs: inputs)
        case .xcode(let bundle): XcodeProjectReader.read(projectAt: bundle, inputs: inputs)
        }
    }

    /// A copy of fixture `name` in a temporary folder, so a test can change its files.
    func copy(_ name: String) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let source = Fixture.path(name)
        for relative in FileManager.default.subpaths(atPath: source) ?? [] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source + "/" + relative, isDirectory: &isDirectory),
                  !isDirectory.boolValue else { continue }
            try folder.write(relative, data: try Data(contentsOf: URL(fileURLWithPath: source + "/" + relative)))
        }
        return folder
    }

    @Test(arguments: ["SharedSettings/Package.swift", "Unresolvable/Package.swift", "NestedApp/Packages/Networking/Package.swift",
                      "NestedApp/App.xcodeproj", "SyncedApp/SyncedApp.xcodeproj", "XcodeSettings/Shop.xcodeproj"])
    func aCachedProjectIsWhatReadingItAgainGives(fixture: String) throws {
        let path = Fixture.path(fixture)
        let project: ProjectDiscovery.Project = path.hasSuffix(".xcodeproj") ? .xcode(bundle: path) : .package(manifest: path)
        let cache = try TemporaryDirectory()
        let fresh = Self.read(project)
        #expect(!fresh.modules.isEmpty)
        let first = contribution(of: project, cacheFolder: cache.path)
        let second = contribution(of: project, cacheFolder: cache.path)
        #expect(first.read && !second.read, "the second run takes the project from the cache")
        let same = first.contribution == fresh && second.contribution == fresh
        #expect(same, "both runs give what reading the project gives")
    }

    /// A package with one target, `Core`, whose one file is at `source`.
    static let corePackage = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(name: "P", targets: [.target(name: "Core")])
        """

    func corePackage(in folder: TemporaryDirectory, source: String) throws -> ProjectDiscovery.Project {
        try folder.write(source, "struct Core {}\n")
        return .package(manifest: try folder.write("Package.swift", Self.corePackage))
    }

    @Test func anEditedManifestIsReadAgain() throws {
        let folder = try TemporaryDirectory()
        let project = try corePackage(in: folder, source: "Sources/Core/Core.swift")
        let cache = try TemporaryDirectory()
        func core(_ contribution: ProjectContribution) -> ModuleSettings? {
            contribution.modules.first { $0.settings.name == "Core" }?.settings
        }
        #expect(core(contribution(of: project, cacheFolder: cache.path).contribution)?.defaultIsolation == .nonisolated)
        try folder.write("Package.swift", """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "Core", swiftSettings: [.defaultIsolation(MainActor.self)]),
            ])
            """)
        let edited = contribution(of: project, cacheFolder: cache.path)
        let editedWasRead = edited.read
        #expect(editedWasRead, "the reader ran again")
        let same = edited.contribution == Self.read(project)
        #expect(same)
        #expect(core(edited.contribution)?.defaultIsolation == .mainActor)
    }

    /// A run's projects share one cache file; a changed project is read again, the others not.
    @Test func theProjectsOfARunAreKeptTogetherAndReadAgainOneByOne() throws {
        let first = try TemporaryDirectory(), second = try TemporaryDirectory()
        let projects = [try corePackage(in: first, source: "Sources/Core/Core.swift"),
                        try corePackage(in: second, source: "Sources/Core/Core.swift")]
        let cache = try TemporaryDirectory()
        func run() -> [Bool] {
            let store = ResultCache(directory: cache.path)
            let readings = store.projectReadings(for: projects.map(\.path))
            let read = projects.map { project in
                var read = false
                _ = readings.contribution(ofProject: project.path) { inputs in
                    read = true
                    return Self.read(project, inputs)
                }
                return read
            }
            store.save(readings)
            return read
        }
        #expect(run() == [true, true])
        #expect(run() == [false, false])
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".projects") }.count == 1)
        try second.write("Package.swift", Self.corePackage + "\n// edited\n")
        #expect(run() == [false, true])
        #expect(run() == [false, false])
    }

    /// SwiftPM looks for a target's folder under Sources, Source, src and srcs, in that order:
    /// the reader asked whether each exists, so one appearing changes the answer.
    @Test func aFolderAppearingWhereTheReaderLookedIsReadAgain() throws {
        let folder = try TemporaryDirectory()
        let project = try corePackage(in: folder, source: "src/Core/Core.swift")
        let cache = try TemporaryDirectory()
        // The package's own folder is a root too (files no target compiles).
        #expect(contribution(of: project, cacheFolder: cache.path).contribution.roots.keys.sorted() == [folder.path, folder.url("src/Core")])
        #expect(!contribution(of: project, cacheFolder: cache.path).read)
        try folder.write("Sources/Core/Core.swift", "struct Core {}\n")
        let moved = contribution(of: project, cacheFolder: cache.path)
        let movedWasRead = moved.read
        #expect(movedWasRead, "the reader ran again")
        #expect(moved.contribution.roots.keys.sorted() == [folder.path, folder.url("Sources/Core")])
    }

    /// SyncedApp's Base.xcconfig includes Shared/Common.xcconfig and, optionally, a Local.xcconfig
    /// that does not exist: editing the first or creating the second changes the settings.
    @Test(arguments: ["edit an included xcconfig", "create an optional include", "edit the pbxproj"])
    func aChangedXcodeProjectInputIsReadAgain(change: String) throws {
        let folder = try copy("SyncedApp")
        let project = ProjectDiscovery.Project.xcode(bundle: folder.url("SyncedApp.xcodeproj"))
        let cache = try TemporaryDirectory()
        let before = contribution(of: project, cacheFolder: cache.path)
        #expect(before.read && !contribution(of: project, cacheFolder: cache.path).read)
        switch change {
        case "edit an included xcconfig":
            try folder.write("Config/Shared/Common.xcconfig", "SWIFT_STRICT_CONCURRENCY = minimal\n")
        case "create an optional include":
            try folder.write("Config/Local.xcconfig", "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\n")
        default:
            let pbxproj = folder.url("SyncedApp.xcodeproj/project.pbxproj")
            let text = try String(contentsOfFile: pbxproj, encoding: .utf8)
            try folder.write("SyncedApp.xcodeproj/project.pbxproj", text.replacingOccurrences(of: "SWIFT_VERSION = 5.0", with: "SWIFT_VERSION = 6.0"))
        }
        let after = contribution(of: project, cacheFolder: cache.path)
        let afterWasRead = after.read
        #expect(afterWasRead, "the reader ran again")
        // Compared without printing: a contribution's description runs to pages.
        let same = after.contribution == Self.read(project), changed = after.contribution != before.contribution
        #expect(same, "the cached reading is the fresh one")
        #expect(changed, "the change is visible in the settings")
    }

    @Test(arguments: ["truncated", "flipped byte", "empty", "another build", "another project"])
    func aDamagedOrForeignEntryIsReadAgainAndReplaced(damage: String) throws {
        let project = ProjectDiscovery.Project.xcode(bundle: Fixture.path("SyncedApp/SyncedApp.xcodeproj"))
        let other = ProjectDiscovery.Project.package(manifest: Fixture.path("SharedSettings/Package.swift"))
        let cache = try TemporaryDirectory()
        _ = contribution(of: project, cacheFolder: cache.path, identity: damage == "another build" ? Digest(high: 1, low: 2) : ToolIdentity.current)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".projects") }
        #expect(entries.count == 1)
        let file = cache.url(entries[0])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        switch damage {
        case "truncated": bytes.removeLast(bytes.count / 3)
        case "flipped byte": bytes[bytes.count / 2] ^= 0x20
        case "empty": bytes = []
        case "another project":
            // A whole, valid entry of another project under this project's name.
            _ = contribution(of: other, cacheFolder: cache.path)
            let otherFile = try FileManager.default.contentsOfDirectory(atPath: cache.path)
                .filter { $0.hasSuffix(".projects") && cache.url($0) != file }
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache.url(otherFile[0]))))
        default: break
        }
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let recovered = contribution(of: project, cacheFolder: cache.path)
        let recoveredWasRead = recovered.read
        #expect(recoveredWasRead, "the reader ran again")
        let same = recovered.contribution == Self.read(project)
        #expect(same)
        #expect(!contribution(of: project, cacheFolder: cache.path).read, "the entry was replaced by a good one")
    }

    /// Every field of the settings survives the cache, including the ones the fixtures leave empty.
    @Test func settingsOfEveryShapeRoundTrip() throws {
        var contribution = ProjectContribution(directory: "/p")
        let full = ModuleSettings(name: "App", kind: .app, languageMode: 5, defaultIsolation: .unknown(reason: "a variable"),
                                  features: ["B", "A"], toolsVersion: "6.2",
                                  origins: ["languageMode": SettingOrigin(path: "/p/x.xcconfig", line: 3, text: "SWIFT_VERSION = 5")],
                                  provenance: "why", strictConcurrency: "complete", configuration: "Debug", projectPath: "/p/A.xcodeproj")
        let module = contribution.add(full, configurations: ["Debug": full, "Release": .plainSwift6])
        _ = contribution.add(ModuleSettings(defaultIsolation: .mainActor))
        contribution.roots["/p/Sources"] = module
        contribution.files["/p/main.swift"] = 1
        contribution.notes = ["a note", "ü"]
        var writer = ByteWriter()
        contribution.encode(to: &writer)
        let decoded = try writer.bytes.withUnsafeBytes { bytes in
            var reader = ByteReader(bytes)
            return try ProjectContribution.decode(from: &reader)
        }
        #expect(decoded == contribution)
    }
}
