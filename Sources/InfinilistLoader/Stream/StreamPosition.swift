/// Where a page of a stream (standard input, a file) starts, so that it can be read again later
/// from the file or the spool: a byte offset, plus what the splitter must know to start there
/// (inside a top-level array, or partway through the item list of an object read whole).
public struct StreamPosition: Sendable, Hashable, CustomStringConvertible {
    /// Bytes of input before this point (decompressed bytes for a `.gz` file).
    public var offset: Int
    /// Whether this point is inside a top-level array, whose elements are the items.
    public var inArray: Bool
    /// Items of the object that starts at `offset` already taken (an object holding the list,
    /// `--items PATH`): the page starts with item `skip` of that object.
    public var skip: Int

    public init(offset: Int, inArray: Bool = false, skip: Int = 0) {
        self.offset = offset
        self.inArray = inArray
        self.skip = skip
    }

    public static let start = StreamPosition(offset: 0)

    public var description: String {
        "byte \(offset)" + (inArray ? " (in array)" : "") + (skip > 0 ? " item \(skip)" : "")
    }
}
