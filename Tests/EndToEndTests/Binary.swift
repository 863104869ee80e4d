import Foundation

/// Where the built `infinilist` is: `.build/debug/infinilist` under the package root, found from
/// this file's path (the Makefile runs `swift build` before `swift test`). `INFINILIST_BINARY`
/// overrides it, e.g. to test a release build.
enum Binary {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // EndToEndTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    static var path: String {
        if let override = ProcessInfo.processInfo.environment["INFINILIST_BINARY"], !override.isEmpty {
            return override
        }
        return packageRoot.appendingPathComponent(".build/debug/infinilist").path
    }

    static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Shown when the binary is missing, instead of a confusing failure further on.
    static let missingMessage = "the infinilist binary is not built; run `swift build` (or `make test`) first"
}
