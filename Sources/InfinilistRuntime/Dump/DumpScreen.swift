import InfinilistCore

/// The screen of `--dump`: no terminal, no input, nothing painted. The event loop runs the dump
/// through it exactly as it runs the list through the terminal.
public final class DumpScreen: Screen {
    public init() {}
    public var size: Size { Size(rows: 0, columns: 0) }
    public var inputDescriptor: Int32 { -1 }
    public func paint(_ frame: Frame) {}
    public func readInput() -> [Message] { [] }
    public func updateSize() -> Size? { nil }
    public func bell() {}
    public func invalidate() {}
    public func suspend() {}
    public func close() {}
}
