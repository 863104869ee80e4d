import ArgumentParser
import InfinilistLoader
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
                result = .success(try BodyArgument.read(argument, flag: flag))
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
}
