import CPipe
import Foundation
import Glibc
import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Hostile input on a pipe (issue 32): a line far longer than the spool, an endless line, a byte
/// order mark before the first value.
@Suite struct StreamOversizeTests {
    /// 10 items, a line of 2 MiB (four times the spool), 10 items: the line is a row saying it was
    /// skipped, the items after it come, and every page reads back the same from the spool.
    @Test func aLineLongerThanTheSpoolIsSkippedAndTheListGoesOn() async throws {
        let pipe = try TestPipe()
        let before = (0..<10).map { "{\"id\":\($0)}\n" }.joined()
        let after = (10..<20).map { "{\"id\":\($0)}\n" }.joined()
        let writing = Task.detached {
            await pipe.writeOffPool(before)
            await pipe.writeOffPool(String(repeating: "x", count: 65_536), times: 32)
            await pipe.writeOffPool("\n" + after)
            pipe.closeWriting()
        }
        let read = try await StreamTest.readAllThenAgain(try StreamTest.source(pipe.path, pageSize: 8, maxValueBytes: 4096, spoolMax: 512 * 1024))
        await writing.value
        let items = read.pages.flatMap { $0 }
        #expect(items.count == 21, "\(items)")
        #expect(items.prefix(10) == ArraySlice((0..<10).map { "{\"id\":\($0)}" }))
        #expect(items[10].contains("is longer than --max-page-bytes (4 KiB): skipped"), "\(items[10])")
        #expect(items.suffix(10) == ArraySlice((10..<20).map { "{\"id\":\($0)}" }))
        #expect(read.again == read.pages)
    }

    /// An endless line (`/dev/zero`) stops at the skip bound with a message saying what was skipped
    /// and how much, instead of reading for ever; the splitter holds about a chunk meanwhile.
    @Test func anEndlessLineStopsAtTheSkipBound() throws {
        let zero = open("/dev/zero", O_RDONLY | O_CLOEXEC)
        try #require(zero >= 0)
        let input = DescriptorInput(descriptor: zero, label: "/dev/zero", ownsDescriptor: true)
        let reader = StreamReader(
            input: input, rereadDescriptor: nil, label: "/dev/zero", spool: nil, mode: .values, maxValueBytes: 4096,
            maxSkipBytes: 8 << 20)
        var said: [String] = []
        #expect {
            _ = try reader.read(from: .start, count: 10, isCancelled: { false }, waiting: { reason in
                if case .skipping(let text) = reason { said.append(text) }
            })
        } throws: { error in
            let message = (error as? PageLoadError)?.message ?? ""
            return message.contains("from byte 0") && message.contains("(8 MiB)") && message.contains("--max-page-bytes (4 KiB)")
        }
        // Said on the way: once 1 MiB is scanned, then each quarter of the bound (2 MiB).
        #expect(said.count >= 4 && said.count <= 5, "\(said)")
        #expect(said.first?.hasPrefix("skipping a value (or line) from byte 0 longer than --max-page-bytes (4 KiB): ") == true)
        #expect(said.last?.contains("so far; reading stops at --max-skip (8 MiB)") == true, "\(said)")
        // Stopped for good: a retry says the same at once.
        #expect(throws: PageLoadError.self) {
            _ = try reader.read(from: .start, count: 10, isCancelled: { false }, waiting: { _ in })
        }
    }

    /// A value a few bytes over the limit is skipped at once: said as skipped, with no "skipping
    /// … so far" line before it.
    @Test func aSmallOversizeValueIsNotSaidAsItGoes() throws {
        var ends: [Int32] = [0, 0]
        try #require(cpipe_cloexec(&ends, 0) == 0)
        let text = Array("{\"id\":1}\n{\"title\":\"much too long\"}\n{\"id\":2}\n".utf8)
        try #require(write(ends[1], text, text.count) == text.count)
        close(ends[1])
        let input = DescriptorInput(descriptor: ends[0], label: "stdin", ownsDescriptor: true)
        let reader = StreamReader(input: input, rereadDescriptor: nil, label: "stdin", spool: nil, mode: .values, maxValueBytes: 16)
        var said: [String] = []
        let read = try reader.read(from: .start, count: 10, isCancelled: { false }, waiting: { reason in
            if case .skipping(let text) = reason { said.append(text) }
        })
        #expect(said.isEmpty, "\(said)")
        #expect(read?.entries.count == 3)
    }

    @Test func skippingHoldsAboutAChunk() {
        var splitter = ValueSplitter(at: .start, maxValueBytes: 4096)
        let chunk = [UInt8](repeating: 0, count: 65_536)
        var largest = 0
        for _ in 0..<64 {
            splitter.append(chunk)
            #expect(splitter.next(atEOF: false) == nil)
            largest = max(largest, splitter.bufferedBytes)
        }
        #expect(largest <= 4096 + 2 * chunk.count, "held \(largest) bytes")
        #expect(splitter.skipping?.start == 0)
        #expect(splitter.skipping.map { $0.scanned >= 63 * chunk.count } == true)
    }

    /// A byte order mark before the first value is skipped on a pipe as on a file: the array's
    /// items, or the first JSON line, stay items.
    @Test(arguments: ["[{\"a\":1},{\"a\":2}]", "{\"a\":1}\n{\"a\":2}\n"])
    func aByteOrderMarkIsSkippedOnAPipe(text: String) async throws {
        let pipe = try TestPipe()
        pipe.write([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        pipe.closeWriting()
        let result = try await StreamTest.readAll(try StreamTest.source(pipe.path))
        #expect(result.pages.flatMap { $0 } == [#"{"a":1}"#, #"{"a":2}"#])
    }

    @Test func aByteOrderMarkSplitAcrossReadsIsSkipped() {
        var splitter = ValueSplitter(at: .start, maxValueBytes: 4096)
        splitter.append([0xEF])
        #expect(splitter.next(atEOF: false) == nil)
        splitter.append([0xBB, 0xBF] + Array("{\"a\":1}\n".utf8))
        let piece = splitter.next(atEOF: false)
        #expect(piece?.kind == .json)
        #expect(piece?.start == 3)
    }

    /// A byte-order mark between values (two files joined with `cat`, one doubled at the start,
    /// one split across reads) is skipped like whitespace: no value becomes a row of text.
    @Test func aByteOrderMarkBetweenValuesIsSkipped() async throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let pipe = try TestPipe()
        pipe.write(mark + mark + Array("{\"a\":1}\n".utf8) + mark + Array("{\"a\":2}\n[{\"a\":3}]".utf8) + mark + Array("\n".utf8))
        pipe.closeWriting()
        let result = try await StreamTest.readAll(try StreamTest.source(pipe.path))
        #expect(result.pages.flatMap { $0 } == [#"{"a":1}"#, #"{"a":2}"#, #"{"a":3}"#])

        var splitter = ValueSplitter(at: StreamPosition(offset: 10), maxValueBytes: 4096)
        splitter.append(Array("{\"a\":1}\n".utf8) + [0xEF, 0xBB])
        #expect(splitter.next(atEOF: false)?.kind == .json)
        #expect(splitter.next(atEOF: false) == nil)
        splitter.append([0xBF] + Array("{\"a\":2}\n".utf8))
        #expect(splitter.next(atEOF: false)?.kind == .json)
    }

    /// A UTF-16 input (a byte-order mark FF FE or FE FF) stops at once with how to convert it,
    /// instead of rows of text full of NUL bytes.
    @Test(arguments: [[0xFF, 0xFE] as [UInt8], [0xFE, 0xFF]])
    func aUTF16InputSaysHowToConvertIt(mark: [UInt8]) async throws {
        let pipe = try TestPipe()
        pipe.write(mark + Array("{\"a\":1}".utf8).flatMap { mark[0] == 0xFF ? [$0, 0] : [0, $0] })
        pipe.closeWriting()
        await #expect {
            _ = try await StreamTest.readAll(try StreamTest.source(pipe.path))
        } throws: { error in
            let message = (error as? PageLoadError)?.message ?? "\(error)"
            return message.contains("is UTF-16") && message.contains("iconv -f UTF-16 -t UTF-8")
        }
    }

    /// UTF-32's mark (FF FE 00 00) starts like UTF-16's: named as UTF-32, so the advice works.
    @Test func aUTF32InputIsNamedAsOne() async throws {
        let pipe = try TestPipe()
        pipe.write([0xFF, 0xFE, 0, 0] + Array("{".utf8).flatMap { [$0, 0, 0, 0] })
        pipe.closeWriting()
        await #expect {
            _ = try await StreamTest.readAll(try StreamTest.source(pipe.path))
        } throws: { error in
            ((error as? PageLoadError)?.message ?? "").contains("is UTF-32 (it starts with a byte-order mark) and infinilist reads UTF-8: convert it first, e.g. iconv -f UTF-32 -t UTF-8")
        }
    }

    /// Without a byte-order mark (`iconv -t UTF-16LE` writes none), the NULs around the first
    /// ASCII characters name the encoding; NULs alone (`/dev/zero`) and UTF-8 are read as they are.
    @Test func anEncodingWithoutAMarkIsNamedByItsNULs() {
        func named(_ bytes: [UInt8]) -> String? {
            StreamReader.utf16(bytes, label: "stdin")?.message
        }
        let json = Array("[{\"a\":1}]".utf8)
        #expect(named(json.flatMap { [$0, 0] })?.contains("is UTF-16LE (a NUL byte comes after each of its first characters)") == true)
        #expect(named(json.flatMap { [0, $0] })?.contains("iconv -f UTF-16BE -t UTF-8") == true)
        #expect(named(json.flatMap { [$0, 0, 0, 0] })?.contains("is UTF-32LE") == true)
        #expect(named(json.flatMap { [0, 0, 0, $0] })?.contains("is UTF-32BE") == true)
        #expect(named([UInt8](repeating: 0, count: 64)) == nil)
        #expect(named(json) == nil)
        #expect(named(Array("é\n".utf8)) == nil)
    }

    @Test func aUTF16InputWithoutAMarkStopsOnAPipe() async throws {
        let pipe = try TestPipe()
        pipe.write(Array("{\"a\":1}\n{\"a\":2}\n".utf8).flatMap { [$0, 0] })
        pipe.closeWriting()
        await #expect {
            _ = try await StreamTest.readAll(try StreamTest.source(pipe.path))
        } throws: { error in
            ((error as? PageLoadError)?.message ?? "").contains("is UTF-16LE")
        }
    }
}
