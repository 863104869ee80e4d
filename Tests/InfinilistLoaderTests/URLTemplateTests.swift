import InfinilistLoader
import Testing

@Suite struct URLTemplateTests {
    @Test func fillsAndPercentEncodes() throws {
        let template = try URLTemplate(parsing: "https://api.example.com/items?page={page}&per={limit}&after={cursor}")
        #expect(template.placeholders == [.page, .limit, .cursor])
        let url = template.fill { placeholder in
            switch placeholder {
            case .page: return "3"
            case .limit: return "50"
            case .cursor: return "a+b/c= d"
            default: return nil
            }
        }
        #expect(url == "https://api.example.com/items?page=3&per=50&after=a%2Bb%2Fc%3D%20d")
    }

    @Test func knowsLastItemPaths() throws {
        #expect(try URLTemplate(parsing: "https://x/y?starting_after={last.id}").placeholders == [.last(path: "id")])
    }

    @Test(arguments: [
        ("https://x/?page={pgae}", "unknown placeholder {pgae}"),
        ("https://x/?page={page", "unclosed '{'"),
        ("https://x/?page=page}", "unmatched '}'"),
        ("https://x/?page={}", "unknown placeholder {}"),
        ("https://x/?page={last.}", "unknown placeholder {last.}"),
        ("https://x/?page={{page}}", "'{{' in the URL https://x/?page={{page}}: placeholders are written with one brace, as {page}; a literal '{' must be percent-encoded as %7B"),
        ("https://x/?page=1}}", "'}}' in the URL https://x/?page=1}}: placeholders are written with one brace, as {page}; a literal '}' must be percent-encoded as %7D"),
        ("https://x/?filter={\"a\":1}", "unknown placeholder {\"a\":1}"),
    ])
    func rejectsMalformedTemplates(text: String, expected: String) {
        #expect {
            _ = try URLTemplate(parsing: text)
        } throws: { error in
            String(describing: error).contains(expected)
        }
    }

    @Test func sourcesRejectBadOptionsBeforeAnyRequest() async {
        let cases: [(String?, SourceOptions, String)] = [
            ("ftp://example.com/?page={page}", SourceOptions(), "only http and https can be requested"),
            ("https://example.com/?page={pgae}", SourceOptions(), "{pgae}"),
            ("https://example.com/?page={page}", with { $0.headers = ["no colon"] }, "malformed header"),
            ("https://example.com/?page={page}", with { $0.itemsPath = "a..b" }, "malformed path"),
            ("https://example.com/?page={page}", with { $0.format = "{title" }, "unclosed"),
            (nil, with { $0.pageSize = 0 }, "--page-size"),
            (nil, with { $0.demoItems = -1 }, "--demo-items"),
        ]
        for (url, options, expected) in cases {
            do {
                let source = try PageSources.make(url: url, options: options)
                await source.close()
                Issue.record("accepted \(url ?? "demo") with bad options; expected: \(expected)")
            } catch {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
    }

    /// A password in the URL never appears in a message about the URL.
    @Test(arguments: ["https://ann:s3cret@x/?page={page", "https://ann:s3cret@x/?page={pgae}", "https://ann:s3cret@x/?page={{page}}", "https://ann:s3cret@x:99999/?page={page}"])
    func messagesAboutAURLHideItsPassword(url: String) async {
        do {
            let source = try PageSources.make(url: url, options: SourceOptions())
            await source.close()
            Issue.record("accepted \(url)")
        } catch {
            #expect(!error.message.contains("s3cret"), "\(error.message)")
            #expect(error.message.contains("ann:***@x") || !error.message.contains("ann"), "\(error.message)")
        }
    }

    private func with(_ change: (inout SourceOptions) -> Void) -> SourceOptions {
        var options = SourceOptions()
        change(&options)
        return options
    }
}
