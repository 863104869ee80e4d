@testable import InfinilistLoader
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
}
