import Observation
import UserNotifications

/// Whether the user allows notifications, for the settings screen.
@Observable
final class NotificationStatusModel {
    private(set) var allowed = false

    /// The settings arrive on a background queue; `Task { @MainActor in }` is the bridge back.
    func refresh() {
        UNUserNotificationCenter.current().getNotificationSettings { settings in
            let allowed = settings.authorizationStatus == .authorized
            Task { @MainActor in
                self.allowed = allowed
            }
        }
    }
}
