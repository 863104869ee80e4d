import Foundation
import Glibc
import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Once the background count has gone through a file, a pass (`End`, `NG`, `N%`) looks up the
/// pages it found instead of counting the file again (decision 158): the same pages as a pass
/// that counts, and none from a file that changed since.
@Suite struct CountedPagesTests {
    private static func lines(_ ids: ClosedRange<Int>, ending: String = "\n") -> String {
        ids.map { "{\"id\":\($0),\"title\":\"item \($0)\"}" + ending }.joined()
    }

    /// A reader of `path` as a file is read (by offset), its first page of `pageSize` read.
    private func reader(_ path: String, pageSize: Int) throws -> (StreamReader, Int32, StreamPageRead) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let reader = StreamReader(input: DescriptorInput(descriptor: descriptor, label: "input", ownsDescriptor: true),
                                  rereadDescriptor: descriptor, label: "input", spool: nil, mode: .values, maxValueBytes: 1 << 20)
        let first = try #require(try reader.read(from: .start, count: pageSize, isCancelled: { false }, waiting: { _ in }))
        return (reader, descriptor, first)
    }

    @Test(arguments: ["\n", "\r\n", "  \n"])
    func aPassAfterTheCountFindsThePagesACountingPassFinds(ending: String) throws {
        let file = try TestFile(Self.lines(1...5_050, ending: ending) + "\n\n")
        for target in [PassTarget.end, .item(0), .item(99), .item(100), .item(1_234), .item(4_949), .item(9_999)] {
            let (counting, _, first) = try reader(file.path, pageSize: 100)
            let scanned = try counting.pass(from: first.next, to: target, pageSize: 100, waiting: { _ in })
            let (counted, descriptor, again) = try reader(file.path, pageSize: 100)
            #expect(counted.countItems(pageSize: 100, isCancelled: { false }, progress: { _, _ in }) == 5_050)
            #expect(counted.passFromCount(from: again.next, to: target, pageSize: 100, descriptor: descriptor) == scanned, "\(target)")
            // And from a later tail: the third page's start, once the second was read there.
            if let later = scanned?.starts.dropFirst().first {
                let (moved, _, _) = try reader(file.path, pageSize: 100)
                moved.passed([first.next], next: later)
                let page = try #require(try moved.read(from: later, count: 100, isCancelled: { false }, waiting: { _ in }))
                let fromLater = try moved.pass(from: page.next, to: target, pageSize: 100, waiting: { _ in })
                #expect(counted.passFromCount(from: page.next, to: target, pageSize: 100, descriptor: descriptor) == fromLater, "\(target) from \(page.next)")
            }
        }
    }

    @Test func aFileChangedSinceTheCountIsCountedAgain() throws {
        let file = try TestFile(Self.lines(1...1_000))
        let (reader, descriptor, first) = try reader(file.path, pageSize: 100)
        #expect(reader.countItems(pageSize: 100, isCancelled: { false }, progress: { _, _ in }) == 1_000)
        #expect(reader.countedPages?.pass(from: first.next.offset, to: .end) != nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(Self.lines(1_001...1_500).utf8))
        try handle.close()
        #expect(reader.passFromCount(from: first.next, to: .end, pageSize: 100, descriptor: descriptor) == nil)
        // The pass counts instead, and finds the new lines: 1,400 after the first page, 13 pages
        // passed and the last read.
        let pass = try reader.pass(from: first.next, to: .end, pageSize: 100, waiting: { _ in })
        #expect(pass?.starts.count == 13)
    }

    @Test func onlyTheCountsPageSizeAndNoSearchLookUp() throws {
        let file = try TestFile(Self.lines(1...1_000))
        let (reader, descriptor, first) = try reader(file.path, pageSize: 100)
        #expect(reader.countItems(pageSize: 100, isCancelled: { false }, progress: { _, _ in }) == 1_000)
        #expect(reader.passFromCount(from: first.next, to: .end, pageSize: 50, descriptor: descriptor) == nil)
        #expect(reader.passFromCount(from: first.next, to: .match("item"), pageSize: 100, descriptor: descriptor) == nil)
        // Not a page's start.
        #expect(reader.passFromCount(from: StreamPosition(offset: first.next.offset + 1), to: .end, pageSize: 100, descriptor: descriptor) == nil)
        #expect(reader.passFromCount(from: first.next, to: .end, pageSize: 100, descriptor: descriptor)?.starts.count == 8)
    }
}
