import Testing
@testable import InfinilistCore

@Suite struct JSONItemLocatorTests {
    private func locate(_ text: String, _ pathText: String? = nil) throws -> ItemsFound? {
        ItemLocator.items(in: try json(text), at: try pathText.map { try path($0) })
    }

    @Test(arguments: [
        // GitHub REST, Mastodon, JSONPlaceholder, GitLab
        (#"[{"id":1,"title":"a"},{"id":2,"title":"b"}]"#, "(root)", 2),
        // GitHub search
        (#"{"total_count":2,"incomplete_results":false,"items":[{"id":1},{"id":2}]}"#, "items", 2),
        // HN Algolia
        (#"{"hits":[{"objectID":"1","title":"x"}],"page":0,"nbPages":5,"hitsPerPage":20,"nbHits":99}"#, "hits", 1),
        // HN past the end
        (#"{"hits":[],"page":50,"nbPages":50}"#, "hits", 0),
        // Reddit
        (#"{"kind":"Listing","data":{"after":"t3_x","dist":2,"children":[{"kind":"t3","data":{"title":"a"}},{"kind":"t3","data":{"title":"b"}}],"before":null}}"#, "data.children", 2),
        // Stripe
        (#"{"object":"list","url":"/v1/customers","has_more":true,"data":[{"id":"cus_1"},{"id":"cus_2"},{"id":"cus_3"}]}"#, "data", 3),
        // DRF page number / limit-offset / cursor, PokeAPI, Notion
        (#"{"count":1023,"next":"https://api/x?page=2","previous":null,"results":[{"name":"a"}]}"#, "results", 1),
        (#"{"object":"list","results":[{"id":"p"}],"next_cursor":null,"has_more":false}"#, "results", 1),
        // JSON:API
        (#"{"data":[{"type":"articles","id":"1","attributes":{"title":"x"}}],"included":[{"type":"people","id":"9"}],"links":{"next":null}}"#, "data", 1),
        // HAL
        (#"{"_links":{"self":{"href":"/orders"},"next":{"href":"/orders?page=2"}},"currentlyProcessing":14,"_embedded":{"orders":[{"total":30},{"total":20}]}}"#, "_embedded.orders", 2),
        // Spring Data REST
        (#"{"_embedded":{"people":[{"firstName":"F"}]},"_links":{"next":{"href":"/people?page=1{&sort}"}},"page":{"size":20,"totalElements":100,"totalPages":5,"number":0}}"#, "_embedded.people", 1),
        // Spring Page
        (#"{"content":[{"id":1},{"id":2}],"pageable":{"pageNumber":0},"last":false,"totalPages":3,"sort":[]}"#, "content", 2),
        // Slack users.list / conversations.list
        (#"{"ok":true,"members":[{"id":"U1","name":"a"}],"cache_ts":1,"response_metadata":{"next_cursor":"dXNlcjpVMEc5V0ZYTlo="}}"#, "members", 1),
        (#"{"ok":true,"channels":[{"id":"C1"}],"response_metadata":{"next_cursor":""}}"#, "channels", 1),
        // Google
        (#"{"kind":"youtube#searchListResponse","nextPageToken":"CAUQAA","pageInfo":{"totalResults":1},"items":[{"snippet":{"title":"v"}}]}"#, "items", 1),
        (#"{"kind":"drive#fileList","nextPageToken":"x","files":[{"name":"a"},{"name":"b"}]}"#, "files", 2),
        // X v2
        (#"{"data":[{"id":"1","text":"t"}],"meta":{"result_count":1,"next_token":"7140"}}"#, "data", 1),
        // Shopify
        (#"{"products":[{"id":632910392,"title":"IPod"}]}"#, "products", 1),
        // Elasticsearch
        (#"{"took":5,"timed_out":false,"_shards":{"total":1},"hits":{"total":{"value":2},"max_score":1.0,"hits":[{"_id":"1","_source":{}},{"_id":"2","_source":{}}]}}"#, "hits.hits", 2),
        // Classic offset API
        (#"{"objects":[{"a":1}],"total_pages":4,"current_page":1}"#, "objects", 1),
        // Older Google APIs: data.items
        (#"{"apiVersion":"2.0","data":{"totalItems":1,"items":[{"title":"x"}]}}"#, "data.items", 1),
        // Some other key, the only array
        (#"{"count":2,"widgets":[1,2],"meta":{"tags":[]}}"#, "widgets", 2),
    ] as [(String, String, Int)])
    func autodetect(_ text: String, expectedPath: String, count: Int) throws {
        let found = try #require(try locate(text))
        #expect(found.path == expectedPath)
        #expect(found.items.count == count)
    }

    @Test func preferenceOrder() throws {
        // `data` beats `items`, conventional keys beat _embedded, which beats other arrays.
        #expect(try locate(#"{"items":[1],"data":[1,2]}"#)?.path == "data")
        #expect(try locate(#"{"other":[1],"_embedded":{"x":{},"things":[1]},"results":[1,2,3]}"#)?.path == "results")
        #expect(try locate(#"{"other":[1],"_embedded":{"x":{},"things":[1]}}"#)?.path == "_embedded.things")
        // `data` that is an object without a list falls through to the next keys.
        #expect(try locate(#"{"data":{"user":{"id":1}},"items":[1]}"#)?.path == "items")
        // `data: null` (a JSON:API error document) is not an item array.
        #expect(try locate(#"{"data":null,"results":[1]}"#)?.path == "results")
        // `hits` that is an object without `hits.hits` falls through.
        #expect(try locate(#"{"hits":{"total":0},"entries":[1]}"#)?.path == "entries")
    }

    @Test func nothingFits() throws {
        #expect(try locate(#"{"a":[1],"b":[2]}"#) == nil)            // two candidate arrays: ambiguous
        #expect(try locate(#"{"message":"Not Found"}"#) == nil)
        #expect(try locate(#"{"data":{"user":{"id":1}}}"#) == nil)
        #expect(try locate(#""just a string""#) == nil)
        #expect(try locate("null") == nil)
    }

    @Test func redditItemsAreNotUnwrapped() throws {
        let found = try #require(try locate(#"{"data":{"children":[{"kind":"t3","data":{"title":"a"}}]}}"#))
        #expect(found.items.first?.objectValue?["kind"] == .string("t3"))
    }

    @Test func explicitPath() throws {
        let doc = #"{"data":[1],"payload":{"rows":[{"a":1},{"a":2}]},"notarray":{"x":1}}"#
        #expect(try locate(doc, "payload.rows") == ItemsFound(items: [object(["a": .number("1")]), object(["a": .number("2")])], path: "payload.rows", location: try JSONPath(parsing: "payload.rows")))
        #expect(try locate(doc, "notarray") == nil)
        #expect(try locate(doc, "missing") == nil)
        #expect(try locate(#"{"a.b":[true]}"#, #"["a.b"]"#)?.path == #"["a.b"]"#)
        #expect(try locate("[[1,2],[3]]", "1")?.items == [.number("3")])
    }

    @Test func hostileKeysAreSanitizedInThePath() throws {
        let found = try #require(try locate(#"{"_embedded":{"x\u001b]2;t\u0007":[1]}}"#))
        #expect(found.path == #"_embedded["x\x1B]2;t\x07"]"#)
    }
}
