@testable import Core
import Testing

@Test func greets() {
    #expect(Greeter().greeting(for: "a") == "Hello, a")
}
