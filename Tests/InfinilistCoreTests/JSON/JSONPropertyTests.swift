import Testing
@testable import InfinilistCore

/// Seeded, deterministic property tests: the parser must never crash on any input, and every
/// value must survive compact and pretty serialisation unchanged.
@Suite struct JSONPropertyTests {
    /// Bytes that make random input look like JSON often enough to reach deep parser paths.
    private static let jsonishBytes: [UInt8] = Array(#"{}[]:,"\\/ubfnrt0123456789-+.eE aAzZ"#.utf8)
        + [0x00, 0x0A, 0x1F, 0x7F, 0x80, 0xBF, 0xC2, 0xC3, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix64(seed: 0x1F2E_3D4C)
        var parsed = 0
        var failed = 0
        for round in 0..<2_000 {
            let count = Int.random(in: 0...64, using: &generator)
            let bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                bytes = (0..<count).map { _ in Self.jsonishBytes.randomElement(using: &generator) ?? 0 }
            }
            do {
                let value = try JSONParser.parse(bytes, maxDepth: 8)
                _ = value.compactJSON
                parsed += 1
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count)
                #expect(!error.message.isEmpty)
                #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
                failed += 1
            }
        }
        #expect(parsed + failed == 2_000)
        #expect(parsed > 0)   // the JSON-ish half produces some valid documents
    }

    @Test func mutatedDocumentsNeverCrash() throws {
        let seed = Array(#"{"a":[1,-2.5e3,"x\u00e9\ud83d\ude00",true,false,null,{"b":{}}],"c":"\n"}"#.utf8)
        var generator = SplitMix64(seed: 99)
        for _ in 0..<2_000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.removeSubrange(index...)
                }
                if bytes.isEmpty { break }
            }
            if let error = jsonError(bytes) {
                #expect(error.offset <= bytes.count)
            }
        }
    }

    @Test func randomValuesRoundTrip() throws {
        var generator = SplitMix64(seed: 2024)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let compact = value.compactJSON
            #expect(try json(compact) == value, "compact: \(compact)")
            #expect(try json(value.prettyJSON()) == value)
            #expect(try json(compact).compactJSON == compact)
            #expect(!compact.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    static func randomValue(depth: Int, using generator: inout SplitMix64) -> JSONValue {
        let kind = Int.random(in: 0..<(depth >= 4 ? 4 : 6), using: &generator)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(randomNumber(using: &generator))
        case 3: return .string(randomString(using: &generator))
        case 4:
            let count = Int.random(in: 0...4, using: &generator)
            return .array((0..<count).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            var members = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                members[randomString(using: &generator)] = randomValue(depth: depth + 1, using: &generator)
            }
            return .object(members)
        }
    }

    static func randomNumber(using generator: inout SplitMix64) -> String {
        var text = Bool.random(using: &generator) ? "-" : ""
        if Int.random(in: 0..<4, using: &generator) == 0 {
            text += "0"
        } else {
            text += String(Int.random(in: 1...9, using: &generator))
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                text += String(Int.random(in: 0...9, using: &generator))
            }
        }
        if Bool.random(using: &generator) {
            text += "." + String(UInt32.random(in: 0...99999, using: &generator))
        }
        if Int.random(in: 0..<3, using: &generator) == 0 {
            text += ["e", "E", "e+", "e-", "E-"].randomElement(using: &generator) ?? "e"
            text += String(Int.random(in: 0...999, using: &generator))
        }
        return text
    }

    private static let palette: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{8}", "\u{C}", "\u{1B}", "\u{1F}",
        "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é", "中", "😀", "\u{200D}", "\u{2028}", "\u{2029}",
        "\u{202E}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "\u{10FFFF}",
    ]

    static func randomString(using generator: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            if let scalar = palette.randomElement(using: &generator) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
