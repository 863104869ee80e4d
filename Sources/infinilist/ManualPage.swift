import InfinilistLoader

/// `infinilist --man`: the manual as a man page (roff) on stdout, for a copy of the binary that
/// came without one (`make install` installs the page generated from the command's definition;
/// a binary copied alone has only itself): `infinilist --man | man -l -`.
///
/// The page is the `--help` text, kept as it is laid out (`.nf`), under a man page's header and
/// name, so the two never disagree.
enum ManualPage {
    static func text() -> String {
        var lines = [
            #".TH INFINILIST 1 "" "infinilist \#(escaped(InfinilistVersion.string))" "User Commands""#,
            ".SH NAME",
            #"infinilist \- browse an endless JSON list in the terminal"#,
            ".SH DESCRIPTION",
            ".nf",
        ]
        for line in CommandHelp.fullHelp(columns: 78).split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(escaped(line))
        }
        lines.append(".fi")
        return lines.joined(separator: "\n")
    }

    /// A line of text as roff shows it as written: a backslash is `\e`, a hyphen `\-` (an
    /// option typed from the page must be ASCII), and a line starting with `.` or `'` is not
    /// taken for a request.
    static func escaped(_ line: some StringProtocol) -> String {
        var text = ""
        for character in line {
            switch character {
            case "\\": text += #"\e"#
            case "-": text += #"\-"#
            default: text.append(character)
            }
        }
        if text.hasPrefix(".") || text.hasPrefix("'") { text = #"\&"# + text }
        return text
    }
}
