/// A count with its noun, in the right number: `1 item`, `2 items`, `0 items`. Every message
/// that counts something goes through here, so none can say "1 items".
public enum Counted {
    /// `noun` is the singular; `plural` defaults to it with an `s`. `grouped` writes thousands
    /// with commas (`12,345 items`), as the screen does.
    public static func text(_ count: Int, _ noun: String, plural: String? = nil, grouped: Bool = false) -> String {
        let number = grouped ? NumberText.grouped(count) : String(count)
        let word = count == 1 ? noun : (plural ?? noun + "s")
        return "\(number) \(word)"
    }
}
