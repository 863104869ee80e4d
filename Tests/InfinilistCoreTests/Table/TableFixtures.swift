@testable import InfinilistCore

/// Items shaped as real APIs send them (fields trimmed, order and types as the APIs have them),
/// for the table's snapshot tests.
enum TableFixtures {
    /// 2026-11-23T18:00:00Z, a Monday evening in UTC.
    static let now = WallClock(seconds: 1_795_456_800)

    /// GitHub's `GET /repos/{owner}/{repo}/issues`.
    static let githubIssues: [String] = [
        githubIssue(78012, "Crash in SILGen when a closure captures an inout parameter", "jckarter", "open", 3, "2026-11-23T15:12:09Z"),
        githubIssue(78011, "Improve diagnostics for missing await", "hborla", "open", 12, "2026-11-22T09:30:00Z"),
        githubIssue(77950, "Typo in docs", "octocat", "closed", 0, "2026-11-02T11:00:00Z"),
        githubIssue(61234, "Package resolution hangs behind a proxy that rewrites CONNECT requests", "a-very-long-login-name-x", "open", 145, "2025-03-04T08:00:00Z"),
    ]

    static func githubIssue(_ number: Int, _ title: String, _ login: String, _ state: String, _ comments: Int, _ created: String) -> String {
        """
        {"url":"https://api.github.com/repos/apple/swift/issues/\(number)","repository_url":"https://api.github.com/repos/apple/swift",\
        "html_url":"https://github.com/apple/swift/issues/\(number)","id":\(2_700_000_000 + number),"node_id":"I_kwDOAmr3Ys6h\(number)",\
        "number":\(number),"title":"\(title)","user":{"login":"\(login)","id":\(number % 977),"type":"User","site_admin":false},\
        "labels":[{"id":1,"name":"bug","color":"d73a4a"}],"state":"\(state)","locked":false,"assignee":null,"assignees":[],\
        "milestone":null,"comments":\(comments),"created_at":"\(created)","updated_at":"\(created)","closed_at":null,\
        "author_association":"MEMBER","active_lock_reason":null,"body":"Steps to reproduce:\\n1. build","reactions":{"total_count":2,"+1":2},\
        "state_reason":null}
        """
    }

    /// Hacker News through Algolia's `search_by_date?tags=story`: `hits`.
    static let hackerNewsStories: [String] = [
        hnStory("Show HN: A terminal browser for paginated JSON APIs", "pg", 142, 57, "2026-11-23T17:41:20Z"),
        hnStory("The unreasonable effectiveness of SQLite", "dang", 1024, 388, "2026-11-23T12:05:00Z"),
        hnStory("Ask HN: What are you working on?", "whoishiring", 9, 0, "2026-11-23T17:59:30Z"),
    ]

    static func hnStory(_ title: String, _ author: String, _ points: Int, _ comments: Int, _ created: String) -> String {
        """
        {"created_at":"\(created)","title":"\(title)","url":"https://example.com/\(points)","author":"\(author)",\
        "points":\(points),"story_text":null,"comment_text":null,"num_comments":\(comments),"story_id":null,\
        "story_title":null,"story_url":null,"parent_id":null,"created_at_i":\(1_795_400_000 + points),\
        "_tags":["story","author_\(author)","story_\(points)"],"objectID":"4200\(points)",\
        "_highlightResult":{"title":{"value":"x","matchLevel":"none","matchedWords":[]}}}
        """
    }

    /// Stripe's `GET /v1/customers`: `data`.
    static let stripeCustomers: [String] = [
        stripeCustomer("cus_NffrFeUfNV2Hib", "\"Jenny Rosen\"", "jenny.rosen@example.com", 0, 1_795_400_000),
        stripeCustomer("cus_NffrFeUfNV2Hic", "\"Chidi Anagonye\"", "chidi@example.org", -2500, 1_790_000_000),
        stripeCustomer("cus_NffrFeUfNV2Hid", "null", "no-name@example.net", 120_000, 1_700_000_000),
    ]

    static func stripeCustomer(_ id: String, _ name: String, _ email: String, _ balance: Int, _ created: Int) -> String {
        """
        {"id":"\(id)","object":"customer","address":null,"balance":\(balance),"created":\(created),"currency":"usd",\
        "default_currency":null,"default_source":null,"delinquent":false,"description":null,"discount":null,\
        "email":"\(email)","invoice_prefix":"0759376C","invoice_settings":{"custom_fields":null,"default_payment_method":null,\
        "footer":null,"rendering_options":null},"livemode":false,"metadata":{},"name":\(name),"next_invoice_sequence":1,\
        "phone":null,"preferred_locales":[],"shipping":null,"tax_exempt":"none","test_clock":null}
        """
    }

    /// Reddit's `/r/{sub}/new.json`: `data.children`, each `{kind, data}`.
    static let redditPosts: [String] = [
        redditPost("Swift 6.3 released", "twostraws", 412, 88, 1_795_440_000),
        redditPost("How do I bridge a C callback into async/await?", "throwaway_swiftie", 7, 12, 1_795_455_000),
        redditPost("Weekly questions thread", "AutoModerator", 1, 240, 1_795_000_000),
    ]

    static func redditPost(_ title: String, _ author: String, _ score: Int, _ comments: Int, _ created: Int) -> String {
        """
        {"kind":"t3","data":{"approved_at_utc":null,"subreddit":"swift","selftext":"","author_fullname":"t2_\(score)",\
        "title":"\(title)","name":"t3_\(score)x","ups":\(score),"score":\(score),"created":\(created).0,"domain":"self.swift",\
        "num_comments":\(comments),"author":"\(author)","permalink":"/r/swift/comments/\(score)x/","url":"https://www.reddit.com/r/swift/",\
        "created_utc":\(created).0,"id":"\(score)x"}}
        """
    }

    /// The demo feed's shape, with titles in several scripts and widths.
    static let demoShaped: [String] = [
        #"{"id":1,"title":"한글 폰트 렌더링의 숨은 비밀","author":"김민준","score":812,"comments":33,"topic":"design","url":"https://example.com/design/1","created_at":"2026-11-23T17:58:00Z"}"#,
        #"{"id":2,"title":"🏳️‍🌈 Pride month reading list","author":"ana","score":7,"comments":0,"topic":"books","url":"https://example.com/books/2","created_at":"2026-11-23T17:12:00Z"}"#,
        #"{"id":3,"title":"混合テキスト mixed with English, 한국어, Ελληνικά and العربية in one very long headline","author":"佐藤さくら","score":45,"comments":249,"topic":"i18n","url":"https://example.com/i18n/3","created_at":"2026-11-23T09:00:00Z"}"#,
        #"{"id":4,"title":"Où est passé le café ? Enquête à Montréal","author":"zoë","score":0,"comments":2,"topic":"food","url":"https://example.com/food/4","created_at":"2026-11-20T18:00:00Z"}"#,
    ]
}

/// A state at `size` with one page of `jsons` loaded (items built as the loader builds them:
/// the guessed title, the `id` field) and the wall clock at `now`.
func tableState(_ jsons: [String], columns: ColumnChoice = .auto, size: Size = Size(rows: 8, columns: 80),
                now: WallClock? = TableFixtures.now, end: EndReason? = EndReason("end")) -> AppState {
    var config = AppConfig(sourceName: "test", prefetch: 0)
    config.columns = columns
    var state = AppState(config: config, size: size)
    if let now { _ = state.update(.wallClock(now)) }
    guard case .load(let request)? = state.start().first else { return state }
    _ = state.update(.pageLoaded(PageResult(request: request, items: jsonItems(jsons), end: end)))
    return state
}

/// Items made from JSON texts as the loader makes them.
func jsonItems(_ jsons: [String]) -> [Item] {
    jsons.map { json in
        let value = (try? JSONParser.parse(json)) ?? .string("unparsable fixture: \(json)")
        return makeItem(value, formatter: ItemFormatter(), idPath: JSONPath([.key("id")]))
    }
}

/// `--columns SPEC` as the command line passes it.
func given(_ spec: String) -> ColumnChoice {
    (try? ColumnSpec.parseList(spec)).map(ColumnChoice.given) ?? .lines
}
