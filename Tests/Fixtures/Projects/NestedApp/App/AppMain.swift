@main
struct AppMain {
    static func main() {
        print(ContentView().title)
    }
}
