import Foundation

/// Preferences shared with the Objective-C share extension, read through the same keys. The
/// target stays in Swift 5 mode until `shared` and its observers are made safe to share.
@objc public final class LegacySettings: NSObject {
    @objc public static let shared = LegacySettings()

    private let defaults = UserDefaults(suiteName: "group.com.example.feed") ?? .standard
    private var observers: [(String) -> Void] = []

    @objc public var prefersLargeText: Bool {
        get { defaults.bool(forKey: "prefersLargeText") }
        set {
            defaults.set(newValue, forKey: "prefersLargeText")
            observers.forEach { $0("prefersLargeText") }
        }
    }

    /// Called with the key of every preference that changes.
    public func addObserver(_ observer: @escaping (String) -> Void) {
        observers.append(observer)
    }
}
