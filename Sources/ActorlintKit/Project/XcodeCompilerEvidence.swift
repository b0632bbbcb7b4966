import Foundation

/// What an Xcode project tells of the Xcode, and so of the Swift compiler, that builds it. Not
/// `SWIFT_VERSION` (the language mode) and not `LastUpgradeCheck` / `LastSwiftUpdateCheck`: those
/// record when someone last accepted Xcode's recommended settings, not which Xcode builds the
/// project (a team can open it in a newer Xcode and still build with an older one).
enum XcodeCompilerEvidence {
    /// `objectVersion` of `project.pbxproj` → the Xcode that introduced that project format and
    /// the Swift that Xcode shipped. An older Xcode refuses to open (or build) a project in a
    /// newer format, so the format is a lower bound the build enforces.
    static let projectFormats: [(objectVersion: Int, xcode: String, swift: String)] = [
        (90, "16.3", "6.1"), (70, "16", "6.0"), (63, "15.3", "5.10"), (60, "15", "5.9"),
        (56, "14", "5.7"), (55, "13", "5.5"),
    ]

    /// The lower bound the project's format sets: "Swift 6.0 or later (objectVersion 77, the
    /// project format of Xcode 16, project.pbxproj:4)". nil for formats older than Xcode 13.
    static func projectFormat(of root: [String: Any], text: String) -> CompilerVersion? {
        guard let raw = root["objectVersion"], let number = Int("\(raw)"),
              let format = projectFormats.first(where: { number >= $0.objectVersion }) else { return nil }
        let line = lineOfObjectVersion(in: text)
        return CompilerVersion(version: format.swift, certainty: .minimum,
                               evidence: "objectVersion \(number), the project format of Xcode \(format.xcode), project.pbxproj:\(line)")
    }

    /// The line of the top-level `objectVersion = N;` (before the objects, near the top).
    private static func lineOfObjectVersion(in text: String) -> Int {
        var line = 1
        for row in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(50) {
            if row.trimmingPrefix(while: \.isWhitespace).hasPrefix("objectVersion") { return line }
            line += 1
        }
        return 1
    }

    /// The first build configuration of the project, of any target, that sets a setting only
    /// Xcode 26 writes: the Xcode that wrote it builds the other targets too.
    static func projectSettings(objects: [String: [String: Any]], lines: PBXLineIndex) -> CompilerVersion? {
        for (id, object) in objects.sorted(by: { $0.key < $1.key }) where object["isa"] as? String == "XCBuildConfiguration" {
            guard let settings = object["buildSettings"] as? [String: Any] else { continue }
            for key in ["SWIFT_APPROACHABLE_CONCURRENCY", "SWIFT_DEFAULT_ACTOR_ISOLATION"] where settings[key] != nil {
                let line = lines.line(ofKey: key, inObject: id).map { ", project.pbxproj:\($0.number)" } ?? ""
                return CompilerVersion(version: "6.2", certainty: .likely,
                                       evidence: "the project sets \(key), which Xcode 26 introduced\(line)")
            }
        }
        return nil
    }

    /// Build settings that only Xcode 26 (Swift 6.2) writes and reads: a project that sets them
    /// is probably built with it. Not proof: an older Xcode ignores a setting it does not know.
    static func xcodeOnlySettings(in settings: XcodeBuildSettings) -> CompilerVersion? {
        for key in ["SWIFT_APPROACHABLE_CONCURRENCY", "SWIFT_DEFAULT_ACTOR_ISOLATION"] {
            guard let (_, origin, _) = settings.value(key) else { continue }
            return CompilerVersion(version: "6.2", certainty: .likely,
                                   evidence: "it sets \(key), which Xcode 26 introduced, \(origin.shortLocation)")
        }
        return nil
    }
}
