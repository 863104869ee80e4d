import ArgumentParser
import InfinilistLoader
import InfinilistRuntime
import Synchronization

/// `-d`'s (and `--graphql`'s) argument read once per process: the command line is parsed and checked more than once
/// (the config file's settings one by one, then merged, then run), and `@-` can be read only
/// once; a file must not change between the check and the run either. A problem is remembered
/// too, so every parse reports the same one.
enum BodyArguments {
    private static let cache = Mutex<[String: Result<String, SourceOptionError>]>([:])

    static func read(_ argument: String, flag: String = "-d") throws -> String {
        let result = cache.withLock { cache in
            if let known = cache[argument] { return known }
            let result: Result<String, SourceOptionError>
            do throws(SourceOptionError) {
                result = .success(try BodyArgument.read(argument, flag: flag, wait: waitAnsweringSignals(flag: flag)))
            } catch {
                result = .failure(error)
            }
            cache[argument] = result
            return result
        }
        do {
            return try result.get()
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// Waits for a named pipe's writer, or a body typed on the terminal (`@-`), answering Ctrl-C
    /// and SIGTERM (`InterruptibleWait`); a named pipe with nothing to read yet says so once.
    private static func waitAnsweringSignals(flag: String) -> BodyArgument.Wait {
        var told = false
        return { descriptor, namedPipe in
            if let namedPipe, !told, !InterruptibleWait.isReadable(descriptor) {
                told = true
                FileLineOutput.standardError().write(
                    line: "infinilist: \(flag) @\(namedPipe): waiting for a writer on the named pipe \(namedPipe) (Ctrl-C to stop)")
            }
            InterruptibleWait().untilReadable(descriptor)
        }
    }
}
