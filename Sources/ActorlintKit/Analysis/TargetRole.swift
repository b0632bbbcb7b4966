/// What a target is for, as far as its settings and its declarations show: the settings rules and
/// the migration plan recommend default isolation MainActor for app and UI code only, and leave
/// libraries, non-UI extensions and test support nonisolated. Each role carries the evidence, in
/// words a message can quote. What cannot be told is `.unknown`, and callers stay quiet.
public enum TargetRole: Sendable, Equatable {
    /// An app, or an extension that shows UI: "an app target", "a widget extension".
    case app(String)
    /// A library most of whose types are views or view controllers.
    case uiLibrary(String)
    /// An app extension without UI: "a notification service extension".
    case nonUIExtension(String)
    /// A library or framework whose types are not mostly UI (networking, persistence, shared code).
    case library(String)
    /// Test targets, and frameworks that exist to support tests.
    case test(String)
    /// A command-line tool, plugin or macro.
    case tool(String)
    case unknown(String)

    /// App or UI code: where Swift 6.2's app settings are recommended.
    public var isUICode: Bool {
        switch self {
        case .app, .uiLibrary: true
        default: false
        }
    }

    /// The evidence, for messages: "an app target", "a UI library (9 of its 12 types are views …)".
    public var evidence: String {
        switch self {
        case .app(let text), .uiLibrary(let text), .nonUIExtension(let text), .library(let text),
             .test(let text), .tool(let text), .unknown(let text): text
        }
    }

    /// The role of `module`; `index` is its index when its files were checked (nil: the
    /// declarations are unknown, so a library's role is too).
    public static func of(_ module: ModuleSettings, index: ProjectIndex?) -> TargetRole {
        switch module.kind {
        case .test: return .test("a test target")
        case .plugin, .macro: return .tool("a \(module.kind.rawValue) target")
        case .app: return appRole(module)
        case .executable:
            guard let index else { return .unknown("an executable target none of whose files were checked") }
            let ui = UITypes(index)
            if ui.hasApp || (ui.count > 0 && importsUI(index)) { return .app("an executable target with \(ui.example)") }
            return .tool("an executable target without UI types")
        case .library, .unknown:
            guard let index else { return .unknown("a library none of whose files were checked") }
            if isTestSupport(module, index) { return .test("a library that supports tests (it imports \(testFramework(index) ?? "a test framework") or is named for tests)") }
            let ui = UITypes(index)
            guard ui.total > 0 else { return .library("a library that declares no types") }
            // A majority, not one: shared frameworks hold a few views beside their networking and
            // persistence, and those are the code the recommendation keeps nonisolated.
            if ui.count * 2 > ui.total {
                return .uiLibrary("a UI library (\(ui.count) of its \(ui.total) types are views or view controllers, e.g. `\(ui.first ?? "")`)")
            }
            return .library("a library (\(ui.count) of its \(ui.total) types are views or view controllers)")
        }
    }

    private static func appRole(_ module: ModuleSettings) -> TargetRole {
        guard let product = module.productType else { return .app("an app target") }
        if product == "application" || product.hasPrefix("application.") { return .app("an app target") }
        if product == "watchkit2-extension" { return .app("a watchOS app extension") }
        guard let point = module.extensionPoint else {
            return .unknown("an app extension whose Info.plist names no extension point actorlint can read")
        }
        if let name = uiExtensionPoints[point] { return .app("\(name) (\(point))") }
        if let name = nonUIExtensionPoints.first(where: { point == $0.key || point.hasPrefix($0.key + ".") })?.value {
            return .nonUIExtension("\(name) (\(point)), which has no UI")
        }
        return .unknown("an app extension of a kind actorlint does not know (\(point))")
    }

    /// Extension points whose extensions show UI (Apple's `NSExtensionPointIdentifier` values).
    static let uiExtensionPoints: [String: String] = [
        "com.apple.widgetkit-extension": "a widget extension",
        "com.apple.widget-extension": "a Today widget extension",
        "com.apple.share-services": "a share extension",
        "com.apple.ui-services": "an action extension",
        "com.apple.usernotifications.content-extension": "a notification content extension",
        "com.apple.keyboard-service": "a custom keyboard extension",
        "com.apple.message-payload-provider": "an iMessage app extension",
        "com.apple.intents-ui-service": "an Intents UI extension",
        "com.apple.photo-editing": "a photo editing extension",
        "com.apple.fileprovider-actionsUI": "a File Provider UI extension",
        "com.apple.authentication-services-credential-provider-ui": "a credential provider extension",
        "com.apple.quicklook.preview": "a Quick Look preview extension",
        "com.apple.Safari.extension": "a Safari app extension",
        "com.apple.broadcast-services-setupui": "a broadcast setup UI extension",
    ]

    /// Extension points whose extensions run without UI; a key also covers the points below it
    /// (`com.apple.networkextension.packet-tunnel`).
    static let nonUIExtensionPoints: [String: String] = [
        "com.apple.usernotifications.service": "a notification service extension",
        "com.apple.intents-service": "an Intents extension",
        "com.apple.appintents-extension": "an App Intents extension",
        "com.apple.networkextension": "a network extension",
        "com.apple.fileprovider-nonui": "a File Provider extension",
        "com.apple.broadcast-services-upload": "a broadcast upload extension",
        "com.apple.callkit.call-directory": "a call directory extension",
        "com.apple.identitylookup.message-filter": "a message filter extension",
        "com.apple.quicklook.thumbnail": "a Quick Look thumbnail extension",
        "com.apple.spotlight.import": "a Spotlight import extension",
        "com.apple.spotlight.index": "a Spotlight index extension",
        "com.apple.background-asset-downloader-extension": "a background assets extension",
        "com.apple.deviceactivity.monitor-extension": "a device activity monitor extension",
        "com.apple.ManagedSettings.shield-action-service": "a shield action extension",
        "com.apple.Safari.content-blocker": "a Safari content blocker",
        "com.apple.Safari.web-extension": "a Safari web extension",
        "com.apple.location.push.service": "a location push service extension",
        "com.apple.dt.Xcode.extension.source-editor": "an Xcode source editor extension",
        "com.apple.accessorysetupkit": "an accessory setup extension",
    ]

    static let testFrameworks = ["XCTest", "Testing", "SnapshotTesting", "Quick", "Nimble"]

    private static func testFramework(_ index: ProjectIndex) -> String? {
        testFrameworks.first(where: index.imports.contains)
    }

    private static func isTestSupport(_ module: ModuleSettings, _ index: ProjectIndex) -> Bool {
        if testFramework(index) != nil { return true }
        let name = module.name.lowercased()
        return ["testsupport", "testing", "testhelpers", "testutilities", "testkit", "mocks", "fixtures"]
            .contains { name.hasSuffix($0) }
    }

    private static func importsUI(_ index: ProjectIndex) -> Bool {
        ["SwiftUI", "UIKit", "AppKit", "Cocoa", "WatchKit"].contains(where: index.imports.contains)
    }
}

/// How many of a module's own types are UI types: SwiftUI views, scenes and apps, and subclasses
/// of UIKit/AppKit views and view controllers (through the module's own superclasses too).
struct UITypes {
    var total = 0
    var count = 0
    var hasApp = false
    /// The first UI type by name, for a message.
    var first: String?

    init(_ index: ProjectIndex) {
        for (name, type) in index.types.sorted(by: { $0.key < $1.key }) where type.kind != .protocol && !type.isForeign {
            total += 1
            guard Self.isUI(type, index: index) else { continue }
            count += 1
            if first == nil { first = name }
            if type.inherited.contains("App") { hasApp = true }
        }
    }

    var example: String { hasApp ? "an `App` type" : "UI types such as `\(first ?? "")`" }

    static let swiftUIProtocols: Set<String> = ["View", "App", "Scene", "ViewModifier", "UIViewRepresentable",
                                                "UIViewControllerRepresentable", "NSViewRepresentable",
                                                "NSViewControllerRepresentable"]

    static func isUI(_ type: ProjectIndex.TypeInfo, index: ProjectIndex) -> Bool {
        if type.inherited.contains(where: swiftUIProtocols.contains) { return true }
        guard type.kind == .class else { return false }
        var superclass = type.inherited.first
        var seen: Set<String> = []
        while let name = superclass, seen.insert(name).inserted {
            if Catalogue.mainActorClasses[name] != nil { return true }
            guard let declared = index.type(named: name), declared.kind == .class else { return false }
            superclass = declared.inherited.first
        }
        return false
    }
}
