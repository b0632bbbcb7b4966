/// Builds one module's `ModuleSettings` from what a manifest or build settings say, recording the
/// line each value came from. SwiftPM and Xcode both end in compiler flags, so both readers
/// funnel through here and agree on what a flag means.
struct ModuleSettingsBuilder {
    var settings: ModuleSettings
    /// Things the reader could not apply, already prefixed with where they were written.
    var notes: [String] = []

    init(_ settings: ModuleSettings) {
        self.settings = settings
    }

    mutating func setLanguageMode(_ text: String, origin: SettingOrigin) {
        guard let mode = Self.languageMode(text) else {
            notes.append("\(origin.location): unknown Swift language mode '\(text)'; \(settings.languageMode) kept")
            return
        }
        settings.languageMode = mode
        settings.origins[ModuleSettings.languageModeSetting] = origin
    }

    mutating func setDefaultIsolation(_ isolation: DefaultIsolation, origin: SettingOrigin) {
        settings.defaultIsolation = isolation
        settings.origins[ModuleSettings.defaultIsolationSetting] = origin
    }

    /// `name` as written after `-enable-upcoming-feature`: may carry `:migrate` or `=level`.
    mutating func enableFeature(_ name: String, origin: SettingOrigin) {
        if name.hasSuffix(":migrate") {
            // Migration mode only emits warnings (SE-0486); the feature itself stays off.
            notes.append("\(origin.location): feature \(name) is in migration mode, so it is not treated as on")
            return
        }
        let parts = name.split(separator: "=", maxSplits: 1).map(String.init)
        guard let feature = parts.first, !feature.isEmpty else { return }
        if feature == "StrictConcurrency" {
            setStrictConcurrency(parts.count > 1 ? parts[1] : "complete", origin: origin)
            if parts.count > 1 && parts[1] != "complete" { return }
        }
        settings.features.insert(feature)
        settings.origins[feature] = origin
    }

    mutating func disableFeature(_ name: String) {
        settings.features.remove(name)
        settings.origins[name] = nil
    }

    mutating func setStrictConcurrency(_ level: String, origin: SettingOrigin) {
        settings.strictConcurrency = level
        settings.origins[ModuleSettings.strictConcurrencySetting] = origin
    }

    /// Applies the flags that decide isolation; every other flag is irrelevant here and skipped.
    mutating func applyFlags(_ flags: [String], origin: SettingOrigin) {
        applyFlags(flags.map { ($0, origin) })
    }

    /// The same, each flag with the line that wrote it (xcconfig values are spliced together
    /// from several files through `$(inherited)`).
    mutating func applyFlags(_ flags: [(flag: String, origin: SettingOrigin)]) {
        var tokens: [(flag: String, origin: SettingOrigin)] = []
        var index = 0
        while index < flags.count {
            let flag = flags[index].flag
            index += 1
            switch flag {
            // `-Xfrontend X` passes X to the frontend, which understands the same feature flags.
            case "-Xfrontend": continue
            // These pass their argument to another tool: it is never a Swift flag.
            case "-Xcc", "-Xlinker", "-Xclang-linker", "-Xllvm": index += 1
            default: tokens.append(flags[index - 1])
            }
        }
        index = 0
        func argument() -> String? {
            guard index < tokens.count else { return nil }
            defer { index += 1 }
            return tokens[index].flag
        }
        while index < tokens.count {
            let (token, origin) = tokens[index]
            index += 1
            let (name, inline) = Self.splitInlineValue(token)
            switch name {
            case "-enable-upcoming-feature", "-enable-experimental-feature":
                if let feature = inline ?? argument() { enableFeature(feature, origin: origin) }
            case "-disable-upcoming-feature", "-disable-experimental-feature":
                if let feature = inline ?? argument() { disableFeature(feature) }
            case "-default-isolation":
                if let value = inline ?? argument() {
                    setDefaultIsolation(Self.defaultIsolation(value, origin: origin), origin: origin)
                }
            case "-swift-version", "-language-mode":
                if let value = inline ?? argument() { setLanguageMode(value, origin: origin) }
            case "-strict-concurrency":
                if let value = inline ?? argument() { setStrictConcurrency(value, origin: origin) }
            case "-warn-concurrency":
                setStrictConcurrency("complete", origin: origin)
            default:
                break
            }
        }
    }

    /// `-strict-concurrency=complete` → ("-strict-concurrency", "complete").
    static func splitInlineValue(_ token: String) -> (String, String?) {
        guard token.hasPrefix("-"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    /// The isolation a `-default-isolation` / `SWIFT_DEFAULT_ACTOR_ISOLATION` value names.
    static func defaultIsolation(_ value: String, origin: SettingOrigin) -> DefaultIsolation {
        switch value {
        case "MainActor", "MainActor.self": return .mainActor
        case "nonisolated", "nil": return .nonisolated
        default: return .unknown(reason: "\(origin.location): default isolation '\(value)' is neither MainActor nor nonisolated")
        }
    }

    /// The major language mode of "5", "5.0", "4.2", "6", "v5", "v4_2"; nil when not a version.
    static func languageMode(_ text: String) -> Int? {
        var text = text
        if text.hasPrefix("v") { text.removeFirst() }
        guard let major = text.split(whereSeparator: { $0 == "." || $0 == "_" }).first.flatMap({ Int($0) }),
              (3...9).contains(major) else { return nil }
        return major
    }

    /// Splits a flags string the way a shell would: whitespace separates, quotes group,
    /// a backslash escapes the next character.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inToken = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                inToken = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inToken = true
            } else if character.isWhitespace {
                if inToken { tokens.append(current) }
                current = ""
                inToken = false
            } else {
                current.append(character)
                inToken = true
            }
        }
        if inToken { tokens.append(current) }
        return tokens
    }
}

extension SettingOrigin {
    /// `path:line`, the prefix of notes about this setting.
    var location: String { "\(path):\(line)" }
}
