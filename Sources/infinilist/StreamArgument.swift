import Foundation
import InfinilistLoader

/// Whether the command reads standard input or a file rather than a URL: `-`, `file://PATH`, a
/// path to an existing file, or no URL at all while standard input is a pipe or a file (as every
/// list tool does: `kubectl get pods -o json | infinilist`). A terminal or /dev/null on standard
/// input keeps the demo feed.
enum StreamArgument {
    static func input(for url: String?) -> SourceConfiguration.StreamSettings.Input? {
        guard let url else { return StreamOpening.standardInputHasData() ? .standardInput : nil }
        if url == "-" { return .standardInput }
        if url.hasPrefix("file://") {
            var path = String(url.dropFirst("file://".count))
            if path.hasPrefix("localhost/") { path = String(path.dropFirst("localhost".count)) }
            return .file(path.removingPercentEncoding ?? path)
        }
        if !url.contains("://"), !url.hasPrefix("@"), FileManager.default.fileExists(atPath: url) { return .file(url) }
        return nil
    }
}
