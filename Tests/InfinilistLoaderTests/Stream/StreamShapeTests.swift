import Foundation
import InfinilistCore
import InfinilistLoader
import TestSupport
import Testing

/// Every input shape a pipe or a file may hold, read through the real source from a real pipe or
/// a real temporary file.
@Suite struct StreamShapeTests {
    @Test func jsonLinesFromAPipeArePagedAndEndAtEOF() async throws {
        let pipe = try TestPipe()
        pipe.write((1...5).map { "{\"id\":\($0)}\n" }.joined())
        pipe.closeWriting()
        let result = try await StreamTest.readAll(try StreamTest.source(pipe.path, pageSize: 2))
        #expect(result.pages == [[#"{"id":1}"#, #"{"id":2}"#], [#"{"id":3}"#, #"{"id":4}"#], [#"{"id":5}"#]])
        #expect(result.end == EndReason("end of input"))
    }

    @Test func prettyPrintedValuesOneAfterAnotherAndTextLines() async throws {
        let file = try TestFile("{\n  \"a\": \"x } {\",\n  \"b\": [1, 2]\n}\n{\"c\": \"q\\\"uote\"}\nnot json at all\n42 true null \"s\"\n")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path))
        #expect(result.pages.flatMap { $0 } == [#"{"a":"x } {","b":[1,2]}"#, #"{"c":"q\"uote"}"#, #""not json at all""#, "42", "true", "null", #""s""#])
    }

    @Test func oneTopLevelArrayIsStreamedElementByElement() async throws {
        let pipe = try TestPipe()
        // The array is not closed yet: its first elements are pages already.
        pipe.write("[{\"id\":1},\n {\"id\":2}, {\"id\":3},")
        let source = try StreamTest.source(pipe.path, pageSize: 2)
        let first = try await source.fetchPage(source.firstKey())
        #expect(first.items.map(\.json) == [#"{"id":1}"#, #"{"id":2}"#])
        pipe.write("{\"id\":4}]\n[{\"id\":5}]")
        pipe.closeWriting()
        let result = try await StreamTest.readAll(source)
        #expect(result.pages.flatMap { $0 } == (1...5).map { #"{"id":\#($0)}"# })
    }

    /// Log lines that open with `[` are text, whole: the `[` did not open a JSON array. A date at
    /// the start of a line is text too, not a broken number.
    @Test func logLinesOpeningWithABracketKeepTheirBracket() async throws {
        let file = try TestFile("[INFO] started\n[2024-01-01 10:00:00] ready\n{\"id\":1}\n2024-01-02 done\n[1, 2]\n[ERROR] gone\n")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path))
        #expect(result.pages.flatMap { $0 } == [
            #""[INFO] started""#, #""[2024-01-01 10:00:00] ready""#, #"{"id":1}"#, #""2024-01-02 done""#, "1", "2", #""[ERROR] gone""#,
        ])
    }

    @Test func aPrettyPrintedObjectHoldingTheListIsReadAsKubectlPrintsIt() async throws {
        let pods = (1...3).map { "    {\"metadata\": {\"name\": \"pod-\($0)\"}}" }.joined(separator: ",\n")
        let file = try TestFile("{\n  \"apiVersion\": \"v1\",\n  \"items\": [\n\(pods)\n  ],\n  \"kind\": \"List\"\n}\n", name: "pods.json")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path, pageSize: 2))
        #expect(result.pages == [[#"{"metadata":{"name":"pod-1"}}"#, #"{"metadata":{"name":"pod-2"}}"#], [#"{"metadata":{"name":"pod-3"}}"#]])
    }

    /// The same list on one line (`kubectl get pods -o json | jq -c .`, a saved Notion answer) is
    /// read as a list too: an envelope key (`kind`, `object`, `has_more`) beside its items says so
    /// (issue 33; it was one item, the whole object).
    @Test func aOneLineObjectHoldingTheListIsReadWhenItSaysItIsAnEnvelope() async throws {
        let pods = (1...3).map { #"{"metadata":{"name":"pod-\#($0)"}}"# }.joined(separator: ",")
        let kubectl = try TestFile(#"{"apiVersion":"v1","items":[\#(pods)],"kind":"List","metadata":{"resourceVersion":""}}"# + "\n", name: "pods.json")
        let listed = try await StreamTest.readAll(try StreamTest.source(kubectl.path))
        #expect(listed.pages.flatMap { $0 } == (1...3).map { #"{"metadata":{"name":"pod-\#($0)"}}"# })
        let notion = try TestFile(#"{"object":"list","results":[{"id":"a"},{"id":"b"}],"next_cursor":null,"has_more":false}"#)
        let results = try await StreamTest.readAll(try StreamTest.source(notion.path))
        #expect(results.pages.flatMap { $0 } == [#"{"id":"a"}"#, #"{"id":"b"}"#])
        // A log's JSON line with an array of objects in it and no envelope key stays a record.
        let log = try TestFile(#"{"level":"info","items":[{"a":1}]}"# + "\n" + #"{"level":"info"}"# + "\n")
        let records = try await StreamTest.readAll(try StreamTest.source(log.path))
        #expect(records.pages.flatMap { $0 } == [#"{"level":"info","items":[{"a":1}]}"#, #"{"level":"info"}"#])
    }

    @Test func itemsPathChoosesTheListInEveryObject() async throws {
        let file = try TestFile(#"{"data":{"children":[{"id":"a"},{"id":"b"}]}}"# + "\n" + #"{"data":{"children":[{"id":"c"}]}}"#)
        let result = try await StreamTest.readAll(try StreamTest.source(file.path, pageSize: 2, itemsPath: "data.children"))
        #expect(result.pages.flatMap { $0 } == [#"{"id":"a"}"#, #"{"id":"b"}"#, #"{"id":"c"}"#])
    }

    /// A top-level array of saved answers (`[{"data": […]}, …]`) with `--items data`: each
    /// element's list is read, pages end inside an element and are read again from there; an
    /// element without the path is an item itself.
    @Test func itemsPathChoosesTheListInEveryElementOfAnArray() async throws {
        let file = try TestFile(#"[{"data":[{"id":1},{"id":2},{"id":3}]},"# + "\n" + #" {"data":[{"id":4}]}, {"id":5}, {"data":[]}, {"data":[{"id":6},{"id":7}]}]"# + "\n")
        let read = try await StreamTest.readAllThenAgain(try StreamTest.source(file.path, pageSize: 2, itemsPath: "data"))
        #expect(read.pages.flatMap { $0 } == (1...7).map { #"{"id":\#($0)}"# })
        #expect(read.again == read.pages)
    }

    @Test func oneLineObjectsWithAnArrayStayItems() async throws {
        // JSON lines whose records hold a `data` array are records, not list holders.
        let file = try TestFile(#"{"data":[1,2]}"# + "\n" + #"{"data":[3]}"# + "\n")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path))
        #expect(result.pages.flatMap { $0 } == [#"{"data":[1,2]}"#, #"{"data":[3]}"#])
    }

    @Test func aGzipFileIsInflatedAsItIsRead() async throws {
        let text = (1...120).map { "{\"n\":\($0)}\n" }.joined()
        let file = try TestFile(Compression.gzip.compress(text), name: "log.jsonl.gz")
        let result = try await StreamTest.readAll(try StreamTest.source(file.path, pageSize: 50))
        #expect(result.pages.map(\.count) == [50, 50, 20])
        #expect(result.pages.last?.last == #"{"n":120}"#)
    }
}
