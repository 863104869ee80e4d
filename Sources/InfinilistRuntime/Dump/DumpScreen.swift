import InfinilistCore

/// The screen of `--dump`: no terminal, no input, nothing painted. The event loop runs the dump
/// through it exactly as it runs the list through the terminal.
public final class DumpScreen: Screen {
    /// The output pipe, watched for its reader going away (`OutputReaderWatch`); -1 for none.
    private let watched: Int32

    public init(watching descriptor: Int32 = -1) {
        watched = descriptor
    }

    public var size: Size { Size(rows: 0, columns: 0) }
    public var inputDescriptor: Int32 { watched }
    public func paint(_ frame: Frame) {}
    public func readInput() -> [Message] { [] }
    public func updateSize() -> Size? { nil }
    public func bell() {}
    public func invalidate() {}
    public func suspend() {}
    public func close() {}
}
