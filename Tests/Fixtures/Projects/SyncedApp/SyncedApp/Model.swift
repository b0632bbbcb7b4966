final class Model {
    var count = 0
}
