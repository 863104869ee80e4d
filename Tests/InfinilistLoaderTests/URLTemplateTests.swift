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
            ("ftp://example.com/?page={page}", SourceOptions(), "not an http or https URL"),
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

    private func with(_ change: (inout SourceOptions) -> Void) -> SourceOptions {
        var options = SourceOptions()
        change(&options)
        return options
    }
}
