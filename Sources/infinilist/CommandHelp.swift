import InfinilistCore

/// `--help`: a short overview before the usage and the options, then the guide after them
/// (placeholders, examples against the demo feed and real public APIs, the configuration, the
/// keys, generated from the key table so help and behaviour never disagree, and the exit
/// statuses). The usage comes first, as in git's and curl's help, and the guide is wrapped here,
/// its indented lines (examples, a config file) never: the parser's wrapping left a lone `\` on a
/// line and split `url =` from its value.
enum CommandHelp {
    static let discussion = """
        infinilist shows one row per item and fetches the next page before you reach the bottom \
        of the list. Enter prints the item under the cursor as one line of JSON to stdout, so \
        `infinilist URL > picked.json` works as it does with fzf; --dump writes every item. \
        Placeholders, examples, the keys and the exit statuses follow the options.
        """

    /// `--help`'s text: the parser's (overview, usage, options), then the guide.
    static func fullHelp(columns: Int = 80) -> String {
        Infinilist.helpMessage(columns: columns) + "\n" + wrapped(guide, width: columns)
    }

    /// Paragraphs wrapped at `width`; a line that starts with a space is kept as written.
    static func wrapped(_ text: String, width: Int) -> String {
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard !line.hasPrefix(" "), line.count > width else {
                out.append(String(line))
                continue
            }
            var current = ""
            for word in line.split(separator: " ") {
                if !current.isEmpty, current.count + 1 + word.count > width {
                    out.append(current)
                    current = ""
                }
                current += current.isEmpty ? String(word) : " " + word
            }
            if !current.isEmpty { out.append(current) }
        }
        return out.joined(separator: "\n")
    }

    static var guide: String {
        """
        GUIDE:
        The last row of the list shows a spinner while a page loads, the error (and "r to \
        retry") when one fails, and the end of the list once the API has no more. The screen is \
        drawn on /dev/tty, so stdout can be a file or a pipe.

        Placeholders say how the API pages; each is filled anew for every request
        and percent-encoded:
          {page}       page number: --first-page (default 1), then +1 per page
          {offset}     the number of items received so far (0 first)
          {limit}      --page-size (default 50)
          {cursor}     the cursor from the previous response: --cursor PATH, or a
                       common field (next_cursor, nextPageToken, meta.next_token,
                       response_metadata.next_cursor, data.after, ...)
          {last.PATH}  a field of the last item received: starting_after={last.id}
        On the first request a query parameter that would be empty ({cursor}, {last.PATH}) is \
        left out. Without placeholders infinilist follows the Link header's rel="next", else a \
        next link in the body (--next PATH, or found: next, links.next, _links.next.href, \
        next_page_url, paging.next, ...), else shows a single page.

        POST bodies: -d BODY (or -d @FILE, -d @- for stdin) sends a body with every request, \
        as POST unless -X METHOD says otherwise. Placeholders work there too: in a JSON body each \
        one is a whole value, quoted or bare, filled with a string for {cursor}, a number for \
        {page}, {offset} and {limit}, and the last item's field as it is for {last.PATH} (an \
        array stays an array); a member whose placeholder has no value yet is left out of its \
        object. --first-cursor VALUE gives the first request a cursor. A POST is retried only \
        after a connection failure before any answer, 408, 429 and 503.

        Paging stops on the API's own signal: an empty page, has_more: false, last: true, a page \
        count or total reached (page and offset APIs); a missing, null or empty cursor or next \
        link (cursor and link APIs, which may send empty pages mid-list). A cursor or link that \
        repeats stops it, as do 10 empty pages in a row and --max-pages. -v tells which rule \
        fired; the end row shows it too. --id PATH drops items already seen (offset APIs \
        shift); page and offset APIs use an id, objectID, uuid or _id field without it.

        Items are the root array or the array under a common key (items, data, results, hits, \
        data.children, _embedded.NAME, ...); --items PATH says where otherwise. PATH is dotted, \
        with numeric indices: data.children, hits.0.title, response_metadata.next_cursor; a key \
        with dots or brackets is quoted: ["@odata.nextLink"]. docs/pagination.md has a recipe \
        for each common API.

        GraphQL: --graphql QUERY (or @FILE, @- for stdin) POSTs {"query": ..., "variables": \
        {...}} to the URL for every page, the variables from --var NAME=VALUE (JSON, else a \
        string) and the cursor in $cursor (or $after or $endCursor when the query declares one; \
        --cursor-var NAME otherwise), null on the first request. The connection is the object \
        under data that has pageInfo (--items PATH chooses among several): its nodes or \
        edges[].node are the items, pageInfo.endCursor the next cursor, hasNextPage: false the \
        end, totalCount the total. An answer with errors and no data fails the page with the \
        first error's message and path; errors beside data show the items and a notice.
        Rows of object items are a table: up to six columns chosen from the first page (a \
        number, the title, an author, a state, counts, a date as an age), or --columns \
        'number,title,user.login=author,created_at:10'; widths stay as the first page set them \
        and a narrow screen drops the rightmost columns. --format gives one line of text instead. \
        p (or --preview) shows the item under the cursor as coloured JSON beside the list \
        (--preview-position bottom: under it; --preview-size PERCENT), following the cursor; J \
        and K scroll it.

        Examples:
          # The built-in demo feed: an endless list, no network.
          infinilist
          # A slow, finite demo: watch the spinner, then the end row.
          infinilist --demo-latency 2000 --demo-items 120
          # GitHub issues, 50 a page; add -H 'Authorization: Bearer TOKEN' for more.
          infinilist \\
            'https://api.github.com/repos/apple/swift/issues?per_page=50&page={page}'
          # The same, in the columns you choose (PATH[:WIDTH][=HEADER]).
          infinilist --columns 'number,title,user.login=author,state,created_at:10' \\
            'https://api.github.com/repos/apple/swift/issues?per_page=50&page={page}'
          # Follow the issues: new ones appear above ("↑ 3 new"), F stops and starts.
          infinilist --follow 30s \\
            'https://api.github.com/repos/apple/swift/issues?per_page=50'
          # Mastodon's public timeline: follows the Link header, no placeholder needed.
          infinilist --format '{account.acct}: {content}' \\
            'https://mastodon.social/api/v1/timelines/public?limit=40'
          # Reddit: the cursor is data.after; the first request leaves it out.
          infinilist --format '{data.title}' \\
            'https://www.reddit.com/r/swift/new.json?limit=100&after={cursor}'
          # Hacker News stories, newest first (Algolia counts pages from 0).
          infinilist --first-page 0 --format '{title} ({points} points)' \\
            'https://hn.algolia.com/api/v1/search_by_date?tags=story&page={page}'
          # Notion database query: a POST with the cursor in the JSON body.
          infinilist -H "Authorization: Bearer $NOTION_TOKEN" \\
            -H 'Notion-Version: 2022-06-28' \\
            -d '{"start_cursor": "{cursor}", "page_size": {limit}}' \\
            'https://api.notion.com/v1/databases/DATABASE_ID/query'
          # Pick an issue with Enter: its JSON lands in issue.json.
          infinilist \\
            'https://api.github.com/repos/apple/swift/issues?per_page=50&page={page}' \\
            > issue.json
          # No screen: every item as one line of JSON, for scripts.
          infinilist --dump --max-items 200 --first-page 0 \\
            'https://hn.algolia.com/api/v1/search_by_date?tags=story&page={page}' \\
            | jq -r .title
          infinilist --dump --demo-items 120 | wc -l     # prints 120
          # GitHub's GraphQL API: a query with $owner, $name and $after in a file.
          infinilist -H "Authorization: Bearer $GITHUB_TOKEN" \\
            --graphql @issues.graphql --var owner=apple --var name=swift \\
            https://api.github.com/graphql

        CONFIGURATION: named sources live in $XDG_CONFIG_HOME/infinilist/config.toml \
        (~/.config/infinilist/config.toml by default), one [sources.NAME] table each; \
        `infinilist @NAME` starts one, and flags given after it override its settings. A \
        setting is a long flag without its dashes; ${VAR} is taken from the environment (an \
        unset one is an error), so tokens stay out of the file. infinilist writes the file only \
        when V saves a view (columns or format, sort, filter, jq) into one table, leaving every \
        other line as it was; --view NAME lays a saved view over any list:
          [sources.gh]
          url = "https://api.github.com/repos/apple/swift/issues?page={page}"
          headers = { Authorization = "Bearer ${GITHUB_TOKEN}" }
          format = "{title} by {user.login}"
          id = "id"
        A GraphQL source: graphql = \"\"\"...\"\"\" (the query), vars = { owner = "apple" } (its \
        variables, typed as in TOML), cursor_var = "after".
        The file is TOML 1.0: tables, arrays of tables, dotted keys, inline tables, strings \
        (also over several lines, \"\"\"...\"\"\"), numbers, booleans, dates and arrays \
        (README.md, "Configuration").

        Mouse: the wheel scrolls and a click selects a row; --no-mouse leaves the mouse to the \
        terminal. Colours follow --color (auto honours NO_COLOR). Shell completions: \
        `infinilist --generate-completion-script bash|zsh|fish`.

        Keys:
        \(KeyMap.helpLines(naming: .ascii).map { "  " + $0 }.joined(separator: "\n"))

        Exit status: 0 after Enter (a pick), after q or Esc when stdout is the terminal, and for \
        a complete --dump; 130 after q or Esc when stdout is a file or a pipe (nothing picked, as \
        fzf) and after Ctrl-C; 1 after q or Esc when a page failed (its error is printed on \
        stderr at exit), when there is no terminal, a --dump page fails, a --dump skipped part \
        of its input (a damaged or oversize value, an input cut off, GraphQL errors beside the \
        data: said on stderr, everything readable written), paging stopped short of the end \
        (a next link that cannot be requested, hasNextPage without a cursor) or stdout cannot be \
        written to; 143 after SIGTERM, 129 after SIGHUP, 131 after SIGQUIT, 141 when stdout is a \
        pipe nobody reads any more (--dump | head), 64 for a usage error.
        """
    }
}
