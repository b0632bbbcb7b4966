@main
struct AppMain {
    static func main() {
        print(Model().count)
    }
}
