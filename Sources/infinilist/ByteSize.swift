import ArgumentParser

/// A size given on the command line as `1048576`, `512K`, `32M` or `1G` (powers of 1024), so a
/// user need not count digits for `--max-page-bytes`.
struct ByteSize: ExpressibleByArgument, Sendable, Equatable {
    let bytes: Int

    init(bytes: Int) { self.bytes = bytes }

    init?(argument: String) {
        var digits = Substring(argument.trimmingCharacters(in: " "))
        var multiplier = 1
        if digits.uppercased().hasSuffix("IB") || digits.uppercased().hasSuffix("B") {
            digits = digits.dropLast(digits.uppercased().hasSuffix("IB") ? 2 : 1)
        }
        switch digits.last.map({ Character($0.uppercased()) }) {
        case "K": multiplier = 1 << 10
        case "M": multiplier = 1 << 20
        case "G": multiplier = 1 << 30
        default: break
        }
        if multiplier > 1 { digits = digits.dropLast() }
        // A negative size parses, so that the check names it ("at least 1 byte, not -1").
        guard let value = Int(digits) else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { return nil }
        bytes = product
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> Substring {
        let start = firstIndex(where: { $0 != set }) ?? endIndex
        let end = lastIndex(where: { $0 != set }).map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
