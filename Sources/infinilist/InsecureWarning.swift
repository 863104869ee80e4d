import InfinilistRuntime

/// The warning `-k` prints on stderr before anything is requested: certificates are not checked,
/// so it must never go unnoticed (the status line shows `insecure` as well).
enum InsecureWarning {
    static let text = "infinilist: warning: -k/--insecure: https certificates are not checked; anyone on the network path can read and change the answers"

    static func write() {
        FileLineOutput.standardError().write(line: text)
    }
}
