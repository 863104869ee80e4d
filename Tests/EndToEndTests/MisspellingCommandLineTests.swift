import Foundation
import Testing

/// A new user's mistakes on the command line are named as what they are (issue 33.2): a
/// misspelled flag as an unknown option with the nearest one, not as a URL problem with the
/// word after it; a missing file as a missing file; `host:port/path` with the `http://` it lacks.
struct MisspellingCommandLineTests {
    static let url = "http://127.0.0.1:9/items?page={page}"

    @Test(arguments: [
        (["--colums", "title", url], "unknown option --colums; did you mean --columns?"),
        (["--first_page", "0", url], "unknown option --first_page: it is written --first-page"),
        (["--max-item", "3", "--dump", url], "unknown option --max-item; did you mean --max-items?"),
        (["--paralel", "4", "--dump", url], "unknown option --paralel; did you mean --parallel?"),
        (["--outptu", "csv", "--dump", url], "unknown option --outptu; did you mean --output?"),
        (["--colums=title", url], "unknown option --colums; did you mean --columns?"),
        (["-colums", "title", url], "unknown option -colums; did you mean --columns?"),
        (["-o", "csv", url], "unknown option -o; the one-letter options are -H"),
    ])
    func aMisspelledFlagIsAnUnknownOption(arguments: [String], message: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, arguments)
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("scheme"), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// After `--` every word is an argument: an unknown option there is the URL's problem.
    @Test func afterTheTerminatorADashedWordIsNotAnOption() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--", "--colums"])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("unknown option"), "stderr: \(run.stderr)")
    }

    @Test func aMissingFileIsNamedAsOne() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("nosuch.json").path
        for word in ["nosuch.json", path] {
            let run = try await ProcessRun.run(Binary.path, ["--dump", word])
            #expect(run.status == 64, "stderr: \(run.stderr)")
            #expect(run.stderr.contains("no such file: \(word)"), "stderr: \(run.stderr)")
            #expect(!run.stderr.contains("has no scheme"), "stderr: \(run.stderr)")
        }
    }

    @Test(arguments: [
        ("localhost:18080/posts", "did you mean http://localhost:18080/posts?"),
        ("127.0.0.1:8080/items?page={page}", "did you mean http://127.0.0.1:8080/items?page={page}?"),
        ("api.github.com/repos/apple/swift/issues", "did you mean https://api.github.com/repos/apple/swift/issues?"),
    ])
    func aServerWithoutItsSchemeIsToldTheScheme(word: String, message: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", word])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("the URL \(word) has no scheme; \(message)"), "stderr: \(run.stderr)")
    }

    /// A password typed into a word without a scheme is not shown back.
    @Test func aPasswordInAWordWithoutASchemeIsMasked() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "me:hunter2@example/items"])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("no such file: me:***@example/items"), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("hunter2"))
    }
}
