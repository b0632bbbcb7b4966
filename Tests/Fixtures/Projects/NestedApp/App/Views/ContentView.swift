struct ContentView {
    var title: String { SharedText.appName }
}
