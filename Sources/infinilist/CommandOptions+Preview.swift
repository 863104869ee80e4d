import ArgumentParser
import InfinilistCore

/// `--preview-position right|bottom`: the core's positions, named by their raw values.
extension PreviewPosition: ExpressibleByArgument {}

/// `--preview-size 30` or `30%`: a whole percentage, checked against the range the core accepts
/// by `checkPreview`, so that a value out of range is named with the range rather than refused
/// as "invalid".
struct PreviewPercent: ExpressibleByArgument, Sendable, Equatable {
    let value: Int

    init(_ value: Int) { self.value = value }

    init?(argument: String) {
        let digits = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
        guard let value = Int(digits) else { return nil }
        self.value = value
    }

    var defaultValueDescription: String { "\(value)" }
}

extension CommandOptions {
    /// The preview's size must leave both the list and the pane something to show.
    func checkPreview() throws {
        let range = PreviewSettings.percentRange
        guard range.contains(previewSize.value) else {
            throw ValidationError("--preview-size must be a percentage from \(range.lowerBound) to \(range.upperBound), not \(previewSize.value)")
        }
    }

    /// The preview pane as the command line (or the config file's source) sets it up.
    var previewSettings: PreviewSettings {
        PreviewSettings(opens: preview, position: previewPosition, percent: previewSize.value)
    }
}
