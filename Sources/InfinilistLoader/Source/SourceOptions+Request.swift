/// The request every page is sent with (`-X`, `-d`), checked with the other options.
extension SourceOptions {
    /// The method (`-X`, else POST with a body, else GET), the body template parsed once (so a
    /// malformed body or an unknown placeholder is a usage error naming its line and column), and
    /// the body's `Content-Type` unless a `-H` gives one.
    func requestTemplate(headers: [HeaderField]) throws(SourceOptionError) -> RequestTemplate {
        var template = RequestTemplate()
        if let method {
            template.method = try RequestMethod.checked(method)
        } else if body != nil {
            template.method = "POST"
        }
        guard let body else { return template }
        if body.isEmpty { throw SourceOptionError("the body (-d) is empty; leave -d out to send none (-X POST sends a POST without a body)") }
        let contentType = headers.first(named: "content-type")
        do throws(BodyTemplateError) {
            template.body = try BodyTemplate.parse(body, contentType: contentType)
        } catch {
            throw SourceOptionError("the body (-d) \(error.message)")
        }
        if contentType == nil, let type = template.body?.contentType {
            template.headers.append(HeaderField(name: "Content-Type", value: type))
        }
        return template
    }
}
