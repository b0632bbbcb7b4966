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
    private static func write(_ value: Any, to hasher: inout StableHasher, fast: Bool) {
        switch value {
        case let string as String: hasher.combine(string); return
        case let number as Int: hasher.combine(number); return
        case let flag as Bool: hasher.combine(flag ? "true" : "false"); return
        default: break
        }
        if fast, let fielded = value as? FingerprintFields {
            hasher.combine("\(type(of: value))(")
            for (label, field) in fielded.fingerprintFields {
                hasher.combine(label)
                write(field, to: &hasher, fast: fast)
            }
            hasher.combine(")")
            return
        }
        if fast, let dictionary = value as? [String: Any] {
            // As the reflecting path hashes each (key:, value:) element.
            let items = dictionary.map { key, element in
                var item = StableHasher()
                item.combine("(key: String, value: \(type(of: element)))(")
                item.combine("key")
                item.combine(key)
                item.combine("value")
                write(element, to: &item, fast: fast)
                item.combine(")")
                return item.finalize()
            }
            combineUnordered(items, into: &hasher)
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

    /// Sets and dictionaries: their order differs between processes, so their elements' digests
    /// are combined sorted.
    private static func combineUnordered(_ items: [Digest], into hasher: inout StableHasher) {
        hasher.combine("{")
        hasher.combine(items.count)
        for item in items.sorted(by: { ($0.high, $0.low) < ($1.high, $1.low) }) { hasher.combine(item) }
        hasher.combine("}")
    }
}

/// A type a project has thousands of values of, fingerprinted without reflection. Its fields
/// must be its stored properties in declaration order, labelled as declared: a test compares the
/// text with the reflecting path's, so a property added later fails it until it is listed here.
protocol FingerprintFields {
    var fingerprintFields: KeyValuePairs<String, Any> { get }
}

extension ModuleSettings: FingerprintFields {
    var fingerprintFields: KeyValuePairs<String, Any> {
        ["name": name, "kind": kind, "languageMode": languageMode, "defaultIsolation": defaultIsolation,
         "features": features, "toolsVersion": toolsVersion as Any, "origins": origins, "provenance": provenance,
         "strictConcurrency": strictConcurrency as Any, "configuration": configuration as Any, "projectPath": projectPath as Any]
    }
}

extension SettingOrigin: FingerprintFields {
    var fingerprintFields: KeyValuePairs<String, Any> { ["path": path, "line": line, "text": text] }
}
