import Foundation

/// The build settings of one target in one configuration, applied the way Xcode layers them:
/// project xcconfig, project settings, target xcconfig, target settings, each able to refer to
/// the layer below with `$(inherited)`.
struct XcodeBuildSettings {
    /// A piece of a value and the assignment that wrote it: `$(inherited)` splices the pieces
    /// of the layer below into a value, and each flag keeps pointing at its own line.
    struct Segment {
        var text: String
        var origin: SettingOrigin
    }

    let configuration: String
    private(set) var values: [String: [Segment]] = [:]
    /// The assignment that produced the current value of each setting.
    private(set) var origins: [String: SettingOrigin] = [:]
    /// Settings that also have variants for an SDK or architecture, which actorlint does not pick.
    private(set) var conditional: [String: SettingOrigin] = [:]
    /// Values of `$(TARGET_NAME)`, `$(SRCROOT)`, …: what Xcode itself defines.
    var builtins: [String: String] = [:]

    init(configuration: String) {
        self.configuration = configuration
    }

    var keys: Dictionary<String, [Segment]>.Keys { values.keys }

    /// Applies one layer. Within a layer a later assignment wins and `$(inherited)` means the
    /// value so far, which is how Xcode reads an xcconfig and its includes.
    mutating func apply(_ assignments: [BuildSettingAssignment]) {
        for assignment in assignments {
            var applies = true
            for condition in assignment.conditions {
                if condition.name == "config" {
                    if !Self.matches(configuration, pattern: condition.value) { applies = false }
                } else {
                    conditional[assignment.key] = assignment.origin
                    applies = false
                }
            }
            guard applies else { continue }
            let inherited = values[assignment.key] ?? []
            let parts = assignment.value.replacingOccurrences(of: "${inherited}", with: "$(inherited)")
                .components(separatedBy: "$(inherited)")
            var segments: [Segment] = []
            for (position, part) in parts.enumerated() {
                if position > 0 { segments += inherited }
                if !part.isEmpty { segments.append(Segment(text: part, origin: assignment.origin)) }
            }
            values[assignment.key] = segments
            origins[assignment.key] = assignment.origin
        }
    }

    /// The value of `key` with every `$(NAME)` expanded; `undefined` lists names no layer and no
    /// builtin defines (Xcode expands those to nothing).
    func value(_ key: String) -> (value: String, origin: SettingOrigin, undefined: [String])? {
        guard let segments = values[key], let origin = origins[key] else { return nil }
        var undefined: [String] = []
        let expanded = segments.map { expand($0.text, depth: 0, undefined: &undefined) }.joined()
        return (expanded.trimmingCharacters(in: .whitespaces), origin, undefined)
    }

    /// The flags of a list setting such as `OTHER_SWIFT_FLAGS`, each with the line that wrote it.
    func flags(_ key: String) -> (flags: [(flag: String, origin: SettingOrigin)], undefined: [String])? {
        guard let segments = values[key] else { return nil }
        var undefined: [String] = []
        let flags = segments.flatMap { segment in
            ModuleSettingsBuilder.tokenize(expand(segment.text, depth: 0, undefined: &undefined)).map { ($0, segment.origin) }
        }
        return (flags, undefined)
    }

    private func expand(_ text: String, depth: Int, undefined: inout [String]) -> String {
        guard depth < 16, text.contains("$") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            guard character == "$", next < text.endIndex, text[next] == "(" || text[next] == "{" else {
                result.append(character)
                index = next
                continue
            }
            let close: Character = text[next] == "(" ? ")" : "}"
            guard let end = text[next...].firstIndex(of: close) else {
                result += text[index...]
                break
            }
            let name = String(text[text.index(after: next)..<end])
            if let segments = values[name] {
                result += expand(segments.map(\.text).joined(), depth: depth + 1, undefined: &undefined)
            } else if let builtin = builtins[name] {
                result += builtin
            } else {
                undefined.append(name)
            }
            index = text.index(after: end)
        }
        return result
    }

    /// `[config=Deb*]`: Xcode conditions take shell-style `*` wildcards.
    static func matches(_ name: String, pattern: String) -> Bool {
        guard pattern.contains("*") else { return name == pattern }
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        var rest = Substring(name)
        for (position, part) in parts.enumerated() {
            if position == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if position == parts.count - 1 {
                return part.isEmpty || rest.hasSuffix(part)
            } else if let range = rest.range(of: part) {
                rest = rest[range.upperBound...]
            } else {
                return false
            }
        }
        return rest.isEmpty
    }
}

/// Turns resolved Xcode build settings into `ModuleSettings`.
enum XcodeSettingsInterpreter {
    static let relevantKeys: Set<String> = [
        "SWIFT_VERSION", "SWIFT_DEFAULT_ACTOR_ISOLATION", "SWIFT_APPROACHABLE_CONCURRENCY",
        "SWIFT_STRICT_CONCURRENCY", "OTHER_SWIFT_FLAGS",
    ]

    static func isRelevant(_ key: String) -> Bool {
        relevantKeys.contains(key) || key.hasPrefix(upcomingPrefix)
    }

    static let upcomingPrefix = "SWIFT_UPCOMING_FEATURE_"

    /// Xcode names whose feature is not the setting name in UpperCamelCase.
    static let featureNameExceptions: [String: String] = [
        "DISABLE_OUTWARD_ACTOR_ISOLATION": "DisableOutwardActorInference",
        "IMPORT_OBJC_FORWARD_DECLS": "ImportObjcForwardDeclarations",
    ]

    /// `NONISOLATED_NONSENDING_BY_DEFAULT` → `NonisolatedNonsendingByDefault`.
    static func featureName(_ suffix: String) -> String {
        if let exception = featureNameExceptions[suffix] { return exception }
        return suffix.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    static func isYes(_ value: String) -> Bool {
        ["YES", "yes", "true", "TRUE", "1"].contains(value)
    }

    static func apply(_ settings: XcodeBuildSettings, target: String, hasSwiftSources: Bool,
                      to builder: inout ModuleSettingsBuilder) {
        func value(_ key: String) -> (value: String, origin: SettingOrigin)? {
            guard let found = settings.value(key) else { return nil }
            if !found.undefined.isEmpty {
                builder.notes.append("\(found.origin.location): \(key) of target '\(target)' (\(settings.configuration)) refers to \(found.undefined.map { "$(\($0))" }.joined(separator: ", ")), which no configuration actorlint read defines; taken as empty")
            }
            return (found.value, found.origin)
        }
        for (key, origin) in settings.conditional.sorted(by: { $0.key < $1.key }) where isRelevant(key) {
            builder.notes.append("\(origin.location): \(key) of target '\(target)' has a variant for an SDK or architecture, which actorlint does not apply")
        }

        if let (version, origin) = value("SWIFT_VERSION"), !version.isEmpty {
            builder.setLanguageMode(version, origin: origin)
        } else if hasSwiftSources {
            builder.notes.append("\(builder.settings.projectPath ?? target): SWIFT_VERSION is not set for target '\(target)' (\(settings.configuration)); Swift 5 language mode assumed")
        }
        if let (isolation, origin) = value("SWIFT_DEFAULT_ACTOR_ISOLATION") {
            builder.setDefaultIsolation(ModuleSettingsBuilder.defaultIsolation(isolation, origin: origin), origin: origin)
        }
        if let (approachable, origin) = value("SWIFT_APPROACHABLE_CONCURRENCY"), isYes(approachable) {
            for feature in ModuleSettings.approachableConcurrencyFeatures.sorted() {
                builder.enableFeature(feature, origin: origin)
            }
        }
        // An explicit feature setting overrides what Approachable Concurrency turned on.
        for key in settings.keys.sorted() where key.hasPrefix(upcomingPrefix) {
            guard let (flag, origin) = value(key) else { continue }
            let feature = featureName(String(key.dropFirst(upcomingPrefix.count)))
            if isYes(flag) {
                builder.enableFeature(feature, origin: origin)
            } else {
                builder.disableFeature(feature)
            }
        }
        if let (level, origin) = value("SWIFT_STRICT_CONCURRENCY"), !level.isEmpty {
            builder.setStrictConcurrency(level, origin: origin)
        }
        if let (flags, undefined) = settings.flags("OTHER_SWIFT_FLAGS") {
            if !undefined.isEmpty, let origin = settings.origins["OTHER_SWIFT_FLAGS"] {
                builder.notes.append("\(origin.location): OTHER_SWIFT_FLAGS of target '\(target)' (\(settings.configuration)) refers to \(undefined.map { "$(\($0))" }.joined(separator: ", ")), which no configuration actorlint read defines; taken as empty")
            }
            builder.applyFlags(flags)
        }
    }
}
