/// Targets still compiled in Swift 5 language mode.
struct Swift5LanguageMode: Rule, ProjectRule {
    static let triggers = PackageManifest.triggers
    static let strictChecking = "`.enableUpcomingFeature(\"StrictConcurrency\")`"

    static let description = RuleDescription(
        id: "swift-5-language-mode",
        category: .settings,
        set: .modernize,
        summary: "A target compiles in Swift 5 language mode: adopt Swift 6 module by module",
        rationale: """
            In the Swift 6 language mode data-race safety is checked at compile time: values that \
            cross isolation boundaries must be Sendable and the compiler rejects unprotected \
            shared state. In Swift 5 mode the same problems are warnings at most. For existing \
            projects, turning the checks on step by step and working through the warnings module \
            by module is much easier than switching everything at once (the Swift 6 migration guide, "Incremental Adoption"). The rule reports each place that keeps targets \
            in Swift 5 (a tools version below 6.0, the package's `swiftLanguageModes`, a \
            target's `.swiftLanguageMode(.v5)` or `-swift-version 5` flag, Xcode's \
            `SWIFT_VERSION = 5.x`) once, names the targets it affects and, for packages, which \
            of them to start with: the leaf modules, which depend on no other Swift 5 target.
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        guard let manifest = PackageManifest(context.file, project: context.project) else { return [] }
        let swift5 = manifest.targets.filter { $0.settings.languageMode < 6 && $0.settings.kind != .plugin }
        let names = Set(swift5.map(\.declaration.name))
        return SettingsSupport.groupedByOrigin(swift5.map(\.settings), setting: ModuleSettings.languageModeSetting).compactMap { origin, modules in
            guard let range = manifest.range(of: origin) else { return nil }
            // Leaves: non-test targets of this group that depend on no other Swift 5 target.
            let group = Set(modules.map(\.name))
            let leaves = swift5.filter { group.contains($0.declaration.name) && $0.settings.kind != .test }
                .filter { manifest.localDependencies(of: $0.declaration).isDisjoint(with: names) }
                .map(\.declaration.name)
            let cause: Cause
            if origin == modules[0].origins[ModuleSettings.toolsVersionSetting] {
                cause = .toolsVersion(modules[0].toolsVersion ?? "?")
            } else if origin.text.hasPrefix(".swiftLanguageMode") || origin.text.hasPrefix(".swiftLanguageVersion") {
                cause = .targetSetting
            } else if origin.text.hasPrefix(".unsafeFlags") {
                cause = .flag
            } else {
                cause = .packageModes
            }
            return Violation(message: Self.message(modules, origin: origin, cause: cause, leaves: leaves), range: range)
        }
    }

    func violations(in context: ProjectRuleContext) -> [ProjectViolation] {
        // Only targets whose Swift files were checked: a project-wide SWIFT_VERSION also
        // reaches targets with no Swift at all.
        let swift5 = context.modules.filter { $0.languageMode < 6 && context.indexes[$0.key] != nil }
        return SettingsSupport.groupedByOrigin(swift5, setting: ModuleSettings.languageModeSetting).map { origin, modules in
            ProjectViolation(message: Self.message(modules, origin: origin, cause: .xcode, leaves: []), origin: origin)
        }
    }

    enum Cause {
        case toolsVersion(String), packageModes, targetSetting, flag, xcode
    }

    static func message(_ modules: [ModuleSettings], origin: SettingOrigin, cause: Cause, leaves: [String]) -> String {
        let names = SettingsSupport.listing(modules.map(\.name))
        let subject = modules.count == 1 ? "\(names) compiles" : "\(names) compile"
        var text = "\(subject) in Swift \(modules[0].languageMode) language mode (`\(origin.shortText)`, \(origin.shortLocation)), "
            + "where data races are not compile-time errors: unsafe sharing and non-Sendable values crossing actors are "
            + "warnings at most. "
        switch cause {
        case .toolsVersion(let version):
            text += "Tools version \(version) predates Swift 6, so every target is built in Swift 5 mode. Raise it to 6.0 "
                + "or later and keep the others in Swift 5 with `swiftLanguageModes: [.v5]`, then move one target at a "
                + "time: turn on \(strictChecking), fix its warnings, add `.swiftLanguageMode(.v6)`."
        case .packageModes:
            text += "Move one target at a time: turn on \(strictChecking) in it, fix its warnings, then give it "
                + "`.swiftLanguageMode(.v6)`; when all have moved, drop `.v5` from the package."
        case .targetSetting, .flag:
            let removal = if case .flag = cause { "the language-mode flag from this setting" } else { "this setting" }
            text += "Turn on \(strictChecking) for \(modules.count == 1 ? "it" : "one of them at a time"), fix the "
                + "warnings, then remove \(removal)."
        case .xcode:
            text += "Move one target at a time, leaf modules first (those that depend on none of your other modules): "
                + "set `SWIFT_STRICT_CONCURRENCY = complete`, fix its warnings, then set `SWIFT_VERSION = 6.0`."
        }
        if modules.count > 1, !leaves.isEmpty {
            text += " Start with \(SettingsSupport.listing(leaves)): \(leaves.count == 1 ? "it depends" : "they depend") on no other Swift 5 target."
        }
        return text + " Adopting module by module is far less painful than switching at once (the Swift 6 migration guide, section Incremental Adoption)."
    }
}
