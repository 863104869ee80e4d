import InfinilistLoader
import Testing

/// A GraphQL source in the config file: the query as a multi-line string, its variables as a
/// table whose values keep their TOML type (written as JSON into `--var`), `${VAR}` filled in
/// strings, and the cursor variable.
@Suite struct GraphQLConfigTests {
    @Test func varsBecomeVarFlagsWithJSONValuesOfTheirTOMLType() throws {
        let text = """
            [sources.issues]
            url = "https://api.github.com/graphql"
            graphql = \"\"\"
            query($owner: String!, $after: String) {
              repository(owner: $owner) { id }
            }\"\"\"
            vars = { owner = "${OWNER}", first = 50, ratio = 0.5, draft = false, name = "50", labels = ["bug", 3], order = { field = "CREATED_AT" } }
            cursor_var = "after"
            """
        let file = try ConfigFile(text: text, path: "/c.toml")
        let arguments = try file.source(named: "issues").arguments(environment: ["OWNER": "apple \"inc\""], file: "/c.toml")
        #expect(arguments.map(\.words) == [
            ["https://api.github.com/graphql"],
            ["--graphql", "query($owner: String!, $after: String) {\n  repository(owner: $owner) { id }\n}"],
            [
                "--var", #"owner="apple \"inc\"""#, "--var", "first=50", "--var", "ratio=0.5", "--var", "draft=false",
                "--var", #"name="50""#, "--var", #"labels=["bug",3]"#, "--var", #"order={"field":"CREATED_AT"}"#,
            ],
            ["--cursor-var", "after"],
        ])
    }

    @Test func varsMayBeAnArrayOfAssignments() throws {
        let file = try ConfigFile(text: "[sources.x]\nvars = [\"owner=apple\", \"first=${N}\"]\n", path: "/c.toml")
        let arguments = try file.source(named: "x").arguments(environment: ["N": "5"], file: "/c.toml")
        #expect(arguments.map(\.words) == [["--var", "owner=apple", "--var", "first=5"]])
        let bad = try ConfigFile(text: "[sources.x]\nvars = [\"owner\"]\n", path: "/c.toml")
        #expect(throws: ConfigError("/c.toml line 2 ([sources.x] vars): a variable is written 'NAME=VALUE' (or as a table: vars = { NAME = VALUE })")) {
            try bad.source(named: "x").arguments(environment: [:], file: "/c.toml")
        }
    }
}
