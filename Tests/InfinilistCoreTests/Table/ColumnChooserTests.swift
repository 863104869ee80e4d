import Testing
@testable import InfinilistCore

/// Which columns the first page gives, for the shapes of real APIs.
@Suite struct ColumnChooserTests {
    private func chosen(_ jsons: [String]) -> String? {
        let values = jsons.compactMap { try? JSONParser.parse($0) }
        return ColumnLayout.make(.auto, firstPage: values)?.specText
    }

    @Test func githubIssuesGetNumberTitleAuthorStateCommentsAndDate() {
        #expect(chosen(TableFixtures.githubIssues) == "number,title,user.login,state,comments,created_at")
    }

    @Test func hackerNewsStoriesGetTitleAuthorPointsCommentsAndDate() {
        #expect(chosen(TableFixtures.hackerNewsStories) == "title,author,points,num_comments,created_at")
    }

    @Test func stripeCustomersGetNameEmailBalanceAndTheUnixTimeCreated() {
        #expect(chosen(TableFixtures.stripeCustomers) == "name,email,balance,created")
        let layout = ColumnLayout.make(.auto, firstPage: TableFixtures.stripeCustomers.compactMap { try? JSONParser.parse($0) })
        #expect(layout?.columns.map(\.kind) == [.text, .text, .number, .date])
    }

    @Test func redditPostsAreReadInsideTheirDataWrapper() {
        #expect(chosen(TableFixtures.redditPosts) == "data.title,data.author,data.score,data.num_comments,data.created")
    }

    /// `kubectl get pods -o json | infinilist`: name, phase and age, as k9s shows pods (issue 33.6),
    /// read one level into `metadata` and `status`.
    @Test func kubernetesPodsGetNameStatusAndAgeFromMetadataAndStatus() {
        let pods = (1...3).map { n in
            #"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-\#(n)","namespace":"default","uid":"u\#(n)","creationTimestamp":"2026-11-2\#(n)T10:00:00Z"},"spec":{"nodeName":"node-1"},"status":{"phase":"Running","podIP":"10.0.0.\#(n)"}}"#
        }
        #expect(chosen(pods) == "metadata.name,status.phase,metadata.creationTimestamp")
        let layout = ColumnLayout.make(.auto, firstPage: pods.compactMap { try? JSONParser.parse($0) })
        #expect(layout?.columns.map(\.header) == ["name", "phase", "creationTimestamp"])
        #expect(layout?.columns.last?.kind == .date)
    }

    /// Elasticsearch's `hits.hits`: the record is in `_source`, beside the hit's own `_id`/`_score`.
    @Test func elasticsearchHitsAreReadInsideTheirSource() {
        let hits = (1...3).map { n in
            #"{"_index":"posts","_id":"\#(n)","_score":1.5,"_source":{"title":"Post \#(n)","author":"ann","created_at":"2026-11-2\#(n)T10:00:00Z","likes":\#(n)}}"#
        }
        #expect(chosen(hits) == "_source.title,_source.author,_source.likes,_source.created_at")
    }

    /// A Notion database query's pages: the record is in typed `properties` (`{"type": "title",
    /// "title": [rich text]}`, `{"type": "status", "status": {"name": …}}`), whose names are the
    /// user's (`Task name`, `Status`). The title property is the title, whatever its name; the
    /// status reads as its option's name; cells show the content, not the wrapper (issue 33.6:
    /// only `url` and `created_time` were shown).
    @Test func notionPagesGetTheirTitleAndStatusFromTypedProperties() throws {
        let pages = (1...3).map { n in
            #"{"object":"page","id":"p\#(n)","created_time":"2026-11-2\#(n)T10:00:00.000Z","url":"https://www.notion.so/p\#(n)","properties":{"Status":{"id":"s","type":"status","status":{"id":"x","name":"Done","color":"green"}},"Due":{"id":"d","type":"date","date":{"start":"2026-12-0\#(n)","end":null}},"Tags":{"id":"t","type":"multi_select","multi_select":[{"name":"ops"},{"name":"q3"}]},"Task name":{"id":"title","type":"title","title":[{"type":"text","plain_text":"Report \#(n)"},{"type":"text","plain_text":" (draft)"}]}}}"#
        }
        #expect(chosen(pages) == "properties.Task name,properties.Status,created_time")
        let values = pages.compactMap { try? JSONParser.parse($0) }
        let layout = try #require(ColumnLayout.make(.auto, firstPage: values))
        #expect(layout.cells(for: values[0]).map(\.searchText) == ["Report 1 (draft)", "Done", "2026-11-21T10:00:00.000Z"])
        // Cells of typed values named by --columns show their content too.
        let picked = try #require(ColumnLayout.make(.given(try ColumnSpec.parseList("properties.Due,properties.Tags")), firstPage: values))
        #expect(picked.cells(for: values[1]).map(\.searchText) == ["2026-12-02", "ops, q3"])
    }

    /// A field of the item is preferred to one of the same name inside a wrapper.
    @Test func theItemsOwnFieldComesBeforeAWrappersOfTheSameName() {
        let items = (1...3).map { n in #"{"title":"own \#(n)","state":"open","metadata":{"title":"inner","state":"x"}}"# }
        #expect(chosen(items) == "title,state")
    }

    @Test func theDemoShapeGetsTitleAuthorScoreCommentsAndAge() {
        #expect(chosen(TableFixtures.demoShaped) == "title,author,score,comments,created_at")
    }

    @Test func theTitleIsTheOneFlexibleColumn() {
        let layout = ColumnLayout.make(.auto, firstPage: TableFixtures.githubIssues.compactMap { try? JSONParser.parse($0) })
        #expect(layout?.columns.filter(\.isFlexible).map(\.spec.text) == ["title"])
    }

    @Test func noTableWithoutATitleAndAnotherColumn() {
        // One column would be today's row with a header; numbers alone have no title.
        #expect(chosen([#"{"id":1,"title":"a"}"#, #"{"id":2,"title":"b"}"#]) == nil)
        #expect(chosen([#"{"n":1}"#, #"{"n":2}"#]) == nil)
        #expect(chosen([#""just a string""#, #"42"#]) == nil)
        #expect(chosen([]) == nil)
    }

    @Test func withoutATitleLikeKeyTheWidestTextFieldIsTheTitle() {
        #expect(chosen([
            #"{"code":"A1","headline_text":"Something long happened today","status":"ok"}"#,
            #"{"code":"B2","headline_text":"Short","status":"late"}"#,
        ]) == "headline_text,status")
    }

    @Test func aFieldMostItemsLackOrOfTheWrongTypeIsNotChosen() {
        // `author` on one item of three; `score` a string on one of them.
        #expect(chosen([
            #"{"title":"a","author":"x","score":1,"created_at":"2026-11-23T10:00:00Z"}"#,
            #"{"title":"b","score":"n/a","created_at":"2026-11-23T10:00:00Z"}"#,
            #"{"title":"c","score":3,"created_at":"2026-11-23T10:00:00Z"}"#,
        ]) == "title,created_at")
    }

    @Test func aNumberIsADateOnlyInAFieldNamedLikeOne() {
        #expect(chosen([#"{"title":"a","count":1795400000}"#]) == "title,count")
        let layout = ColumnLayout.make(.auto, firstPage: [try! JSONParser.parse(#"{"title":"a","count":1795400000}"#)])
        #expect(layout?.columns.map(\.kind) == [.text, .number])
    }

    @Test func theChoiceIsTheSameEveryTime() {
        let values = TableFixtures.githubIssues.compactMap { try? JSONParser.parse($0) }
        #expect(ColumnLayout.make(.auto, firstPage: values) == ColumnLayout.make(.auto, firstPage: values))
    }
}
