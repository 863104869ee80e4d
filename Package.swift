// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "infinilist",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "infinilist", targets: ["infinilist"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // Already used by async-http-client; named so that TransportFailure can tell TLS errors apart.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.27.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.25.0"),
        // Already used by async-http-client for decompression; named so that HTTPFetcher can set
        // its limit and TransportFailure can tell its errors apart.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.24.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        /// ncursesw, seen from Swift through a shim header (see docs/terminal-notes in shared/).
        .systemLibrary(
            name: "CNCursesW",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        /// The pure core: state, messages, effects, viewport, rendering. No curses, no network.
        .target(
            name: "InfinilistCore",
            dependencies: [.product(name: "DequeModule", package: "swift-collections")]
        ),
        /// Page sources (demo, HTTP) and the loader actor. No curses.
        .target(
            name: "InfinilistLoader",
            dependencies: [
                "InfinilistCore",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                // `.gz` files given on the command line.
                "CZlib",
                "TOML",
            ]
        ),
        /// A TOML 1.0 parser that keeps each entry's line (for messages naming it): a library of
        /// its own, with no dependency, which the config file uses.
        .target(name: "TOML"),
        /// The one event loop (messages in, effects out, paint once) with the screen injected:
        /// the terminal, --dump and the tests run it. No curses.
        .target(
            name: "InfinilistRuntime",
            dependencies: ["InfinilistCore", "InfinilistLoader", "ProcessSpawn", "CPipe"]
        ),
        /// `pipe2` with close-on-exec (Swift's Glibc module leaves it out): pipes no spawned
        /// process can inherit, for the runtime, the command and the tests.
        .target(name: "CPipe"),
        /// The bytes that turn one frame into the next on a terminal (`FrameWriter`), from the
        /// terminal's strings; and an in-memory terminal that applies them, for tests. No curses.
        .target(
            name: "TerminalWriter",
            dependencies: ["InfinilistCore", "CTerminalWidth"]
        ),
        /// The C library's `wcwidth` (Swift's Glibc module leaves it out), for `TerminalWriter`.
        .target(name: "CTerminalWidth"),
        /// A jq language implementation on `JSONValue` (parse once, compile to closures, run per
        /// item): a library of its own with no curses or loader, for `--jq` and for others.
        .target(name: "JQ", dependencies: ["InfinilistCore", "COniguruma"]),
        /// Oniguruma (Debian's libonig): jq's own regular expressions, with a bound on backtracking.
        .systemLibrary(
            name: "COniguruma",
            pkgConfig: "oniguruma",
            providers: [.apt(["libonig-dev"])]
        ),
        /// The command: argument parsing, the curses screen, wiring and teardown.
        .executableTarget(
            name: "infinilist",
            dependencies: [
                "InfinilistCore",
                "InfinilistLoader",
                "InfinilistRuntime",
                "TOML",
                "TerminalWriter",
                "JQ",
                "CPipe",
                "CNCursesW",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["hot-symbols.order"],
            /// Release links with lld and packed relative relocations (DT_RELR, glibc 2.36): the
            /// static binary's 115,000 relocations shrink from 2.7 MB read at every start to 22 KB
            /// (--version: 5.52 M → 4.95 M instructions; 2.2 MB less resident). gold, the default,
            /// cannot pack them. docs/decisions.md 65.
            /// The functions a session runs are linked first, together (hot-symbols.order, written by
            /// `make hot-symbols`; the Makefile compiles release builds with a section per function):
            /// 50 rows on screen hold 4.1-4.9 MB of code resident instead of 8.4. Decision 79.
            /// No symbol is exported (swiftc links executables with --export-dynamic): the 31,000
            /// it exported were 2 MB of tables the dynamic loader read at start. Decision 80.
            linkerSettings: [
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                              "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/infinilist/hot-symbols.order",
                              "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "--no-export-dynamic"],
                             .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        /// Starting a program as a shell would (posix_spawn, clean signal state), shared by the
        /// bench, the end-to-end tests (tmux) and the runtime (the browser, bound commands).
        .target(name: "ProcessSpawn"),
        /// `make bench`: drives infinilist, fzf and less in a pseudo-terminal, reads infinilist's
        /// opt-in trace, and simulates prefetch on the core; prints one table (docs/performance.md).
        .executableTarget(
            name: "infinilist-bench",
            dependencies: ["InfinilistCore", "JQ", "ProcessSpawn"]
        ),
        /// `make jq-conformance JQ_TEST=FILE`: jq's own test suite (a file in its format) through
        /// the JQ engine, each case in a process of its own; prints passed / failed / skipped.
        .executableTarget(name: "jq-conformance", dependencies: ["JQ"]),
        .testTarget(
            name: "InfinilistCoreTests",
            dependencies: ["InfinilistCore", "TestThreads"]
        ),
        /// `.ownThread`: CPU-bound tests run on threads of their own, off Swift's cooperative
        /// pool, so the tests that wait on servers and panes are never starved (issue 32.1).
        .target(
            name: "TestThreads",
            path: "Tests/TestThreads"
        ),
        /// zlib for reading `.gz` files and for the tests, which compress what their servers send
        /// (Foundation on Linux has no gzip). The library is already a requirement of
        /// swift-nio-extras's decompressor. In Sources/: the loader needs it, not only the tests.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        /// A real HTTP server on loopback for the tests, started and stopped safely.
        .target(
            name: "TestSupport",
            dependencies: [
                "ProcessSpawn",
                "CZlib",
                "TestThreads",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                // https test servers, with HTTP/2 offered by ALPN.
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "InfinilistLoaderTests",
            dependencies: [
                "InfinilistCore",
                "InfinilistLoader",
                "InfinilistRuntime",
                "TOML",
                "JQ",
                "CPipe",
                "TestSupport",
                "TestThreads",
                .product(name: "Hummingbird", package: "hummingbird"),
                // A raw TCP server for answers that are not HTTP (garbage, resets, silence).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        /// The jq library, differentially against the machine's `jq`.
        .testTarget(name: "JQTests", dependencies: ["JQ", "InfinilistCore", "TestThreads"]),
        /// The screen's writer against the in-memory terminal.
        .testTarget(
            name: "TerminalWriterTests",
            dependencies: ["InfinilistCore", "TerminalWriter"]
        ),
        /// Drives the built binary in tmux; needs `swift build` first (the Makefile does it).
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "ProcessSpawn",
                "CPipe",
                "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ]
)
