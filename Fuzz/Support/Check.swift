/// Assertions for fuzz targets that say what failed in optimised builds too (`precondition`
/// drops its message under -O), then crash so libFuzzer saves the input.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { failure(message()) }
}

func failure(_ message: String) -> Never {
    fatalError("fuzz property violated: \(message)")
}
