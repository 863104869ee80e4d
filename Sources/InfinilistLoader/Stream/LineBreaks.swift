import InfinilistCore

/// Line breaks counted over bytes given chunk by chunk, with where every `pageSize`-th one is,
/// and, for a search, the first line that may hold a match (`LineMatch`).
struct LineBreaks {
    let pageSize: Int
    /// Stop once this many marks are found; nil: count to the end (or to a line that may match).
    let wanted: Int?
    /// For a search: which bytes may make a line match.
    let match: LineMatch?
    /// Line breaks counted so far.
    private(set) var count = 0
    /// Where the breaks number `pageSize`, 2 × `pageSize`, … (from 0) are: each ends the last line
    /// of a page.
    private(set) var marks: [Int] = []
    /// Whether the last byte counted was a line break.
    private(set) var endsWithBreak = false
    /// For a search: the line that may hold a match, counted from the line after the tail's (0);
    /// counting stops there.
    private(set) var candidate: Int?

    init(pageSize: Int, wanted: Int?, match: LineMatch? = nil) {
        self.pageSize = max(1, pageSize)
        self.wanted = wanted
        self.match = match
    }

    var isDone: Bool { candidate != nil || wanted.map { marks.count >= $0 } ?? false }

    /// Counts the breaks of `bytes`, which start at `offset` of the input: a block at a time,
    /// sixteen bytes to a compare (a gigabyte in the time it takes to read it from the page
    /// cache, where eight bytes to a word took three times as long); a block that holds a break
    /// to mark, or a byte a search must look at, is gone through byte by byte. Only the first
    /// `counted` bytes (all by default) are counted; a search may look at the rest, so a match
    /// that starts at the end of one read is seen whole (`LineMatch.lookahead`).
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, counted: Int? = nil) {
        let counted = min(counted ?? bytes.count, bytes.count)
        guard let base = bytes.baseAddress, counted > 0 else { return }
        var index = 0
        while index < counted, !isDone {
            let end = min(counted, index + Self.block)
            let whole = end - index == Self.block
            if let match, !whole || match.mayStart(base, at: index, count: Self.block, size: bytes.count) {
                // Sixteen bytes at a time: only those that may begin a match go byte by byte.
                var at = index
                while at < end, !isDone {
                    let stop = min(end, at + 16)
                    if stop - at == 16, !match.mayStart(base, at: at, count: 16, size: bytes.count) {
                        add(base, at..<stop, found: Self.breaks(base, at..<stop), at: offset)
                    } else {
                        examine(base, at..<stop, size: bytes.count, match: match, at: offset)
                    }
                    at = stop
                }
            } else {
                add(base, index..<end, found: whole ? Self.breaksInBlock(base + index) : Self.breaks(base, index..<end), at: offset)
            }
            index = end
        }
        endsWithBreak = base[counted - 1] == 0x0A
    }

    /// Adds the `found` breaks of `range`, marking them one by one when a mark is among them.
    private mutating func add(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, found: Int, at offset: Int) {
        if count + found > (marks.count + 1) * pageSize {
            examine(base, range, size: range.upperBound, match: nil, at: offset)
        } else {
            count += found
        }
    }

    /// Bytes counted at once: 64 compares of sixteen bytes, at most 64 in a lane.
    static let block = 1_024

    private static func breaksInBlock(_ start: UnsafePointer<UInt8>) -> Int {
        let lineBreak = SIMD16<UInt8>(repeating: 0x0A)
        var lanes = SIMD16<UInt8>.zero
        for at in stride(from: 0, to: block, by: 16) {
            let bytes = UnsafeRawPointer(start + at).loadUnaligned(as: SIMD16<UInt8>.self)
            // A lane that matches is all ones: -1, so subtracting it adds one.
            lanes &-= unsafeBitCast(bytes .== lineBreak, to: SIMD16<UInt8>.self)
        }
        return Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }

    private static func breaks(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
        var found = 0
        for at in range where base[at] == 0x0A { found += 1 }
        return found
    }

    /// Goes through `range` byte by byte: marks every `pageSize`-th break, and stops at the first
    /// line that may match. A byte on the tail's own line (before the first break) is not
    /// looked at: that line was read, and searched, already.
    private mutating func examine(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, size: Int, match: LineMatch?, at offset: Int) {
        var next = (marks.count + 1) * pageSize
        for at in range {
            if base[at] == 0x0A {
                if count == next {
                    marks.append(offset + at)
                    next += pageSize
                    if isDone { return }
                }
                count += 1
            } else if let match, count > 0, match.mayMatch(base, at: at, size: size) {
                candidate = count - 1
                return
            }
        }
    }
}
