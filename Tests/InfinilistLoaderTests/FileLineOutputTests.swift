#if canImport(Glibc)
import CPipe
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InfinilistCore
import InfinilistLoader
import InfinilistRuntime
import Testing

@Suite struct FileLineOutputTests {
    @Test func bufferedLinesReachTheFileWhenTheDumpFails() async throws {
        var fds: [Int32] = [0, 0]
        #expect(cpipe_cloexec(&fds, 0) == 0)
        defer { close(fds[0]) }
        let output = FileLineOutput(descriptor: fds[1], bufferBytes: 64 * 1024)
        let errors = FileLineOutput(descriptor: fds[1], bufferBytes: 0)
        let status = await Dumper().run(source: FailingAfterFirstPage(), output: output, errors: errors)
        close(fds[1])
        #expect(status == 1)
        let text = readAll(fds[0])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.prefix(3) == [#"{"id":1,"title":"a"}"#, #"{"id":2,"title":"b"}"#, #"{"id":3,"title":"c"}"#])
        #expect(lines.last == "infinilist: the second page is broken (page 2; 3 items written)")
    }

    /// A dump's item shares its page's buffer and is written from its bytes, a line like any other.
    @Test func sharedTextIsWrittenAsItsBytes() {
        var fds: [Int32] = [0, 0]
        #expect(cpipe_cloexec(&fds, 0) == 0)
        defer { close(fds[0]) }
        let page = Array(#"{"a":"é"}[1,2]"#.utf8)
        let output = FileLineOutput(descriptor: fds[1], bufferBytes: 4)
        output.write(text: SharedText(sharing: page, range: 0..<10))
        output.write(line: "between")
        output.write(text: SharedText(sharing: page, range: 10..<page.count))
        output.flush()
        close(fds[1])
        #expect(readAll(fds[0]) == "{\"a\":\"é\"}\nbetween\n[1,2]\n")
    }

    private func readAll(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Three items, then an error.
private struct FailingAfterFirstPage: PageSource {
    var name: String { "test" }
    func startWalk() -> Walk { Walk(firstKey: PageKey(page: 1)) }
    func fetch(_ key: PageKey) async throws -> PageResponse {
        guard key.index == 0 else { throw PageLoadError(.connection, "the second page is broken") }
        let items: [JSONValue] = ["a", "b", "c"].enumerated().map { index, title in
            .object(["id": .number(String(index + 1)), "title": .string(title)])
        }
        return PageResponse(url: "test", body: .array(items), items: items)
    }
    func page(from response: PageResponse, key: PageKey, kind: RequestKind, walk: inout Walk) -> FetchedPage {
        let items = response.items.values.map { value in Item(json: value.compactJSON, text: value.objectValue?["title"]?.scalarText ?? "") }
        let continuation = FetchedPage.Continuation.next(key.advanced(by: items.count))
        walk.advance(past: key.index, to: continuation)
        return FetchedPage(items: items, continuation: continuation)
    }
}
