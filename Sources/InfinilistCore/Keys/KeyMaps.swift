/// The key tables, one per mode. Every `KeyBinding` here must appear as a row of docs/keys.md
/// (a test checks it), and every `Action` must be bound in some table.
extension KeyMap {
    /// The list: moving, searching, filtering, marking, and leaving. The order is the help
    /// screen's: its first screen shows the most needed, the rest is scrolled to.
    public static let list = KeyMap(title: "List", [
        KeyBinding([.down, .char("j"), .ctrl("n")], .down, "next row"),
        KeyBinding([.up, .char("k"), .ctrl("p")], .up, "previous row"),
        KeyBinding([.pageDown, .char(" "), .char("f"), .ctrl("f")], .pageDown, "next screen"),
        KeyBinding([.pageUp, .char("b"), .ctrl("b")], .pageUp, "previous screen"),
        KeyBinding([.ctrl("d")], .halfPageDown, "half a screen down"),
        KeyBinding([.ctrl("u")], .halfPageUp, "half a screen up"),
        KeyBinding([.home, .char("g")], .first, "first row"),
        KeyBinding([.end, .char("G")], .last, "last loaded row (a pipe or a file: read to the end)"),
        KeyBinding([.char("c")], .openColumns, "choose the columns (from the item's fields)"),
        KeyBinding([.right, .char("l")], .openDetail, "show the item as pretty-printed JSON"),
        KeyBinding([.char("p")], .togglePreview, "open or close the preview pane"),
        KeyBinding([.char("J"), .shiftDown], .previewDown, "scroll the preview down a line"),
        KeyBinding([.char("K"), .shiftUp], .previewUp, "scroll the preview up a line"),
        KeyBinding([.char("/")], .search, "search forward, loading pages until found"),
        KeyBinding([.char("n")], .searchNext, "next match"),
        KeyBinding([.char("N")], .searchPrevious, "previous match (loaded rows)"),
        KeyBinding([.char("&")], .filter, "show only matching rows (empty: all)"),
        KeyBinding([.char("|")], .query, "a jq program over the rows (Enter keeps, Esc undoes)"),
        KeyBinding([.char("s")], .sort, "sort by a field: pick it, s again (s s: reverse)"),
        KeyBinding([.char("S")], .unsort, "back to the server's order"),
        KeyBinding([.char("#")], .counts, "count a field's values: pick it, # again"),
        KeyBinding([.tab], .toggleMark, "mark or unmark the item, then move down"),
        KeyBinding([.backTab], .toggleMarkUp, "mark or unmark the item, then move up"),
        KeyBinding([.enter], .select, "print the marked items (or this one) and exit"),
        KeyBinding([.char("o")], .open, "open the item's web address in the browser"),
        KeyBinding([.char("y")], .copy, "copy the item's JSON to the clipboard"),
        KeyBinding([.char("Y")], .copyRow, "copy the row's text to the clipboard"),
        KeyBinding([.char("w")], .write, "write the rows (or the marked) to a file"),
        KeyBinding([.char("V")], .saveView, "save the view as @NAME in the config file"),
        KeyBinding([.char("q")], .quit, "quit (exit 0; 130 with stdout a file or a pipe)"),
        KeyBinding([.escape], .back, "stop the search, else clear the filter, else quit"),
        KeyBinding([.ctrl("c")], .interrupt, "quit (exit 130)"),
        KeyBinding([.char("r")], .retry, "retry the page that failed"),
        KeyBinding([.char("R"), .ctrl("r")], .refresh, "reload from the first page"),
        KeyBinding([.char("F")], .toggleFollow, "follow new items at the top (again: stop)"),
        KeyBinding([.char("<")], .columnsLeft, "scroll the columns left, else first row"),
        KeyBinding([.char(">")], .columnsRight, "scroll the columns right, else last row"),
        KeyBinding([.char("%")], .percent, "N%: the row N percent down (a pipe or a file: of all)"),
        KeyBinding([.char("?")], .help, "show the keys"),
        KeyBinding([.ctrl("l")], .redraw, "redraw the screen"),
        KeyBinding([.ctrl("z")], .suspend, "suspend (fg resumes)"),
    ])

    /// The detail view: the list's moving keys scroll the item's JSON.
    public static let detail = KeyMap(title: "Detail view", [
        KeyBinding([.down, .char("j"), .ctrl("n")], .down, "scroll down a line"),
        KeyBinding([.up, .char("k"), .ctrl("p")], .up, "scroll up a line"),
        KeyBinding([.pageDown, .char(" "), .char("f"), .ctrl("f")], .pageDown, "scroll down a screen"),
        KeyBinding([.pageUp, .char("b"), .ctrl("b")], .pageUp, "scroll up a screen"),
        KeyBinding([.ctrl("d")], .halfPageDown, "scroll down half a screen"),
        KeyBinding([.ctrl("u")], .halfPageUp, "scroll up half a screen"),
        KeyBinding([.home, .char("g"), .char("<")], .first, "top of the item"),
        KeyBinding([.end, .char("G"), .char(">")], .last, "bottom of the item"),
        KeyBinding([.left, .char("h"), .char("q")], .back, "back to the list"),
        KeyBinding([.escape], .clearSearch, "clear the search, else back to the list"),
        KeyBinding([.char("w")], .toggleWrap, "wrap long lines, or cut them at the edge"),
        KeyBinding([.char("/")], .search, "search the item's lines"),
        KeyBinding([.char("n")], .searchNext, "next match (wraps around)"),
        KeyBinding([.char("N")], .searchPrevious, "previous match (wraps around)"),
        KeyBinding([.enter], .select, "print the marked items (or this one) and exit"),
        KeyBinding([.char("y")], .copy, "copy the value on the top line to the clipboard"),
        KeyBinding([.char("o")], .open, "open the item's web address in the browser"),
        KeyBinding([.char("?")], .help, "show the keys"),
        KeyBinding([.ctrl("l")], .redraw, "redraw the screen"),
        KeyBinding([.ctrl("z")], .suspend, "suspend (fg resumes)"),
        KeyBinding([.ctrl("c")], .interrupt, "quit (exit 130)"),
    ])

    /// The column picker (`c`): the fields of the item under the cursor, the columns checked
    /// and first, in their order. Space on a field shows or hides it, `K`/`J` move it; the
    /// columns are the checked fields from the top down.
    public static let columns = KeyMap(title: "Column picker (c)", [
        KeyBinding([.down, .char("j"), .ctrl("n")], .down, "next field"),
        KeyBinding([.up, .char("k"), .ctrl("p")], .up, "previous field"),
        KeyBinding([.char(" ")], .toggleColumn, "show or hide the field as a column"),
        KeyBinding([.char("K")], .moveColumnUp, "move the field up (its column left)"),
        KeyBinding([.char("J")], .moveColumnDown, "move the field down (its column right)"),
        KeyBinding([.char("s")], .sort, "sort by the field (again: the other way)"),
        KeyBinding([.char("#")], .counts, "count the field's values"),
        KeyBinding([.enter], .submit, "apply the columns"),
        KeyBinding([.escape, .char("q")], .back, "cancel"),
        KeyBinding([.pageDown, .ctrl("f")], .pageDown, "next screen of fields"),
        KeyBinding([.pageUp, .ctrl("b")], .pageUp, "previous screen of fields"),
        KeyBinding([.home, .char("g")], .first, "first field"),
        KeyBinding([.end, .char("G")], .last, "last field"),
        KeyBinding([.char("?")], .help, "show the keys"),
        KeyBinding([.ctrl("l")], .redraw, "redraw the screen"),
        KeyBinding([.ctrl("z")], .suspend, "suspend (fg resumes)"),
        KeyBinding([.ctrl("c")], .interrupt, "quit (exit 130)"),
    ])

    /// The counts view (`#`): a value a row, most common first.
    public static let counts = KeyMap(title: "Counts view (#)", [
        KeyBinding([.down, .char("j"), .ctrl("n")], .down, "next value"),
        KeyBinding([.up, .char("k"), .ctrl("p")], .up, "previous value"),
        KeyBinding([.pageDown, .char(" "), .ctrl("f")], .pageDown, "next screen of values"),
        KeyBinding([.pageUp, .ctrl("b")], .pageUp, "previous screen of values"),
        KeyBinding([.home, .char("g")], .first, "most common value"),
        KeyBinding([.end, .char("G")], .last, "least common value"),
        KeyBinding([.enter], .submit, "show only the rows with this value"),
        KeyBinding([.escape, .char("q"), .char("#")], .back, "back to the list"),
        KeyBinding([.char("?")], .help, "show the keys"),
        KeyBinding([.ctrl("l")], .redraw, "redraw the screen"),
        KeyBinding([.ctrl("z")], .suspend, "suspend (fg resumes)"),
        KeyBinding([.ctrl("c")], .interrupt, "quit (exit 130)"),
    ])

    /// The one-line prompt of `/` and `&`; any other printable character is inserted.
    public static let prompt = KeyMap(title: "Prompt (/ and &; type to edit)", [
        KeyBinding([.enter], .submit, "search, apply the filter, or keep the jq program"),
        KeyBinding([.escape], .back, "cancel (the jq prompt: back to the program before)"),
        KeyBinding([.backspace], .deleteBackward, "delete the last character (when empty: cancel)"),
        KeyBinding([.ctrl("u")], .clearPrompt, "clear the prompt"),
        KeyBinding([.ctrl("l")], .redraw, "redraw the screen"),
        KeyBinding([.ctrl("c")], .interrupt, "quit (exit 130)"),
    ])

    /// The help screen (`?`): scrolled and searched as less is (and as the detail view is), closed
    /// by `q`, Esc, `?` or the detail view's `←`. Other keys do nothing but make the status line
    /// name these: before, any key closed the help, so it could not be scrolled.
    public static let help = KeyMap(title: "Help (?)", [
        KeyBinding([.down, .char("j"), .ctrl("n"), .enter], .down, "scroll down a line"),
        KeyBinding([.up, .char("k"), .ctrl("p")], .up, "scroll up a line"),
        KeyBinding([.pageDown, .char(" "), .char("f"), .ctrl("f")], .pageDown, "scroll down a screen"),
        KeyBinding([.pageUp, .char("b"), .ctrl("b")], .pageUp, "scroll up a screen"),
        KeyBinding([.ctrl("d")], .halfPageDown, "scroll down half a screen"),
        KeyBinding([.ctrl("u")], .halfPageUp, "scroll up half a screen"),
        KeyBinding([.home, .char("g"), .char("<")], .first, "top of the help"),
        KeyBinding([.end, .char("G"), .char(">")], .last, "end of the help"),
        KeyBinding([.char("/")], .search, "search the help"),
        KeyBinding([.char("n")], .searchNext, "next match (wraps around)"),
        KeyBinding([.char("N")], .searchPrevious, "previous match (wraps around)"),
        KeyBinding([.char("q"), .escape, .char("?"), .left, .char("h")], .back, "close the help"),
        KeyBinding([.ctrl("l")], .redraw, "redraw the screen"),
        KeyBinding([.ctrl("z")], .suspend, "suspend (fg resumes)"),
        KeyBinding([.ctrl("c")], .interrupt, "quit (exit 130)"),
    ])

    /// Every table, in the order help shows them.
    public static let all: [KeyMap] = [list, detail, columns, prompt, help]
}
