import InfinilistLoader
import Testing
@testable import TOML

/// A config file that holds a real GraphQL query, and arrays of tables with dates: the shapes the
/// file needs for sources behind POST and GraphQL, read exactly and with their lines.
@Suite struct TOMLConfigQueryTests {
    /// GitHub's GraphQL issues query as a user would paste it: quotes, braces, `$cursor`, a `#`
    /// GraphQL comment, and a GraphQL string with escaped quotes (`\\\"` in a TOML basic string).
    static let file = #"""
        # GitHub issues, through the GraphQL API
        [sources.issues]
        url = "https://api.github.com/graphql"
        headers = { Authorization = "Bearer ${GITHUB_TOKEN}", "User-Agent" = "infinilist" }
        graphql = """
        query Issues($cursor: String) {  # $cursor is null on the first request
          repository(owner: "apple", name: "swift") {
            issues(first: 50, after: $cursor, labels: ["good first issue"], states: OPEN,
                   orderBy: {field: CREATED_AT, direction: DESC}) {
              totalCount
              pageInfo { hasNextPage endCursor }
              nodes { number title url author { login } labels(first: 5) { nodes { name } } }
            }
          }
          search(query: "repo:apple/swift \\\"good first issue\\\"", type: ISSUE, first: 1) { issueCount }
        }"""
        format = "#{number} {title} by {author.login}"
        """#

    static let query = #"""
        query Issues($cursor: String) {  # $cursor is null on the first request
          repository(owner: "apple", name: "swift") {
            issues(first: 50, after: $cursor, labels: ["good first issue"], states: OPEN,
                   orderBy: {field: CREATED_AT, direction: DESC}) {
              totalCount
              pageInfo { hasNextPage endCursor }
              nodes { number title url author { login } labels(first: 5) { nodes { name } } }
            }
          }
          search(query: "repo:apple/swift \"good first issue\"", type: ISSUE, first: 1) { issueCount }
        }
        """#

    @Test func aMultiLineGraphQLQueryIsReadExactly() throws {
        let config = try ConfigFile(text: Self.file, path: "/c.toml")
        let source = try config.source(named: "issues")
        #expect(source.settings.map(\.key) == ["url", "headers", "graphql", "format"])
        let graphql = try #require(source.settings.first { $0.key == "graphql" })
        #expect(graphql.value == .string(Self.query))
        #expect(graphql.line == 5)
        // The setting after the query keeps its own line.
        #expect(source.settings.last?.line == 17)
        #expect(source.settings.last?.value == .string("#{number} {title} by {author.login}"))

        let arguments = try source.arguments(environment: ["GITHUB_TOKEN": "ghp_x"], file: "/c.toml")
        #expect(arguments.map(\.words)[1] == ["--header", "Authorization: Bearer ghp_x", "--header", "User-Agent: infinilist"])
        #expect(arguments.map(\.words)[2] == ["--graphql", Self.query])
        let unexpanded = try source.arguments(environment: [:], file: "/c.toml", expanding: false)
        #expect(unexpanded.map(\.words)[1] == ["--header", "Authorization: Bearer ${GITHUB_TOKEN}", "--header", "User-Agent: infinilist"])
    }

    @Test func theSameQueryAsALiteralStringKeepsItsBackslashes() throws {
        let table = try TOMLParser.parse(#"""
            q = '''
            { search(query: "a \"b\"") { issueCount } }
            '''
            """#)
        #expect(table["q"]?.value == .string(#"{ search(query: "a \"b\"") { issueCount } }"# + "\n"))
    }

    @Test func arraysOfTablesWithDatesAreRead() throws {
        let table = try TOMLParser.parse("""
            [[releases]]
            version = "1.0"
            date = 2024-03-05
            published = 2024-03-05T10:00:00Z

            [[releases]]
            version = "1.1"
            date = 2024-06-30
            published = 2024-06-30 18:30:00.250-07:00
            window = [09:00:00, 17:30:00]

            [releases.notes]
            reviewed = 2024-07-01T09:15:00
            """)
        guard case .array(let releases)? = table["releases"]?.value, releases.count == 2,
              case .table(let first) = releases[0], case .table(let second) = releases[1] else {
            Issue.record("releases is not an array of two tables")
            return
        }
        #expect(first.entries.map(\.key) == ["version", "date", "published"])
        #expect(first["date"]?.value == .dateTime(TOMLDateTime(text: "2024-03-05", date: .init(year: 2024, month: 3, day: 5), time: nil, offsetMinutes: nil)))
        #expect(first["published"]?.line == 4)
        guard case .dateTime(let published)? = second["published"]?.value else {
            Issue.record("published is not a date-time")
            return
        }
        #expect(published.kind == .offsetDateTime)
        #expect(published.time == .init(hour: 18, minute: 30, second: 0, nanosecond: 250_000_000))
        #expect(published.offsetMinutes == -420)
        #expect(second["published"]?.line == 9)
        #expect(second["window"]?.value.kindName == "an array")
        guard case .table(let notes)? = second["notes"]?.value, case .dateTime(let reviewed)? = notes["reviewed"]?.value else {
            Issue.record("[releases.notes] did not go to the last release")
            return
        }
        #expect(reviewed.kind == .localDateTime)
        #expect(notes["reviewed"]?.line == 13)
    }
}
