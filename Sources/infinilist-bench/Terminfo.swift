import ProcessSpawn

/// Key sequences as the terminal would send them for the TERM the bench sets, read from terminfo
/// with `tput`: with keypad mode on (curses, less), ↓ is `ESC O B` on xterm, not `ESC [ B`, and a
/// wrong guess would arrive in the program as a bare Escape (which quits infinilist).
struct Terminfo {
    let down: [UInt8]
    let pageDown: [UInt8]
    let end: [UInt8]

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    init(term: String, scratch: String) throws {
        func capability(_ name: String) throws -> [UInt8] {
            let file = scratch + "/tput-\(name)"
            let status = try ChildProcess.run("tput", ["-T", term, name], environment: ["PATH": BenchEnvironment.path], output: file)
            guard status == 0, let bytes = Files.read(file), !bytes.isEmpty else {
                throw Missing(description: "terminfo for \(term) has no \(name) (tput exited \(status)); install ncurses-base")
            }
            return bytes
        }
        down = try capability("kcud1")
        pageDown = try capability("knp")
        end = try capability("kend")
    }

    /// Printable form for the report, e.g. `ESC O B`.
    static func describe(_ bytes: [UInt8]) -> String {
        bytes.map { $0 == 0x1b ? "ESC" : String(UnicodeScalar($0)) }.joined(separator: " ")
    }
}
