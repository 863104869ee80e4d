import InfinilistCore

/// The long part of `--help`: examples against the demo feed and real public APIs, and the keys
/// (generated from the key table, so help and behaviour never disagree).
enum CommandHelp {
    static var discussion: String {
        """
        infinilist shows one row per item and fetches the next page before you reach the bottom \
        of the list. The last row of the list shows a spinner while a page loads, the error (and \
        "r to retry") when one fails, and the end of the list once the API has no more. Enter \
        prints the item under the cursor as one line of JSON to stdout and exits, so \
        `infinilist URL > picked.json` works as it does with fzf: the screen is drawn on /dev/tty.

        In the URL, {page} is replaced by the page number (from --first-page), {offset} by the \
        number of items received so far and {limit} by --page-size. Items are the root array or \
        the array under a common key (items, data, results, hits, ...); --items PATH says where \
        otherwise. PATH is dotted: data.children, hits.0.title, links["next"].

        Examples:
          # The built-in demo feed: an endless list, no network.
          infinilist
          # A slow, finite demo: watch the spinner, then the end row.
          infinilist --demo-latency 2000 --demo-items 120
          # GitHub issues, 50 a page; add -H 'Authorization: Bearer TOKEN' for more.
          infinilist \\
            'https://api.github.com/repos/apple/swift/issues?per_page=50&page={page}'
          # Hacker News stories, newest first (Algolia counts pages from 0).
          infinilist --first-page 0 --format '{title} ({points} points)' \\
            'https://hn.algolia.com/api/v1/search_by_date?tags=story&page={page}'
          # Pick an issue with Enter: its JSON lands in issue.json.
          infinilist \\
            'https://api.github.com/repos/apple/swift/issues?per_page=50&page={page}' \\
            > issue.json
          # No screen: every item as one line of JSON, for scripts.
          infinilist --dump --max-items 200 --first-page 0 \\
            'https://hn.algolia.com/api/v1/search_by_date?tags=story&page={page}' \\
            | jq -r .title
          infinilist --dump --demo-items 120 | wc -l     # prints 120

        Keys:
        \(KeyMap.helpLines().map { "  " + $0 }.joined(separator: "\n"))

        Exit status: 0 after q or Enter (and for a complete --dump), 130 after Ctrl-C, 143 after \
        SIGTERM, 129 after SIGHUP, 64 for a usage error, 1 when there is no terminal or a --dump \
        page fails.
        """
    }
}
