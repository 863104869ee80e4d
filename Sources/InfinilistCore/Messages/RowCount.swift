/// How the count of a file's rows goes (`Effect.countRows`, issue 37): a file of JSON lines is
/// counted by its line breaks in the background, as less counts lines for `=` and fzf reads every
/// line, so the status line says how many rows the whole file has ("row 5/100 of 1,910,303")
/// long before they are read. The loader sends progress while it counts, then the count.
public struct RowCountReport: Sendable, Equatable {
    /// The `countRows` effect this answers: a count of an earlier walk (before `R`) is dropped.
    public let id: RequestID
    public let progress: Progress

    public enum Progress: Sendable, Equatable {
        /// Bytes counted so far, of the file's size.
        case counting(read: Int, size: Int)
        /// The items the whole file holds.
        case counted(Int)
        /// The file's lines are not its items (pretty-printed JSON, several values on a line, a
        /// line of text) or it could not be read: no count; the rows are counted as they are read.
        case uncountable
    }

    public init(id: RequestID, progress: Progress) {
        self.id = id
        self.progress = progress
    }
}
