/// What actorlint knows about SDK types and APIs that decide where code runs. Data only: the
/// isolation model reads these tables, rules never hard-code framework knowledge.
public enum Catalogue {
    /// Framework classes declared `@MainActor`; subclasses inherit the isolation.
    public static let mainActorClasses: [String: String] = {
        var table: [String: String] = [:]
        for name in ["UIResponder", "UIViewController", "UIView", "UIApplication", "UIWindow", "UIWindowScene",
                     "UITableViewController", "UICollectionViewController", "UINavigationController",
                     "UITabBarController", "UISplitViewController", "UIPageViewController", "UIAlertController",
                     "UITableView", "UICollectionView", "UITableViewCell", "UICollectionViewCell",
                     "UICollectionReusableView", "UILabel", "UIButton", "UIControl", "UIImageView", "UIScrollView",
                     "UIStackView", "UITextField", "UITextView", "UISwitch", "UISlider", "UIActivityIndicatorView",
                     "UIRefreshControl", "UISearchController", "UIHostingController", "UIDocument",
                     "UIGestureRecognizer", "UIBarButtonItem", "UINavigationBar", "UIToolbar", "UITabBar"] {
            table[name] = "UIKit"
        }
        for name in ["NSResponder", "NSViewController", "NSView", "NSWindow", "NSWindowController", "NSApplication",
                     "NSHostingController", "NSHostingView", "NSTableView", "NSOutlineView", "NSCollectionView",
                     "NSTextField", "NSTextView", "NSButton", "NSControl", "NSScrollView", "NSStackView",
                     "NSTableCellView", "NSSplitViewController", "NSTabViewController", "NSPanel", "NSDocument"] {
            table[name] = "AppKit"
        }
        for name in ["WKInterfaceController", "WKHostingController"] { table[name] = "WatchKit" }
        return table
    }()

    /// Framework protocols declared `@MainActor`: a type that conforms in its primary declaration
    /// is main-actor isolated, and so is a witness declared in the extension that adds the conformance.
    public static let mainActorProtocols: [String: (framework: String, requirements: Set<String>)] = [
        "View": ("SwiftUI", ["body"]),
        "App": ("SwiftUI", ["body", "init"]),
        "Scene": ("SwiftUI", ["body"]),
        "Commands": ("SwiftUI", ["body"]),
        "ToolbarContent": ("SwiftUI", ["body"]),
        "ViewModifier": ("SwiftUI", ["body"]),
        "PreviewProvider": ("SwiftUI", ["previews"]),
        "UIViewRepresentable": ("SwiftUI", ["makeUIView", "updateUIView", "makeCoordinator", "dismantleUIView"]),
        "UIViewControllerRepresentable": ("SwiftUI", ["makeUIViewController", "updateUIViewController", "makeCoordinator"]),
        "NSViewRepresentable": ("SwiftUI", ["makeNSView", "updateNSView", "makeCoordinator"]),
        "NSViewControllerRepresentable": ("SwiftUI", ["makeNSViewController", "updateNSViewController", "makeCoordinator"]),
        "UIApplicationDelegate": ("UIKit", ["application", "applicationDidBecomeActive", "applicationWillResignActive"]),
        "UISceneDelegate": ("UIKit", ["scene", "sceneDidDisconnect", "sceneDidBecomeActive", "sceneWillResignActive"]),
        "UIWindowSceneDelegate": ("UIKit", ["scene", "window", "sceneDidDisconnect", "sceneDidBecomeActive"]),
        "UITableViewDataSource": ("UIKit", ["tableView", "numberOfSections"]),
        "UITableViewDelegate": ("UIKit", ["tableView"]),
        "UICollectionViewDataSource": ("UIKit", ["collectionView", "numberOfSections"]),
        "UICollectionViewDelegate": ("UIKit", ["collectionView"]),
        "UITextFieldDelegate": ("UIKit", ["textField", "textFieldShouldReturn", "textFieldDidBeginEditing", "textFieldDidEndEditing"]),
        "UISearchBarDelegate": ("UIKit", ["searchBar", "searchBarSearchButtonClicked"]),
        "UIScrollViewDelegate": ("UIKit", ["scrollViewDidScroll", "scrollViewWillBeginDragging", "scrollViewDidEndDecelerating"]),
        "NSApplicationDelegate": ("AppKit", ["applicationDidFinishLaunching", "applicationWillTerminate"]),
        "NSWindowDelegate": ("AppKit", ["windowWillClose", "windowDidResize"]),
        "UITextViewDelegate": ("UIKit", ["textView", "textViewDidChange", "textViewDidBeginEditing", "textViewDidEndEditing",
                                         "textViewShouldBeginEditing", "textViewDidChangeSelection"]),
        "UINavigationControllerDelegate": ("UIKit", ["navigationController"]),
        "UIGestureRecognizerDelegate": ("UIKit", ["gestureRecognizer", "gestureRecognizerShouldBegin"]),
        "UIAdaptivePresentationControllerDelegate": ("UIKit", ["presentationControllerDidDismiss", "presentationControllerWillDismiss",
                                                               "presentationControllerShouldDismiss", "adaptivePresentationStyle"]),
        "UIContextMenuInteractionDelegate": ("UIKit", ["contextMenuInteraction"]),
        "UISearchResultsUpdating": ("UIKit", ["updateSearchResults"]),
        "UIPageViewControllerDelegate": ("UIKit", ["pageViewController"]),
        "UIPageViewControllerDataSource": ("UIKit", ["pageViewController"]),
        "UITabBarControllerDelegate": ("UIKit", ["tabBarController"]),
        "NSTableViewDelegate": ("AppKit", ["tableView", "tableViewSelectionDidChange"]),
        "NSTableViewDataSource": ("AppKit", ["tableView", "numberOfRows"]),
        "NSOutlineViewDelegate": ("AppKit", ["outlineView", "outlineViewSelectionDidChange"]),
        "NSOutlineViewDataSource": ("AppKit", ["outlineView"]),
        "NSTextViewDelegate": ("AppKit", ["textView", "textDidChange", "textDidBeginEditing", "textDidEndEditing"]),
        "NSTextFieldDelegate": ("AppKit", ["controlTextDidChange", "controlTextDidEndEditing", "controlTextDidBeginEditing"]),
        // WebKit declares its delegate protocols `@MainActor`.
        "WKNavigationDelegate": ("WebKit", ["webView"]),
        "WKUIDelegate": ("WebKit", ["webView", "webViewDidClose"]),
        "WKScriptMessageHandler": ("WebKit", ["userContentController"]),
        "WKScriptMessageHandlerWithReply": ("WebKit", ["userContentController"]),
    ]

    /// Protocols that inherit `SendableMetatype` (most through `Sendable`), with where they come
    /// from. Under default isolation MainActor a type whose primary declaration conforms to one
    /// is not inferred `@MainActor` (SE-0466 as amended): such a conformance cannot be isolated.
    /// `Sendable` itself does not count (checked with swiftc 6.3).
    public static let sendableMetatypeProtocols: [String: String] = {
        var table: [String: String] = [:]
        for name in ["Error", "CodingKey", "Clock", "InstantProtocol", "DurationProtocol", "Executor", "SerialExecutor",
                     "TaskExecutor"] { table[name] = "the standard library" }
        for name in ["LocalizedError", "CustomNSError", "RecoverableError"] { table[name] = "Foundation" }
        for name in ["AppIntent", "AppEntity", "AppEnum", "AppValue", "TransientAppEntity", "EntityQuery", "EntityStringQuery",
                     "EntityPropertyQuery", "EnumerableEntityQuery", "UniqueAppEntityQuery",
                     "OpenIntent", "AudioPlaybackIntent", "AudioRecordingIntent", "LiveActivityIntent",
                     "ForegroundContinuableIntent", "ProgressReportingIntent", "SetValueIntent", "URLRepresentableIntent",
                     "DeleteIntent", "ShowInAppSearchResultsIntent", "WidgetConfigurationIntent",
                     "ControlConfigurationIntent", "CameraCaptureIntent", "SystemIntent", "PredictableIntent"] {
            table[name] = "AppIntents"
        }
        return table
    }()

    /// Property wrappers whose `wrappedValue` is main-actor isolated. Before Swift 6 (SE-0401)
    /// a type using one inferred `@MainActor`.
    public static let mainActorPropertyWrappers: Set<String> = ["StateObject", "ObservedObject", "EnvironmentObject", "State", "Environment", "FocusState", "AppStorage", "SceneStorage"]

    /// The note `explain` adds when SwiftUI's `View` decides the isolation.
    public static let viewSDKNote = "as a whole since the iOS 18 / macOS 15 SDKs; with older SDKs only `body` is"

    /// How a closure argument of a known API is isolated.
    public enum ClosureBehaviour: String, Sendable, Equatable {
        /// Runs on the main actor (the compiler knows, or the API's parameter is `@MainActor`).
        case mainActor
        /// `Task { }`: inherits the isolation of the context that creates it (`TaskCreation` tells
        /// a task, and a detached one, from other calls).
        case taskInherits
        /// Called synchronously or formed as a plain escaping closure: same isolation as its context.
        case inherits
        /// `@Sendable`/`sending` and not isolated: runs wherever the API calls it.
        case nonisolated
    }

    /// Known closure-taking APIs, matched against the callee text with whitespace removed
    /// (`DispatchQueue.main.async`) or, for entries starting with `.`, against the last component.
    public static let closureAPIs: [(callee: String, behaviour: ClosureBehaviour, note: String)] = [
        ("MainActor.run", .mainActor, "`MainActor.run` runs its body on the main actor"),
        ("MainActor.assumeIsolated", .mainActor, "`MainActor.assumeIsolated` runs its body as main-actor code"),
        ("DispatchQueue.main.async", .mainActor, "the compiler treats `DispatchQueue.main.async` bodies as main-actor isolated"),
        ("DispatchQueue.main.sync", .mainActor, "the compiler treats `DispatchQueue.main.sync` bodies as main-actor isolated"),
        ("DispatchQueue.main.asyncAfter", .mainActor, "the compiler treats `DispatchQueue.main.asyncAfter` bodies as main-actor isolated"),
        ("DispatchQueue.main.asyncAndWait", .mainActor, "the compiler treats `DispatchQueue.main` bodies as main-actor isolated"),
        ("DispatchQueue.global().async", .nonisolated, "`DispatchQueue.global()` runs the closure on a background queue"),
        ("DispatchQueue.global().asyncAfter", .nonisolated, "`DispatchQueue.global()` runs the closure on a background queue"),
        ("DispatchQueue.global().sync", .nonisolated, "`DispatchQueue.global()` runs the closure on a background queue"),
        (".addTask", .nonisolated, "task-group child tasks do not inherit the group's isolation"),
        (".addTaskUnlessCancelled", .nonisolated, "task-group child tasks do not inherit the group's isolation"),
        (".addImmediateTask", .nonisolated, "task-group child tasks do not inherit the group's isolation, immediate ones included (SE-0472)"),
        (".addImmediateTaskUnlessCancelled", .nonisolated, "task-group child tasks do not inherit the group's isolation, immediate ones included (SE-0472)"),
        (".dataTask", .nonisolated, "URLSession calls completion handlers on its delegate queue, off the main actor"),
        (".downloadTask", .nonisolated, "URLSession calls completion handlers on its delegate queue, off the main actor"),
        (".uploadTask", .nonisolated, "URLSession calls completion handlers on its delegate queue, off the main actor"),
        ("NotificationCenter.default.addObserver", .nonisolated, "the observer block is `@Sendable`: the compiler treats it as nonisolated whatever queue is passed"),
        ("Timer.scheduledTimer", .nonisolated, "the timer block is `@Sendable`: the compiler treats it as nonisolated"),
        ("Thread", .nonisolated, "`Thread` runs its block on a new thread"),
        ("withTaskCancellationHandler", .inherits, "`withTaskCancellationHandler` runs its operation in the caller's context"),
        ("withTaskCancellationShield", .inherits, "`withTaskCancellationShield` runs its operation in the caller's context (SE-0504)"),
        // Called synchronously, before the call returns.
        ("withTaskGroup", .inherits, "the task-group body runs in the caller's context"),
        ("withThrowingTaskGroup", .inherits, "the task-group body runs in the caller's context"),
        ("withDiscardingTaskGroup", .inherits, "the task-group body runs in the caller's context"),
        ("withThrowingDiscardingTaskGroup", .inherits, "the task-group body runs in the caller's context"),
        ("withCheckedContinuation", .inherits, "the continuation body runs synchronously in the caller's context"),
        ("withCheckedThrowingContinuation", .inherits, "the continuation body runs synchronously in the caller's context"),
        ("withUnsafeContinuation", .inherits, "the continuation body runs synchronously in the caller's context"),
        ("withUnsafeThrowingContinuation", .inherits, "the continuation body runs synchronously in the caller's context"),
        ("autoreleasepool", .inherits, "the body runs synchronously"),
        // UIKit/AppKit: handler types declared `@MainActor` in the SDK.
        ("UIAction", .mainActor, "UIKit declares `UIActionHandler` `@MainActor`"),
        ("UIAlertAction", .mainActor, "`UIAlertAction` is a `@MainActor` class whose handler UIKit calls on the main actor"),
        ("UIView.animate", .mainActor, "UIKit declares the animation closures of `UIView.animate` `@MainActor`"),
        ("UIViewPropertyAnimator", .mainActor, "UIKit declares the animation closures of `UIViewPropertyAnimator` `@MainActor`"),
        ("NSAnimationContext.runAnimationGroup", .mainActor, "AppKit declares the animation closures `@MainActor`"),
        // Combine's operators take plain (non-`@Sendable`) escaping closures: they keep the
        // isolation of the code that forms them, and Swift 6 checks it at run time.
        (".sink", .inherits, "Combine's `sink` takes a non-`@Sendable` closure, which keeps the isolation of the code that forms it"),
        (".assign", .inherits, "Combine's `assign` keeps the isolation of the code that forms it"),
        (".handleEvents", .inherits, "Combine's operators take non-`@Sendable` closures, which keep the isolation of the code that forms them"),
        (".removeDuplicates", .inherits, "the closure is not `@Sendable`, so it keeps the isolation of the code that forms it"),
        (".tryMap", .inherits, "Combine's operators take non-`@Sendable` closures, which keep the isolation of the code that forms them"),
        // Swift Testing runs these bodies in the caller's context.
        ("confirmation", .inherits, "Swift Testing runs the `confirmation` body in the caller's context"),
        ("withKnownIssue", .inherits, "Swift Testing runs the `withKnownIssue` body in the caller's context"),
        ("withAnimation", .inherits, "the body runs synchronously"),
    ]

    /// Combine operators whose closure runs each time the publisher emits, on the thread it
    /// emits on: the static isolation of the closure says nothing about that thread.
    public static let publisherCallbacks: Set<String> = [".sink", ".assign", ".handleEvents", ".removeDuplicates", ".tryMap"]

    /// Combine operators that move delivery to the scheduler they are given.
    public static let schedulingOperators: [String: String] = [
        "receive": "on", "debounce": "scheduler", "throttle": "scheduler", "delay": "scheduler", "timeout": "scheduler",
    ]

    /// Spellings of the main queue or the main run loop as a scheduler or queue argument.
    public static let mainSchedulers: Set<String> = [
        "DispatchQueue.main", "RunLoop.main", "OperationQueue.main", ".main", "DispatchQueue.main.eraseToAnyScheduler()",
    ]

    /// Timers whose block fires on the run loop of the thread that schedules them.
    public static let runLoopTimers: Set<String> = ["Timer.scheduledTimer"]

    /// APIs that run a `@Sendable` block on the main thread: the compiler does not treat the
    /// block as main-actor code, but it runs there.
    public static let mainThreadBlocks: [String: String] = [
        "OperationQueue.main.addOperation": "`OperationQueue.main` runs its operations on the main thread",
        "RunLoop.main.perform": "`RunLoop.main` performs the block on the main thread",
    ]

    /// Methods whose closure runs synchronously before they return (non-escaping), so it has
    /// the isolation of its context.
    public static let synchronousClosureMethods: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "forEach", "reduce", "sorted", "sort", "first", "last",
        "firstIndex", "lastIndex", "contains", "allSatisfy", "min", "max", "partition", "removeAll", "drop",
        "prefix", "split", "joined", "enumerated", "lazy", "mapValues", "compactMapValues", "grouping",
        "withLock", "withUnsafeBufferPointer", "withUnsafeBytes", "withUnsafeMutableBytes", "withExtendedLifetime",
        "sync", "performAndWait", "assumeIsolated", "withValue", "zip",
    ]

    /// SwiftUI view builders and controls: their closures are built or called from the view's
    /// main-actor context and keep its isolation.
    public static let swiftUIBuilders: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow",
        "List", "ForEach", "Section", "Group", "ScrollView", "ScrollViewReader", "GeometryReader", "NavigationStack",
        "NavigationView", "NavigationSplitView", "NavigationLink", "TabView", "Form", "Menu", "Button", "Toggle",
        "Picker", "DisclosureGroup", "ViewThatFits", "Label", "Link", "ShareLink", "ToolbarItem", "ToolbarItemGroup",
        "ContextMenu", "TimelineView", "Canvas", "WindowGroup", "Settings", "DocumentGroup", "AsyncImage",
        "ControlGroup", "ToolbarTitleMenu", "GroupBox", "CommandGroup", "CommandMenu", "Tab", "TabSection", "GlassEffectContainer", "Chart",
        "LabeledContent", "ProgressView", "Gauge", "Stepper", "Slider", "DatePicker", "TextField", "SecureField",
        "HSplitView", "VSplitView", "Table", "TableColumn", "OutlineGroup", "MenuBarExtra", "Window",
        "UtilityWindow", "ImmersiveSpace", "RealityView", "Map", "PhotosPicker", "ColorPicker",
    ]

    /// SwiftUI modifiers whose actions SwiftUI runs on the main actor.
    public static let swiftUIModifiers: Set<String> = [
        ".task", ".onAppear", ".onDisappear", ".refreshable", ".onChange", ".onReceive", ".onSubmit", ".onTapGesture",
        ".onLongPressGesture", ".sheet", ".fullScreenCover", ".popover", ".alert", ".confirmationDialog", ".toolbar",
        ".contextMenu", ".overlay", ".background", ".swipeActions", ".searchable", ".onDrop", ".onDrag",
        ".onHover", ".onOpenURL", ".onContinueUserActivity", ".navigationDestination", ".safeAreaInset",
        ".gesture", ".simultaneousGesture", ".onEnded", ".onChanged", ".mask", ".clipShape", ".transaction",
        ".animation", ".onKeyPress", ".onMove", ".onDelete", ".onInsert", ".dropDestination", ".draggable",
        ".onScrollGeometryChange", ".onGeometryChange", ".backgroundTask", ".scrollTargetLayout",
        ".alignmentGuide", ".accessibilityRepresentation", ".accessibilityAction", ".accessibilityActions",
        ".accessibilityAdjustableAction", ".onPreferenceChange", ".onSubmit", ".onCommand", ".onExitCommand",
        ".onPasteCommand", ".onMoveCommand", ".onScrollPhaseChange", ".onScrollVisibilityChange",
        ".onAppearAndChange", ".sensoryFeedback", ".focusedValue", ".keyboardShortcut", ".refreshable",
        ".fileImporter", ".fileExporter", ".photosPicker", ".inspector", ".matchedGeometryEffect",
    ]

    /// Framework protocols whose requirements take a completion handler: a conforming type must
    /// keep that shape, so `completion-handler-to-async` leaves the witnesses alone.
    public static let callbackProtocols: [String: (framework: String, requirements: Set<String>)] = [
        "TimelineProvider": ("WidgetKit", ["getSnapshot", "getTimeline"]),
        "IntentTimelineProvider": ("WidgetKit", ["getSnapshot", "getTimeline"]),
        "ImageDataProvider": ("Kingfisher", ["data"]),
        "NSFilePresenter": ("Foundation", ["relinquishPresentedItem", "savePresentedItemChanges", "accommodatePresentedItemDeletion"]),
        "UNUserNotificationCenterDelegate": ("UserNotifications", ["userNotificationCenter"]),
        "WKNavigationDelegate": ("WebKit", ["webView"]),
        "WKUIDelegate": ("WebKit", ["webView"]),
        "WKScriptMessageHandlerWithReply": ("WebKit", ["userContentController"]),
        "URLSessionDelegate": ("Foundation", ["urlSession"]),
        "URLSessionTaskDelegate": ("Foundation", ["urlSession"]),
        "URLSessionDataDelegate": ("Foundation", ["urlSession"]),
        "ASWebAuthenticationPresentationContextProviding": ("AuthenticationServices", ["presentationAnchor"]),
        "NEPacketTunnelProvider": ("NetworkExtension", ["startTunnel", "stopTunnel", "handleAppMessage", "sleep"]),
        "NSExtensionRequestHandling": ("Foundation", ["beginRequest"]),
    ]
}
