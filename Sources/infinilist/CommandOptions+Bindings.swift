import ArgumentParser
import InfinilistCore

/// `--bind` and `--open`, read once here for the check (a usage error names the binding or the
/// path) and again when the screen starts.
extension CommandOptions {
    func checkBindings() throws {
        _ = try keyBindings()
        _ = try openField()
    }

    /// Every `--bind`, in order; a mistake is a usage error naming the binding.
    func keyBindings() throws -> [UserBinding] {
        do {
            return try BindingParser.parse(bind)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// `--open PATH`, parsed.
    func openField() throws -> JSONPath? {
        guard let openPath else { return nil }
        do {
            return try JSONPath(parsing: openPath)
        } catch {
            throw ValidationError("--open: \(error.message)")
        }
    }
}

/// `bind` in a config file's source, under `--bind` on the command line: a key the command line
/// binds is taken out of the file's bindings, as a `-H` header replaces the file's header of the
/// same name, so `@gh --bind ctrl-o:copy` changes one key and keeps the file's others.
enum ConfigBindings {
    /// The file's `--bind VALUE` words without the bindings of `keys`. A value that does not
    /// parse is kept as it is, for the check that names its line.
    static func words(_ words: [String], without keys: Set<Key>) -> [String] {
        var result: [String] = []
        var index = 0
        while index + 1 < words.count {
            let value = words[index + 1]
            index += 2
            guard let bindings = try? BindingParser.parse(value) else {
                result.append("--bind=\(value)")
                continue
            }
            let kept = bindings.filter { !keys.contains($0.key) }
            if !kept.isEmpty { result.append("--bind=" + kept.map(\.token).joined(separator: ",")) }
        }
        return result
    }
}
