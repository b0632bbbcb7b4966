// In the SyncedApp folder, but compiled only into the Widget target.
enum WidgetOnly {
    static let kind = "timeline"
}
