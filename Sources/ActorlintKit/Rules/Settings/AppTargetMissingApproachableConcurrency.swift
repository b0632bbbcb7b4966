import SwiftSyntax

/// An app or UI target on Swift 6.2 or later without the two settings that make UI code simple:
/// default isolation MainActor and `NonisolatedNonsendingByDefault`.
struct AppTargetMissingApproachableConcurrency: Rule, ProjectRule {
    static let triggers = PackageManifest.triggers
    static let isolationSetting = ".defaultIsolation(MainActor.self)"
    static let featureSetting = ".enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")"

    static let description = RuleDescription(
        id: "app-target-missing-approachable-concurrency",
        category: .settings, set: .preview,
        summary: "An app or UI target on Swift 6.2+ lacks default isolation MainActor or NonisolatedNonsendingByDefault",
        rationale: """
            Swift 6.2 offers two opt-in settings that suit app and UI code. Default isolation \
            MainActor (SE-0466) infers `@MainActor` for every unannotated declaration of the module, \
            so UI types need no annotation and nothing leaves the main actor by accident. \
            `NonisolatedNonsendingByDefault` (SE-0461; part of Xcode's Approachable Concurrency) \
            runs a nonisolated async function on its caller's actor instead of the global \
            executor, so calling one from UI code crosses no isolation boundary; work that should \
            leave the actor is marked `@concurrent`. Both suit app \
            targets and UI feature modules. A target counts as \
            app or UI code when it is an Xcode app or app extension, or an executable or library \
            target one of whose checked files imports SwiftUI, UIKit, AppKit, Cocoa or WatchKit; \
            tests are left alone. Settings the manifest applies only under a condition, and an \
            explicit `.defaultIsolation(nil)` / `SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated`, \
            count as decisions and are not reported. Packages with tools version below 6.2 cannot \
            use `.defaultIsolation` and are not reported.
            """,
        fix: FixInfo(.unsafe, """
            Adds the missing settings to the target in Package.swift: into its \
            `swiftSettings: [ … ]` literal, or as a new `swiftSettings:` argument placed where \
            PackageDescription's parameter order expects it (after `cxxSettings:`, before \
            `linkerSettings:` and `plugins:`), in the manifest's indentation. Not offered when the \
            target's settings come from a shared array or a loop, nor for Xcode projects. \
            Unsafe, although the edit itself is mechanical: turning the settings on changes \
            where the target's unannotated code runs, and the compiler may then ask for \
            `nonisolated`, `@concurrent` or `await` in places.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    /// Which of the two settings one configuration of a target has decided on. A setting
    /// written in any form (`nonisolated` as the default, a feature applied under a condition)
    /// is a decision; a target that has decided on one of the two and not the other has chosen.
    struct Decisions: Equatable {
        var isolation: Bool
        var feature: Bool

        static let none = Decisions(isolation: false, feature: false)

        init(isolation: Bool, feature: Bool) {
            self.isolation = isolation
            self.feature = feature
        }

        init?(_ module: ModuleSettings, mentions: (_ words: [String]) -> Bool = { _ in false }) {
            if case .unknown = module.defaultIsolation { return nil }
            isolation = module.defaultIsolation == .mainActor || module.origins[ModuleSettings.defaultIsolationSetting] != nil
                || mentions(["defaultIsolation", "default-isolation"])
            feature = module.nonisolatedNonsending || module.origins[ModuleSettings.nonisolatedNonsendingByDefault] != nil
                || mentions([ModuleSettings.nonisolatedNonsendingByDefault])
        }
    }

    /// The target's role and compiler when it is UI code built by a compiler that has the
    /// settings (a manifest also needs tools version 6.2 for `.defaultIsolation`).
    static func eligible(_ module: ModuleSettings, indexes: [String: ProjectIndex]) -> (role: TargetRole, compiler: CompilerVersion)? {
        let role = TargetRole.of(module, index: indexes[module.key])
        guard role.isUICode, let compiler = module.compiler,
              module.compilerSupports(CompilerVersion.concurrentAttribute) == true,
              module.projectPath?.hasSuffix(".xcodeproj") == true || SettingsSupport.versionAtLeast(module.toolsVersion, [6, 2])
        else { return nil }
        return (role, compiler)
    }

    func violations(in context: RuleContext) -> [Violation] {
        guard let manifest = PackageManifest(context.file, project: context.project) else { return [] }
        return manifest.targets.compactMap { target, module in
            let texts = (target.settings ?? []).map(Self.text)
            let decisions = Decisions(module) { words in texts.contains { text in words.contains { text.contains($0) } } }
            guard decisions == Decisions.none,
                  let (role, compiler) = Self.eligible(module, indexes: context.indexes) else { return nil }
            let additions = [Self.isolationSetting, Self.featureSetting]
            let edits = ManifestSettingsEdit.edits(adding: additions, to: target, in: manifest.file)
            let listed = additions.map { "`\($0)`" }.joined(separator: " and ")
            let advice = edits != nil
                ? "Add \(listed) to its `swiftSettings`."
                : "Its `swiftSettings` are assembled outside its declaration (a shared array or a loop): add \(listed) where they are built."
            let fix = edits.map {
                Fix(title: "Add \(additions.joined(separator: " and ")) to target '\(module.name)'", safety: .unsafe, edits: $0)
            }
            let callee = target.call.node.as(FunctionCallExprSyntax.self)?.calledExpression
            return Violation(message: Self.message(module, role: role, compiler: compiler, advice: advice),
                             range: callee.map { manifest.file.range(of: $0) } ?? manifest.range(of: target), fix: fix)
        }
    }

    func violations(in context: ProjectRuleContext) -> [ProjectViolation] {
        context.modules.compactMap { module -> ProjectViolation? in
            // Only targets whose Swift files were checked: an app target without Swift code has
            // nothing these settings change.
            guard context.indexes[module.key] != nil, let origin = module.origins[ModuleSettings.targetSetting],
                  let (role, compiler) = Self.eligible(module, indexes: context.indexes) else { return nil }
            // Every configuration: Debug and Release must not compile differently.
            let configurations = context.project.configurations(of: module)
            let decided = configurations.compactMap { name, settings in Decisions(settings).map { (name, $0) } }
            guard decided.count == configurations.count, let first = decided.first?.1 else { return nil }
            if let differing = decided.first(where: { $0.1 != first }) {
                let (setting, has) = differing.1.isolation != first.isolation
                    ? ("`SWIFT_DEFAULT_ACTOR_ISOLATION`", \Decisions.isolation) : ("`SWIFT_APPROACHABLE_CONCURRENCY`", \Decisions.feature)
                let with = decided.filter { $0.1[keyPath: has] }.map(\.0), without = decided.filter { !$0.1[keyPath: has] }.map(\.0)
                return ProjectViolation(message: "`\(module.name)` sets \(setting) in \(with.joined(separator: ", ")) but not in "
                    + "\(without.joined(separator: ", ")): its configurations compile its code under different concurrency rules. "
                    + "Set it the same way in every configuration.", origin: origin)
            }
            guard first == Decisions.none else { return nil }
            let names = configurations.map(\.name)
            var advice = "Set `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` and `SWIFT_APPROACHABLE_CONCURRENCY = YES` in "
                + (names.count == 1 ? names[0] : "every configuration (\(names.joined(separator: ", ")))") + ", in the target's build settings"
            if let xcconfig = XcodeSettingsEdit.ownXcconfig(of: module, among: context.modules)?.text { advice += " or in \(xcconfig), which only it uses" }
            return ProjectViolation(message: Self.message(module, role: role, compiler: compiler, advice: advice + "."), origin: origin)
        }
    }

    static func message(_ module: ModuleSettings, role: TargetRole, compiler: CompilerVersion, advice: String) -> String {
        let feature = module.projectPath?.hasSuffix(".xcodeproj") == true ? "Approachable Concurrency" : "`NonisolatedNonsendingByDefault`"
        return "`\(module.name)` is \(role.evidence) with neither default isolation MainActor (SE-0466) nor \(feature) "
            + "(SE-0461), the settings of new Xcode 26 app projects; it is built by \(compiler.phrase), in Swift "
            + "\(module.languageMode) language mode. " + advice
    }

    /// The source of one swiftSettings entry, to see what it names.
    private static func text(_ value: ManifestValue) -> String {
        switch value {
        case .call(let call): return call.node.description
        case .conditional(let inner, _): return text(inner)
        case .array(let values): return values.map(text).joined(separator: " ")
        default: return ""
        }
    }
}
