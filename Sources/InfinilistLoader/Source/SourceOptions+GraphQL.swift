import InfinilistCore

extension SourceOptions {
    /// The style and requests of a `--graphql` list, checked; nil without `--graphql` (then
    /// `--var` and `--cursor-var` are errors: they would be ignored).
    func graphQLPaging(template: URLTemplate) throws(SourceOptionError) -> (style: GraphQLStyle, requests: RequestTemplate)? {
        guard let query = graphQL else {
            if !graphQLVariables.isEmpty { throw SourceOptionError("--var sets a variable of the --graphql query; give the query with --graphql") }
            if cursorVariable != nil { throw SourceOptionError("--cursor-var names the cursor variable of the --graphql query; give the query with --graphql") }
            return nil
        }
        if cursorPath != nil {
            throw SourceOptionError("--cursor reads a cursor for {cursor} in the URL; with --graphql the cursor is the connection's pageInfo.endCursor, sent in the query's variables")
        }
        if nextPath != nil {
            throw SourceOptionError("--next follows next links; with --graphql every page is a POST to the same URL, with the cursor in the query's variables")
        }
        if body != nil || method != nil {
            throw SourceOptionError("--graphql sends the query as the POST body itself; leave out -d and -X")
        }
        if firstCursor != nil {
            throw SourceOptionError("--first-cursor is for {cursor} in a URL or -d body; with --graphql give the first cursor as --var \(cursorVariable ?? "cursor")=VALUE")
        }
        if template.placeholders.contains(where: { $0 != .limit }) {
            throw SourceOptionError("with --graphql the cursor goes into the query's variables, not the URL: remove {page}, {offset}, {cursor} and {last.PATH} from the URL")
        }
        let request = try GraphQLRequest(query: query, assignments: graphQLVariables, cursorVariable: cursorVariable)
        let connectionPath = try itemsPath.map { path throws(SourceOptionError) in try Self.path(path, flag: "--items", prefixed: false) }
        let style = GraphQLStyle(template: template, pageSize: pageSize, request: request, connectionPath: connectionPath)
        return (style, RequestTemplate.graphQL(request))
    }
}
