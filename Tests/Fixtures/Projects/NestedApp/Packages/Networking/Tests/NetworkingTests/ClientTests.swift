import Networking
import Testing

@Test func fetchEchoes() async {
    #expect(await Client().fetch("x") == "x")
}
