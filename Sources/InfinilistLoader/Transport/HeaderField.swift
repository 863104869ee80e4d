/// One HTTP header, independent of NIO's types so that pagination styles and tests can read
/// response headers (`Link`, `X-Total-Count`, `Retry-After`) without importing NIO.
public struct HeaderField: Sendable, Hashable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Parses a `-H` argument such as `Authorization: Bearer abc`; nil when there is no colon,
    /// the name is empty or not a valid token, or the value holds a control character (a CR or LF
    /// would smuggle a second header into the request).
    public init?(line: String) {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingSpaces()
        let value = line[line.index(after: colon)...].trimmingSpaces()
        let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        guard !name.isEmpty, name.allSatisfy({ tokenCharacters.contains($0) }),
              // By scalar: "\r\n" is a single Character, which a Character test would miss.
              !value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F })
        else { return nil }
        self.init(name: name, value: value)
    }
}

extension [HeaderField] {
    /// The first value of a header, matched without regard to case (HTTP header names are case-insensitive).
    public func first(named name: String) -> String? {
        first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
