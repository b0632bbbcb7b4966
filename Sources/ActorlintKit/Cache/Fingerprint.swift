import Foundation

/// A stable digest of any value, built by reflection: every stored property is included, so a
/// field added to `ModuleSettings` or `Configuration` later changes cache keys without anyone
/// remembering to.
enum Fingerprint {
    /// With `fast` (always, outside tests) `FingerprintFields` types and dictionaries keyed by
    /// strings skip the Mirror but hash the same sequence: a large Xcode project's settings are
    /// thousands of modules, and reflecting them into text took half a second of a run whose
    /// files all came from the cache.
    static func of(_ value: Any, fast: Bool = true) -> Digest {
        var hasher = StableHasher()
        write(value, to: &hasher, fast: fast)
        return hasher.finalize()
    }

    /// Strings are combined with their length, so content cannot imitate the structure.
    static func write(_ value: Any, to hasher: inout StableHasher, fast: Bool = true) {
        switch value {
        case let string as String: hasher.combine(string); return
        case let number as Int: hasher.combine(number); return
        case let flag as Bool: hasher.combine(flag ? "true" : "false"); return
        default: break
        }
        if fast, let fielded = value as? FingerprintFields {
            fielded.writeFingerprint(to: &hasher)
            return
        }
        if fast, let dictionary = value as? [String: Any] {
            combineUnordered(dictionary.map { key, element in
                elementDigest(key: key, valueType: "\(type(of: element))") { write(element, to: &$0, fast: fast) }
            }, into: &hasher)
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let child = mirror.children.first { write(child.value, to: &hasher, fast: fast) } else { hasher.combine("nil") }
        case .collection:
            hasher.combine("[")
            for child in mirror.children { write(child.value, to: &hasher, fast: fast) }
            hasher.combine("]")
        case .set, .dictionary:
            combineUnordered(mirror.children.map { child in
                var item = StableHasher()
                write(child.value, to: &item, fast: fast)
                return item.finalize()
            }, into: &hasher)
        case .enum:
            hasher.combine("\(mirror.subjectType).\(String(describing: value).prefix { $0 != "(" })")
            for child in mirror.children { write(child.value, to: &hasher, fast: fast) }
            hasher.combine(")")
        case .struct, .class, .tuple:
            hasher.combine("\(mirror.subjectType)(")
            for child in mirror.children {
                hasher.combine(child.label ?? "_")
                write(child.value, to: &hasher, fast: fast)
            }
            hasher.combine(")")
        default:
            hasher.combine(String(reflecting: value))
        }
    }

    /// One `(key:, value:)` element of a dictionary keyed by strings, as the reflecting path
    /// hashes it.
    static func elementDigest(key: String, valueType: String, value: (inout StableHasher) -> Void) -> Digest {
        var item = StableHasher()
        item.combine("(key: String, value: \(valueType))(")
        item.combine("key")
        item.combine(key)
        item.combine("value")
        value(&item)
        item.combine(")")
        return item.finalize()
    }

    /// Sets and dictionaries: their order differs between processes, so their elements' digests
    /// are combined sorted.
    static func combineUnordered(_ items: [Digest], into hasher: inout StableHasher) {
        hasher.combine("{")
        hasher.combine(items.count)
        for item in items.sorted(by: { ($0.high, $0.low) < ($1.high, $1.low) }) { hasher.combine(item) }
        hasher.combine("}")
    }
}

/// A type a project has thousands of values of, fingerprinted without reflection or casts. It
/// must hash what the reflecting path hashes for it, property by property in declaration order:
/// a test compares the two, so a property added later fails it until it is written here too.
protocol FingerprintFields {
    func writeFingerprint(to hasher: inout StableHasher)
}

extension StableHasher {
    /// An optional string as the reflecting path hashes it.
    fileprivate mutating func combine(optional value: String?) {
        if let value { combine(value) } else { combine("nil") }
    }
}

extension ModuleSettings: FingerprintFields {
    func writeFingerprint(to hasher: inout StableHasher) {
        hasher.combine("ModuleSettings(")
        hasher.combine("name")
        hasher.combine(name)
        hasher.combine("kind")
        kind.writeFingerprint(to: &hasher)
        hasher.combine("languageMode")
        hasher.combine(languageMode)
        hasher.combine("defaultIsolation")
        defaultIsolation.writeFingerprint(to: &hasher)
        hasher.combine("features")
        Fingerprint.combineUnordered(features.map { feature in
            var item = StableHasher()
            item.combine(feature)
            return item.finalize()
        }, into: &hasher)
        hasher.combine("toolsVersion")
        hasher.combine(optional: toolsVersion)
        hasher.combine("compiler")
        if let compiler { compiler.writeFingerprint(to: &hasher) } else { hasher.combine("nil") }
        hasher.combine("productType")
        hasher.combine(optional: productType)
        hasher.combine("extensionPoint")
        hasher.combine(optional: extensionPoint)
        hasher.combine("origins")
        Fingerprint.combineUnordered(origins.map { key, origin in
            Fingerprint.elementDigest(key: key, valueType: "SettingOrigin") { origin.writeFingerprint(to: &$0) }
        }, into: &hasher)
        hasher.combine("provenance")
        hasher.combine(provenance)
        hasher.combine("strictConcurrency")
        hasher.combine(optional: strictConcurrency)
        hasher.combine("configuration")
        hasher.combine(optional: configuration)
        hasher.combine("projectPath")
        hasher.combine(optional: projectPath)
        hasher.combine(")")
    }
}

extension SettingOrigin: FingerprintFields {
    func writeFingerprint(to hasher: inout StableHasher) {
        hasher.combine("SettingOrigin(")
        hasher.combine("path")
        hasher.combine(path)
        hasher.combine("line")
        hasher.combine(line)
        hasher.combine("text")
        hasher.combine(text)
        hasher.combine(")")
    }
}

extension CompilerVersion: FingerprintFields {
    func writeFingerprint(to hasher: inout StableHasher) {
        hasher.combine("CompilerVersion(")
        hasher.combine("version")
        hasher.combine(version)
        hasher.combine("certainty")
        hasher.combine("Certainty." + certainty.rawValue)
        hasher.combine(")")
        hasher.combine("evidence")
        hasher.combine(evidence)
        hasher.combine(")")
    }
}

/// Enums as the reflecting path hashes them: `Type.case`, the payload, then `)`.
extension TargetKind: FingerprintFields {
    func writeFingerprint(to hasher: inout StableHasher) {
        hasher.combine("TargetKind." + rawValue)
        hasher.combine(")")
    }
}

extension DefaultIsolation: FingerprintFields {
    func writeFingerprint(to hasher: inout StableHasher) {
        switch self {
        case .nonisolated: hasher.combine("DefaultIsolation.nonisolated")
        case .mainActor: hasher.combine("DefaultIsolation.mainActor")
        case .unknown(let reason):
            // The payload reflects as the tuple `(reason: String)`.
            hasher.combine("DefaultIsolation.unknown")
            hasher.combine("(reason: String)(")
            hasher.combine("reason")
            hasher.combine(reason)
            hasher.combine(")")
        }
        hasher.combine(")")
    }
}

extension Fingerprint {
    /// The project's settings that any file's findings may depend on: every module in every
    /// configuration (`ProjectLoader` keeps configurations only for modules it has), and the
    /// notes. Written field by field (reflecting and casting thousands of
    /// modules took a tenth of a second of a run whose files all came from the cache), one
    /// digest per module, made on `threads` threads.
    static func of(project: ProjectModel, threads: Int = 1) -> Digest {
        let modules = Parallel.map(count: project.modules.count, threads: threads) { index in
            var hasher = StableHasher()
            project.modules[index].writeFingerprint(to: &hasher)
            let configurations = project.configurations[index] ?? [:]
            hasher.combine(configurations.count)
            for (name, settings) in configurations.sorted(by: { $0.key < $1.key }) {
                hasher.combine(name)
                settings.writeFingerprint(to: &hasher)
            }
            return hasher.finalize()
        }
        var hasher = StableHasher()
        hasher.combine("ProjectModel(")
        hasher.combine(modules.count)
        for digest in modules { hasher.combine(digest) }
        hasher.combine(project.notes.count)
        for note in project.notes { hasher.combine(note) }
        hasher.combine(")")
        return hasher.finalize()
    }
}
