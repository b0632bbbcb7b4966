/// What kind of target a module is; settings rules treat apps and libraries differently.
public enum TargetKind: String, Sendable, Codable, Hashable {
    case app, executable, library, test, plugin, macro, unknown
}

/// The isolation that unannotated declarations of a module get (SE-0466).
public enum DefaultIsolation: Sendable, Hashable, Codable {
    case nonisolated
    case mainActor
    /// A setting exists but could not be resolved statically.
    case unknown(reason: String)
}

/// Where a setting came from, so `explain` and settings rules can point at it.
public struct SettingOrigin: Sendable, Hashable, Codable {
    public var path: String
    public var line: Int
    public var text: String

    public init(path: String, line: Int, text: String) {
        self.path = path
        self.line = line
        self.text = text
    }
}

/// The compiler settings of one module that decide where code runs.
public struct ModuleSettings: Sendable, Hashable {
    public var name: String
    public var kind: TargetKind
    /// Swift language mode, major version (5 or 6).
    public var languageMode: Int
    public var defaultIsolation: DefaultIsolation
    /// Upcoming and experimental features that are on, e.g. `NonisolatedNonsendingByDefault`.
    public var features: Set<String>
    /// A package's `swift-tools-version`, e.g. "6.2": which manifest APIs it may use (tools
    /// version 6.2 for `.defaultIsolation`). nil for Xcode projects and when unknown.
    public var toolsVersion: String?
    /// The compiler the project builds with, as far as its files tell; nil when nothing does.
    public var compiler: CompilerVersion?
    /// An Xcode target's product type without `com.apple.product-type.` ("application",
    /// "app-extension", "framework"); nil for packages.
    public var productType: String?
    /// An app extension's `NSExtensionPointIdentifier` (or ExtensionKit's `EXExtensionPointIdentifier`)
    /// from its Info.plist, e.g. "com.apple.usernotifications.service"; nil when not an
    /// extension or when its Info.plist cannot be read.
    public var extensionPoint: String?
    /// The manifest or build setting lines each value came from, by setting name.
    public var origins: [String: SettingOrigin]
    /// Why this module was chosen, e.g. "no Package.swift or Xcode project contains this file".
    public var provenance: String
    /// `SWIFT_STRICT_CONCURRENCY` / `-strict-concurrency=` when set explicitly
    /// ("minimal", "targeted", "complete"); Swift 6 mode is always complete.
    public var strictConcurrency: String?
    /// The build configuration these settings are for ("Debug" for Xcode, "debug" for SwiftPM);
    /// nil for a file in no project.
    public var configuration: String?
    /// The Package.swift or `.xcodeproj` that declares the module; nil for a file in no project.
    public var projectPath: String?

    public init(name: String = "(no module)", kind: TargetKind = .unknown, languageMode: Int = 6,
                defaultIsolation: DefaultIsolation = .nonisolated, features: Set<String> = [],
                toolsVersion: String? = nil, compiler: CompilerVersion? = nil, productType: String? = nil,
                extensionPoint: String? = nil, origins: [String: SettingOrigin] = [:],
                provenance: String = "no Package.swift or Xcode project contains this file; plain Swift 6 module assumed",
                strictConcurrency: String? = nil, configuration: String? = nil, projectPath: String? = nil) {
        self.name = name
        self.kind = kind
        self.languageMode = languageMode
        self.defaultIsolation = defaultIsolation
        self.features = features
        self.toolsVersion = toolsVersion
        self.compiler = compiler
        self.productType = productType
        self.extensionPoint = extensionPoint
        self.origins = origins
        self.provenance = provenance
        self.strictConcurrency = strictConcurrency
        self.configuration = configuration
        self.projectPath = projectPath
    }

    /// Identifies the module within a run: targets of different projects may share a name.
    public var key: String { "\(projectPath ?? "")#\(name)" }

    /// A plain Swift 6 module with no upcoming features: what a file outside any project gets.
    public static let plainSwift6 = ModuleSettings()

    public static let nonisolatedNonsendingByDefault = "NonisolatedNonsendingByDefault"

    /// Keys of `origins` besides feature names (a feature's origin is keyed by the feature name).
    public static let languageModeSetting = "languageMode"
    public static let defaultIsolationSetting = "defaultIsolation"
    public static let strictConcurrencySetting = "strictConcurrency"
    public static let toolsVersionSetting = "toolsVersion"
    /// Where the target itself is declared, for findings about a setting it lacks: the
    /// `.target(` call of a manifest, the `buildSettings` of an Xcode target's configuration.
    public static let targetSetting = "target"
    /// The xcconfig an Xcode target's configuration is based on (its own, not the project's).
    public static let xcconfigSetting = "xcconfig"

    /// What Xcode's `SWIFT_APPROACHABLE_CONCURRENCY = YES` turns on.
    public static let approachableConcurrencyFeatures: Set<String> = [
        nonisolatedNonsendingByDefault, "InferIsolatedConformances", "InferSendableFromCaptures",
        "GlobalActorIsolatedTypesUsability", "DisableOutwardActorInference",
    ]

    /// Whether the compiler holds callers to actor isolation: Swift 6 mode, or Swift 5 with
    /// complete checking. In Swift 5 with minimal checking a `@MainActor` method can still be
    /// entered from a background thread (a selector, a non-isolated protocol, a closure a
    /// completion handler calls), so main-actor code is not proof of the main thread there.
    public var checksIsolation: Bool { languageMode >= 6 || strictConcurrency == "complete" }

    /// SE-0461: nonisolated async functions run on the caller's actor.
    public var nonisolatedNonsending: Bool { features.contains(Self.nonisolatedNonsendingByDefault) }

    /// For a library or its tests that a Swift 5 compiler may still build (its tools version or
    /// project format admits Xcode 15), what says so ("swift-tools-version 5.9"): clients build
    /// libraries with their own Xcode, whose SDK may be older than iOS 18 / macOS 15, where
    /// SwiftUI's `View` is `@MainActor` only in `body`. Nil for apps (built with current SDKs)
    /// and for code only Swift 6 compilers build.
    public var mayBuildWithPreSwift6SDK: String? {
        // Swift 6 language mode needs a Swift 6 compiler, whose Xcode has the iOS 18 SDK.
        guard kind != .app, languageMode < 6, compilerSupports([6, 0]) != true else { return nil }
        return compiler?.evidence ?? toolsVersion.map { "swift-tools-version \($0)" } ?? "no evidence of the compiler"
    }

    /// The same module with Swift 6.2's recommended app settings turned on.
    public var withSwift62AppSettings: ModuleSettings {
        var copy = self
        copy.defaultIsolation = .mainActor
        copy.features.insert(Self.nonisolatedNonsendingByDefault)
        return copy
    }
}
