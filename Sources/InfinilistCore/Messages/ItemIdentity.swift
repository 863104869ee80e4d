/// What makes two items the same item when a live list is polled for new ones: the item's id
/// (`--id`, or an id field the loader detected), else its whole JSON. Kept as a 64-bit digest,
/// so remembering every item of a long list costs 8 bytes an item, never the item itself.
///
/// The digest is the standard library's per-process seeded hash: equal within one run, which is
/// all it is compared within. Two different items colliding is a 1-in-2^64 chance per pair.
public struct ItemIdentity: Sendable, Hashable {
    let digest: Int

    /// The identity of an item with this id (however the id was found).
    public static func id(_ id: String) -> ItemIdentity {
        var hasher = Hasher()
        hasher.combine(0 as UInt8)
        hasher.combine(id)
        return ItemIdentity(digest: hasher.finalize())
    }

    /// The identity of an item without an id: its compact JSON, so an item that changes in any
    /// way (a score, a count) is a different item. Hashed as the bytes it is (compact JSON is
    /// written one way, `JSONWriter`), read in place: a `String` of every item's JSON, made for
    /// this alone, was a copy and a UTF-8 check of every byte a list read.
    public static func json(_ json: SharedText) -> ItemIdentity {
        var hasher = Hasher()
        hasher.combine(1 as UInt8)
        json.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return ItemIdentity(digest: hasher.finalize())
    }

    /// The identity of output `ordinal` (1, 2, …) a `--jq` program made of the item with this
    /// identity (its first output keeps the item's own; `RowQuery`).
    func output(_ ordinal: Int) -> ItemIdentity {
        var hasher = Hasher()
        hasher.combine(digest)
        hasher.combine(ordinal)
        return ItemIdentity(digest: hasher.finalize())
    }

    /// 0 is never a digest: an item keeps 0 for "known by its JSON" (`Item.identity`).
    init(digest: Int) { self.digest = digest == 0 ? 1 : digest }
}
