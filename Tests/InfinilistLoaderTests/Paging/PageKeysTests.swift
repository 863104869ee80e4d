@testable import InfinilistLoader
import InfinilistCore
import Testing

/// A walk's keys, packed for counter and stream pages: every key read back is the key stored,
/// packed or not.
@Suite struct PageKeysTests {
    @Test func streamKeysReadBackAsStored() {
        var key = PageKey(page: 1, offset: 0, stream: .start)
        var keys = PageKeys(first: key)
        var stored = [key]
        for page in 1..<500 {
            key = key.advanced(by: page % 7)
            key.stream = StreamPosition(offset: page * 100, inArray: page.isMultiple(of: 2), skip: page % 3)
            keys[page] = key
            stored.append(key)
        }
        for (page, key) in stored.enumerated() { #expect(keys[page] == key) }
        #expect(keys[500] == nil)
    }

    @Test func numberedKeysReadBackAsStoredWhateverTheFirstPageNumber() {
        for first in [0, 1, 5] {
            var key = PageKey(page: first)
            var keys = PageKeys(first: key)
            var stored = [key]
            for page in 1..<300 {
                key = key.advanced(by: 25 + page % 3)
                keys[page] = key
                stored.append(key)
            }
            for (page, key) in stored.enumerated() { #expect(keys[page] == key) }
            #expect(keys[300] == nil)
        }
    }

    @Test func otherKeysAreKeptWholeBesideThePackedOnes() {
        var keys = PageKeys(first: PageKey(page: 1, offset: 0, stream: .start))
        let cursor = PageKey(index: 1, page: 2, offset: 50, cursor: "abc")
        let url = PageKey(index: 2, page: 3, url: "https://example.com/?page=3")
        keys[1] = cursor
        keys[2] = url
        #expect(keys[0] == PageKey(page: 1, offset: 0, stream: .start))
        #expect(keys[1] == cursor)
        #expect(keys[2] == url)
        // A stream key that no longer fits the packed run is kept whole.
        let far = PageKey(index: 9, page: 10, offset: 9, stream: StreamPosition(offset: 90))
        keys[9] = far
        #expect(keys[9] == far)
        keys[1] = nil
        #expect(keys[1] == nil)
        #expect(keys[2] == url)
    }

    @Test func forgettingDropsEveryEarlierKey() {
        var key = PageKey(page: 1, offset: 0, stream: .start)
        var keys = PageKeys(first: key)
        for page in 1..<10 {
            key = key.advanced(by: 1)
            key.stream = StreamPosition(offset: page)
            keys[page] = key
        }
        keys.forget(before: 6)
        #expect((0..<6).allSatisfy { keys[$0] == nil })
        #expect(keys[6]?.stream == StreamPosition(offset: 6))
        #expect(keys[9]?.offset == 9)
        key = key.advanced(by: 1)
        key.stream = StreamPosition(offset: 10)
        keys[10] = key
        #expect(keys[10] == key)
    }

    /// A numbered walk of a million pages keeps its keys in one run (issue 32: a search down an
    /// endless list grew by a key a page); a page set apart (a cursor key, a key dropped) splits
    /// it, and every key still reads back as stored.
    @Test func aLongNumberedWalkIsOneRun() {
        var key = PageKey(page: 1)
        var keys = PageKeys(first: key)
        for page in 1..<1_000_000 {
            key = key.advanced(by: 50)
            keys[page] = key
        }
        #expect(keys.runCount == 1)
        #expect(keys[765_432] == PageKey(index: 765_432, page: 765_433, offset: 765_432 * 50))
        let cursor = PageKey(index: 500, page: 501, offset: 25_000, cursor: "c")
        keys[500] = cursor
        keys[700] = nil
        #expect(keys.runCount == 3)
        #expect(keys[500] == cursor)
        #expect(keys[700] == nil)
        #expect(keys[699] == PageKey(index: 699, page: 700, offset: 699 * 50))
        #expect(keys[701] == PageKey(index: 701, page: 702, offset: 701 * 50))
        keys[700] = PageKey(index: 700, page: 701, offset: 700 * 50)
        #expect(keys.runCount == 2)
        keys.forget(before: 900_000)
        #expect(keys.runCount == 1)
        #expect(keys[899_999] == nil)
        #expect(keys[900_000] == PageKey(index: 900_000, page: 900_001, offset: 900_000 * 50))
    }

    /// Keys set in any order, overwritten and removed read back as a dictionary of them would.
    @Test func keysInAnyOrderReadBackAsStored() {
        var random = SplitMix64(seed: 34)
        var keys = PageKeys(first: PageKey(page: 1))
        var model: [Int: PageKey] = [0: PageKey(page: 1)]
        for _ in 0..<5_000 {
            let page = Int.random(in: 0..<60, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                keys[page] = nil
                model[page] = nil
            case 1:
                let key = PageKey(index: page, page: page + 1, offset: page * 10, stream: StreamPosition(offset: page * 7))
                keys[page] = key
                model[page] = key
            default:
                let step = Int.random(in: 0..<3, using: &random) == 0 ? 11 : 10
                let key = PageKey(index: page, page: page + 1, offset: page * step)
                keys[page] = key
                model[page] = key
            }
        }
        for page in 0..<61 { #expect(keys[page] == model[page]) }
    }
}
