import Foundation

/// Which Swift compiler builds a project, as far as its files tell. This is not the language mode
/// (`SWIFT_VERSION = 5.0` compiled by Swift 6.2 is common): the compiler decides which attributes
/// and APIs exist (`@concurrent` and `nonisolated(nonsending)` from 6.2, `weak let` from 6.3),
/// the language mode only how strictly it checks.
public struct CompilerVersion: Sendable, Hashable {
    /// How much the evidence proves.
    public enum Certainty: String, Sendable, Hashable, Codable {
        /// Said by the user (`swift-version` in `.actorlint.json`, `--swift-version`) or pinned by
        /// the project (a `.swift-version` file, read by swiftly and swiftenv): this version.
        case stated
        /// A lower bound the build enforces: a package's `swift-tools-version` cannot be read by
        /// an older compiler.
        case minimum
        /// A lower bound that is probable but not enforced: the project was last upgraded by, or
        /// uses settings introduced in, an Xcode that ships this Swift.
        case likely
    }

    /// "6.2"
    public var version: String
    public var certainty: Certainty
    /// What it rests on, for messages and `explain`: "swift-tools-version 6.2 (Package.swift:1)".
    public var evidence: String

    public init(version: String, certainty: Certainty, evidence: String) {
        self.version = version
        self.certainty = certainty
        self.evidence = evidence
    }

    /// The version's numbers: "6.2" → [6, 2].
    public var components: [Int] { Self.components(version) }

    /// Whether the compiler is at least `required`: true or false when the evidence tells, nil
    /// when it cannot (a lower bound below `required` says nothing about the compiler itself).
    public func isAtLeast(_ required: [Int]) -> Bool? {
        let atLeast = !components.lexicographicallyPrecedes(required)
        switch certainty {
        case .stated: return atLeast
        case .minimum, .likely: return atLeast ? true : nil
        }
    }

    /// One phrase for messages: "Swift 6.2 (stated in .actorlint.json)", "Swift 6.2 or later
    /// (swift-tools-version 6.2, Package.swift:1)", "probably Swift 6.2 or later (…)".
    public var phrase: String {
        switch certainty {
        case .stated: "Swift \(version) (\(evidence))"
        case .minimum: "Swift \(version) or later (\(evidence))"
        case .likely: "probably Swift \(version) or later (\(evidence))"
        }
    }

    /// The stronger of two pieces of evidence: stated beats any bound, a higher bound of the same
    /// kind beats a lower one, and an enforced bound beats a probable one of the same version.
    public static func strongest(_ candidates: [CompilerVersion?]) -> CompilerVersion? {
        candidates.compactMap { $0 }.max { lhs, rhs in
            if (lhs.certainty == .stated) != (rhs.certainty == .stated) { return rhs.certainty == .stated }
            if lhs.components != rhs.components { return lhs.components.lexicographicallyPrecedes(rhs.components) }
            return lhs.certainty == .likely && rhs.certainty == .minimum
        }
    }

    static func components(_ version: String) -> [Int] {
        version.split(separator: ".").prefix(3).compactMap { Int($0) }
    }

    /// "6.2", "6.2.1", "6"; not "main-snapshot" or "".
    public static func isVersion(_ text: String) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    // MARK: Swift versions of the features rules advise

    /// `@concurrent`, `nonisolated(nonsending)`, `NonisolatedNonsendingByDefault` and default
    /// isolation (SE-0461, SE-0466).
    public static let concurrentAttribute = [6, 2]
    /// `weak let` (SE-0481).
    public static let weakLet = [6, 3]
    /// `await` in `defer` (SE-0493), `withTaskCancellationShield` (SE-0504) and
    /// `@diagnose` (SE-0522): all "Implemented (Swift 6.4)".
    public static let asyncDefer = [6, 4]
}

extension ModuleSettings {
    /// Whether the module's compiler has the feature of version `required`: false only when a
    /// stated version proves it lacks it, true when the evidence says it has it, nil otherwise.
    public func compilerSupports(_ required: [Int]) -> Bool? {
        compiler?.isAtLeast(required)
    }
}

extension CompilerVersion {
    /// The toolchain a `.swift-version` file pins (swiftly and swiftenv read it), looked for in
    /// `directory` and the folders above it up to the repository's root. "6.2", "6.2.1",
    /// "swift-6.2-RELEASE"; a snapshot name pins no version.
    static func pinned(from directory: String, inputs: ProjectInputs) -> CompilerVersion? {
        var folder = directory
        for _ in 0..<8 {
            let path = folder == "/" ? "/.swift-version" : folder + "/.swift-version"
            if inputs.kind(atPath: path) == .file, let data = inputs.contents(atPath: path) {
                let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first
                    .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                var text = Substring(line)
                if text.hasPrefix("swift-") { text = text.dropFirst("swift-".count) }
                if text.hasSuffix("-RELEASE") { text = text.dropLast("-RELEASE".count) }
                guard Self.isVersion(String(text)) else { return nil }
                return CompilerVersion(version: String(text), certainty: .stated, evidence: "pinned by \(path)")
            }
            let isRepositoryRoot = inputs.kind(atPath: folder + "/.git") != .missing
            guard !isRepositoryRoot, folder != "/" else { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// A version the user states: `swift-version` in `.actorlint.json` or `--swift-version`. It
    /// outranks what the project's files tell, `.swift-version` included.
    public static func stated(_ version: String, by source: String) -> CompilerVersion {
        CompilerVersion(version: version, certainty: .stated, evidence: "stated \(source)")
    }

    /// A package's tools version: no older compiler can read its manifest.
    static func minimum(toolsVersion: String, origin: SettingOrigin) -> CompilerVersion {
        CompilerVersion(version: toolsVersion, certainty: .minimum,
                        evidence: "swift-tools-version \(toolsVersion), \(origin.shortLocation)")
    }
}
