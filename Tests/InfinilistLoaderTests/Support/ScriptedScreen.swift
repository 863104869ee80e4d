import CPipe
import Glibc
import InfinilistCore
import InfinilistRuntime

/// A screen for tests of the real event loop: it keeps the frames painted in memory and, after
/// each paint, types the keys `react` chooses on seeing it, as a user looking at the screen would.
/// Keys go through a pipe the loop polls, exactly like a terminal's input.
final class ScriptedScreen: Screen, @unchecked Sendable {
    let size: Size
    private let react: (Frame) -> [Key]
    private let readEnd: Int32
    private let writeEnd: Int32
    private var typed: [Key] = []
    private(set) var lastFrame: Frame?

    init(size: Size, react: @escaping (Frame) -> [Key]) {
        self.size = size
        self.react = react
        var ends: [Int32] = [-1, -1]
        _ = cpipe_cloexec(&ends, 1)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        Glibc.close(readEnd)
        Glibc.close(writeEnd)
    }

    var inputDescriptor: Int32 { readEnd }

    func paint(_ frame: Frame) {
        lastFrame = frame
        let keys = react(frame)
        guard !keys.isEmpty else { return }
        typed += keys
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    func readInput() -> [Message] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        defer { typed.removeAll() }
        return typed.map(Message.key)
    }

    func updateSize() -> Size? { nil }
    func bell() {}
    func invalidate() {}
    func suspend() {}
    func close() {}
}
