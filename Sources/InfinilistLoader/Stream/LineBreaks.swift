import InfinilistCore

/// The line breaks of a file of JSON lines, counted over bytes given chunk by chunk, with where
/// every `pageSize`-th one is; and where counting can no longer vouch that a line is an item
/// (`stop`): an object line that does not look like one (`objectLines`), or, for a search, the
/// first line that may hold a match (`LineMatch`).
///
/// A break counts when it ends a line with something on it: blank lines hold no item. The
/// tail's own line (where counting starts, after its value) ends at the first break, which
/// counts: break k (from 0) begins item k counted from the tail.
struct LineBreaks {
    let pageSize: Int
    /// Stop once this many marks are found; nil: count to the end (or to a `stop`).
    let wanted: Int?
    /// For a search: which bytes may make a line match.
    let match: LineMatch?
    /// Whether every line must be one object (`{` first, `}` last, spaces or a carriage return
    /// after it allowed): what the last page read held. A pretty-printed object, two values on a line
    /// (`}{`, `} {`) or a line of text then stop the count there, and that page is read.
    let objectLines: Bool
    /// Breaks counted so far.
    private(set) var count = 0
    /// Where the breaks number `pageSize`, 2 × `pageSize`, … (from 0) are: each ends the last line
    /// of a page.
    private(set) var marks: [Int] = []
    /// Whether the last byte counted was a line break.
    private(set) var endsWithBreak = false
    /// The item (counted from the tail, from 0) at which counting stopped: a line that may match
    /// a search, or one that may not be one item.
    private(set) var stop: Int?
    /// The byte before the bytes given next (a line break before anything was counted: the
    /// count starts right after a value, and a break there counts).
    private var previous: UInt8 = 0

    init(pageSize: Int, wanted: Int?, match: LineMatch? = nil, objectLines: Bool = false) {
        self.pageSize = max(1, pageSize)
        self.wanted = wanted
        self.match = match
        self.objectLines = objectLines
    }

    var isDone: Bool { stop != nil || wanted.map { marks.count >= $0 } ?? false }

    /// Counts the breaks of `bytes`, which start at `offset` of the input: a block at a time,
    /// sixteen bytes to a compare (a gigabyte in about the time it takes to read it from the
    /// page cache); a block that holds a break to mark, a line out of shape or a byte a search
    /// must look at is gone through byte by byte. Only the bytes from `start` up to `counted`
    /// (all by default) are counted; the others may be looked at, so a match that starts at the
    /// end of one read is seen whole (`LineMatch.lookahead`), and a character that began before
    /// it is seen from its start (`lookbehind`).
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, from start: Int = 0, counted: Int? = nil) {
        let counted = min(counted ?? bytes.count, bytes.count)
        guard let base = bytes.baseAddress, counted > start else { return }
        var index = start
        while index < counted, !isDone {
            let end = min(counted, index + Self.block)
            // A whole block with a byte before and after it in the buffer goes by compares.
            if index > 0, end - index == Self.block, end < bytes.count,
               match.map({ !$0.mayStart(base, at: index, count: Self.block, size: bytes.count) }) ?? true,
               let found = quickCount(base + index), !marksAPage(within: found) {
                count += found
            } else {
                examine(base, index..<end, size: bytes.count, at: offset)
            }
            previous = base[end - 1]
            index = end
        }
        endsWithBreak = base[counted - 1] == 0x0A
    }

    /// Adds a whole block counted elsewhere (`blockCounts`, on another thread), unless a page's
    /// mark falls in it: then false, and the block must be read and `scan`ned here, where the
    /// count before it is known (a wanted page is then found there too). Not for a search, whose
    /// blocks are looked at for the query.
    mutating func add(block found: Int) -> Bool {
        guard !marksAPage(within: found) else { return false }
        count += found
        return true
    }

    /// Whether the next `found` breaks include the one that ends a page, which must be marked.
    private func marksAPage(within found: Int) -> Bool {
        count + found > (marks.count + 1) * pageSize
    }

    /// Counting goes on after `byte`, where bytes were added by block (`add(block:)`): whether a
    /// break right after it ends a line with something on it depends on it.
    mutating func resume(after byte: UInt8) {
        previous = byte
    }

    /// The breaks of each whole block of `bytes` from `start`, as `scan` counts a block it can
    /// vouch for (`quickCount`), up to the first block it cannot (a line out of shape, or too
    /// near the end of `bytes`: a block is counted with two bytes before it and one after it).
    /// For the second half of a count done on two cores: these counts need no count before them,
    /// only the marks do (`add(block:)`).
    static func blockCounts(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, objectLines: Bool) -> (counts: [UInt16], complete: Bool) {
        guard let base = bytes.baseAddress, start >= quickBefore else { return ([], false) }
        let counter = LineBreaks(pageSize: Int.max, wanted: nil, objectLines: objectLines)
        var counts: [UInt16] = []
        counts.reserveCapacity(max(0, (bytes.count - start) / block))
        var index = start
        while index + block + quickAfter <= bytes.count {
            guard let found = counter.quickCount(base + index) else { return (counts, false) }
            counts.append(UInt16(found))
            index += block
        }
        return (counts, true)
    }

    /// Bytes `quickCount` reads before a block (`}` then a space before a `{`) and after it (the
    /// byte after a break, which must open the next line).
    static let quickBefore = 2
    static let quickAfter = 1

    /// Bytes a search reads before what it counts: the start of a UTF-8 character cut by a read.
    static let lookbehind = 4

    /// Bytes counted at once: 64 compares of sixteen bytes, at most 64 in a lane.
    static let block = 1_024

    /// The breaks that end a line with something on it in the block at `start` (whose bytes
    /// before and after are readable); nil when a line in it is out of shape (`objectLines`).
    private func quickCount(_ start: UnsafePointer<UInt8>) -> Int? {
        let lineBreak = SIMD16<UInt8>(repeating: 0x0A)
        var lanes = SIMD16<UInt8>.zero
        var outOfShape = SIMD16<UInt8>.zero
        for at in stride(from: 0, to: Self.block, by: 16) {
            let bytes = Self.load(start + at)
            let before = Self.load(start + at - 1)
            let breaks = Self.equal(bytes, lineBreak)
            // A lane that matches is all ones: -1, so subtracting it adds one.
            let ending = breaks & ~Self.equal(before, lineBreak)
            lanes &-= ending
            guard objectLines else { continue }
            // The shape is looked at only where it can be wrong: around a break, and at a `{`
            // (most sixteen bytes of a line hold neither, and pass with two compares).
            let opens = Self.equal(bytes, SIMD16(repeating: 0x7B))
            if Self.any(breaks) {
                let after = Self.load(start + at + 1)
                let closed = Self.equal(before, SIMD16(repeating: 0x7D)) | Self.equal(before, SIMD16(repeating: 0x0D))
                    | Self.equal(before, SIMD16(repeating: 0x20)) | Self.equal(before, SIMD16(repeating: 0x09))
                let opened = Self.equal(after, SIMD16(repeating: 0x7B)) | Self.equal(after, lineBreak)
                outOfShape |= (ending & ~closed) | (breaks & ~opened)
            }
            if Self.any(opens) {
                // `}{`, or `}` and spaces, tabs or carriage returns before `{`: a second value on
                // the line (or those bytes in a string: read too). Two such bytes before a `{`
                // are left to `examine`, which looks back over the whole run.
                let brace = SIMD16<UInt8>(repeating: 0x7D)
                outOfShape |= opens & Self.equal(before, brace)
                let spaced = opens & Self.isSpace(before)
                if Self.any(spaced) {
                    let twoBefore = Self.load(start + at - 2)
                    outOfShape |= spaced & (Self.equal(twoBefore, brace) | Self.isSpace(twoBefore))
                }
            }
        }
        guard outOfShape == .zero else { return nil }
        return Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }

    @inline(__always)
    private static func load(_ at: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
        UnsafeRawPointer(at).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// Whether any lane is set: two words or-ed (`SIMD`'s own `==` goes lane by lane).
    @inline(__always)
    private static func any(_ lanes: SIMD16<UInt8>) -> Bool {
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// All ones in each lane that holds a space, a tab or a carriage return.
    @inline(__always)
    private static func isSpace(_ lanes: SIMD16<UInt8>) -> SIMD16<UInt8> {
        equal(lanes, SIMD16(repeating: 0x20)) | equal(lanes, SIMD16(repeating: 0x09)) | equal(lanes, SIMD16(repeating: 0x0D))
    }

    /// All ones in each lane where `a` and `b` are equal.
    @inline(__always)
    private static func equal(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
        unsafeBitCast(a .== b, to: SIMD16<UInt8>.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    /// Whether the run of spaces before `at` follows a `}` (within the bytes given).
    private static func closesBefore(_ base: UnsafePointer<UInt8>, _ at: Int) -> Bool {
        var index = at - 1
        while index >= 0, isSpace(base[index]) { index -= 1 }
        return index >= 0 && base[index] == 0x7D
    }

    /// Goes through `range` byte by byte: counts and marks breaks, and stops at a line out of
    /// shape or at the first line that may match. A byte on the tail's own line (before the
    /// first break) is not looked at: that line was read, and searched, already.
    private mutating func examine(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, size: Int, at offset: Int) {
        var next = (marks.count + 1) * pageSize
        var before = range.lowerBound > 0 ? base[range.lowerBound - 1] : previous
        for at in range {
            let byte = base[at]
            defer { before = byte }
            guard byte == 0x0A else {
                if let match, count > 0, match.mayMatch(base, at: at, size: size) {
                    stop = count - 1
                    return
                }
                // `}{`, `} {`, `}  \t {` (spaces, tabs, carriage returns): a second value on the
                // line, or those bytes in a string.
                if objectLines, count > 0, byte == 0x7B, before == 0x7D || (Self.isSpace(before) && Self.closesBefore(base, at)) {
                    stop = count - 1
                    return
                }
                continue
            }
            if before != 0x0A {
                // Item `count - 1` ends here: an object's `}`, a CRLF line's carriage return, or
                // spaces after it (a line that starts with `{` is checked where it starts).
                if objectLines, count > 0, ![0x7D, 0x0D, 0x20, 0x09].contains(before) {
                    stop = count - 1
                    return
                }
                if count == next {
                    marks.append(offset + at)
                    next += pageSize
                    if isDone { return }
                }
                count += 1
            }
            // The next line opens an object, or is blank; past the bytes given, it is seen next.
            if objectLines, at + 1 < size, base[at + 1] != 0x7B, base[at + 1] != 0x0A {
                stop = count - 1
                return
            }
        }
    }
}
