import InfinilistCore

/// Byte counts as people read them: `32 MiB`, `1.5 KiB`, `512 bytes`.
enum ByteCount {
    static func text(_ count: Int) -> String {
        let units = ["KiB", "MiB", "GiB"]
        var value = Double(count)
        var unit = "bytes"
        for next in units where value >= 1024 {
            value /= 1024
            unit = next
        }
        if unit == "bytes" { return Counted.text(count, "byte") }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) \(unit)" : "\(rounded) \(unit)"
    }
}
