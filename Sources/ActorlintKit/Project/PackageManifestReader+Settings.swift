import SwiftSyntax

/// A target's `swiftSettings` and the package's language modes, entry by entry, into
/// `ModuleSettings`; what cannot be known statically is reported, never guessed.
extension PackageManifestReader {
    /// Applies one `swiftSettings` entry; returns the reason when the entry cannot be known, so
    /// the caller can report each reason once with the targets it affects.
    static func apply(_ element: ManifestValue, configuration: String, interpreter: ManifestInterpreter,
                              to builder: inout ModuleSettingsBuilder) -> String? {
        let call: ManifestCall
        switch element {
        case .call(let made):
            call = made
        case .conditional(.call(let made), let reason):
            let origin = origin(made.node, interpreter)
            let message = "\(origin.location): `\(origin.text)` is added only under a condition actorlint cannot decide (\(reason))"
            if made.name == "defaultIsolation" || made.name == "unsafeFlags" {
                builder.setDefaultIsolation(.unknown(reason: message), origin: origin)
            } else if Self.affectsIsolation(made.name) {
                builder.notes.append("\(message), so actorlint does not apply it")
            }
            return nil
        default:
            // An entry actorlint cannot see may set anything, the default isolation included.
            let reason = element.unknownReason ?? {
                if case .conditional(let inner, let reason) = element { return inner.unknownReason ?? reason }
                return "\(interpreter.path): a swiftSettings entry is not a setting actorlint can read"
            }()
            builder.settings.defaultIsolation = .unknown(reason: reason)
            builder.settings.origins[ModuleSettings.defaultIsolationSetting] = nil
            return reason
        }
        let origin = origin(call.node, interpreter)
        switch applicability(of: call, configuration: configuration) {
        case .no: return nil
        case .unknown(let why):
            let reason = "\(origin.location): `\(origin.text)` applies only \(why)"
            if call.name == "defaultIsolation" || call.name == "unsafeFlags" {
                builder.setDefaultIsolation(.unknown(reason: reason), origin: origin)
            }
            if affectsIsolation(call.name) { builder.notes.append("\(reason), so actorlint does not apply it") }
            return nil
        case .yes: break
        }
        let first = call.arguments.first?.value
        switch call.name {
        case "defaultIsolation":
            switch first {
            case .member("MainActor.self")?: builder.setDefaultIsolation(.mainActor, origin: origin)
            case .nilLiteral?: builder.setDefaultIsolation(.nonisolated, origin: origin)
            case .unknown(let reason)?: builder.setDefaultIsolation(.unknown(reason: reason), origin: origin)
            default: builder.setDefaultIsolation(.unknown(reason: "\(origin.location): `\(origin.text)` names neither MainActor nor nil"), origin: origin)
            }
        case "enableUpcomingFeature", "enableExperimentalFeature":
            if case .string(let feature)? = first {
                builder.enableFeature(feature, origin: origin)
            } else {
                builder.notes.append("\(origin.location): the feature in `\(origin.text)` cannot be resolved, so it is not treated as on")
            }
        case "swiftLanguageMode", "swiftLanguageVersion":
            if let version = languageVersionText(first) {
                builder.setLanguageMode(version, origin: origin)
            } else {
                builder.notes.append("\(origin.location): the language mode in `\(origin.text)` cannot be resolved")
            }
        case "unsafeFlags":
            guard case .array(let values)? = first else {
                markUnresolvedFlags(origin, to: &builder)
                return nil
            }
            var flags: [String] = []
            for value in values {
                guard case .string(let flag) = value else {
                    markUnresolvedFlags(origin, to: &builder)
                    return nil
                }
                flags.append(flag)
            }
            builder.applyFlags(flags, origin: origin)
        default:
            // `.define`, `.interoperabilityMode`, warnings control…: they do not move code between actors.
            break
        }
        return nil
    }

    /// Settings whose absence or presence changes what actorlint reports.
    static func affectsIsolation(_ name: String) -> Bool {
        ["defaultIsolation", "unsafeFlags", "enableUpcomingFeature", "enableExperimentalFeature",
         "swiftLanguageMode", "swiftLanguageVersion"].contains(name)
    }

    static func markUnresolvedFlags(_ origin: SettingOrigin, to builder: inout ModuleSettingsBuilder) {
        let reason = "\(origin.location): the flags of `\(origin.text)` cannot be resolved"
        builder.setDefaultIsolation(.unknown(reason: reason), origin: origin)
        builder.notes.append("\(reason), so the default isolation and features they may set are unknown")
    }

    enum Applicability { case yes, no, unknown(String) }

    /// Whether a setting with a `.when(...)` condition applies in `configuration`.
    static func applicability(of call: ManifestCall, configuration: String) -> Applicability {
        guard let condition = call.arguments.dropFirst().last(where: { $0.label == nil || $0.label == "condition" }) else { return .yes }
        switch condition.value {
        case .nilLiteral: return .yes
        case .call(let when) where when.name == "when":
            var result = Applicability.yes
            for argument in when.arguments {
                switch (argument.label, argument.value) {
                case ("configuration", .member(let name)):
                    if name != configuration { return .no }
                case ("platforms", _):
                    result = .unknown("on some platforms")
                case ("traits", _):
                    result = .unknown("when some package traits are enabled")
                default:
                    result = .unknown("under a condition actorlint cannot evaluate")
                }
            }
            return result
        default:
            return .unknown("under a condition actorlint cannot evaluate")
        }
    }

    /// `.v5` → "5", `.version("6")` → "6".
    static func languageVersionText(_ value: ManifestValue?) -> String? {
        switch value {
        case .member(let name)?: return name
        case .call(let call)? where call.name == "version":
            if case .string(let text)? = call.arguments.first?.value { return text }
            return nil
        default: return nil
        }
    }

    /// SwiftPM builds with the newest mode in `swiftLanguageModes` that the compiler supports.
    static func packageLanguageMode(_ value: ManifestValue, origin: SettingOrigin,
                                            notes: inout [String]) -> (Int, SettingOrigin)? {
        guard case .array(let elements) = value else {
            notes.append("\(origin.location): `\(origin.text)` cannot be resolved; the tools version decides the language mode")
            return nil
        }
        let modes = elements.compactMap { languageVersionText($0).flatMap(ModuleSettingsBuilder.languageMode) }
            .filter { $0 <= toolchainVersion[0] }
        if modes.count != elements.count {
            notes.append("\(origin.location): some language modes in `\(origin.text)` cannot be resolved")
        }
        return modes.max().map { ($0, origin) }
    }
}
