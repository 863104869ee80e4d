import TestSupport
import Foundation
import Hummingbird

/// What a fault server saw: every request (path and query, and the `Authorization` header it
/// carried) and events its handlers record ("closed" when a client went away mid-response).
final class FaultLog: Sendable {
    /// One request as the server saw it: enough to tell which URL was asked for and whether it
    /// carried credentials.
    struct Entry: Sendable, Equatable {
        let uri: String
        let authorization: String?
    }

    private let requests = LockedList<Entry>()
    private let events = LockedList<String>()

    func record(_ entry: Entry) { requests.append(entry) }
    func event(_ text: String) { events.append(text) }

    var all: [Entry] { requests.all }
    var uris: [String] { requests.all.map(\.uri) }
    var allEvents: [String] { events.all }
    func count(_ uri: String) -> Int { requests.all.filter { $0.uri == uri }.count }

    /// Waits (polling, up to `timeout`) until an event is recorded; whether it was. Every caller
    /// expects the event, so the timeout only bounds a failure: generous, as on a busy machine
    /// (the whole suite, tmux panes polling) a request can take many seconds to reach the server.
    func waitForEvent(_ text: String, timeout: Duration = .seconds(120)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if events.all.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return events.all.contains(text)
    }
}

/// A running fault server: its base URL and its log.
struct FaultServer: Sendable {
    let base: String
    let log: FaultLog
}

/// Runs `body` with a fault server on 127.0.0.1 (ephemeral port).
func withFaultServer<T: Sendable>(
    _ body: @Sendable (FaultServer) async throws -> T
) async throws -> T {
    try await withFaultServer(host: "127.0.0.1", body)
}

/// Runs `body` with two fault servers: one on 127.0.0.1 and a second origin on 127.0.0.2 (Linux
/// routes all of 127.0.0.0/8 to the loopback interface), for credential-leak tests.
func withTwoFaultServers<T: Sendable>(
    _ body: @Sendable (_ first: FaultServer, _ second: FaultServer) async throws -> T
) async throws -> T {
    try await withFaultServer(host: "127.0.0.1") { first in
        try await withFaultServer(host: "127.0.0.2") { second in
            try await body(first, second)
        }
    }
}

private func withFaultServer<T: Sendable>(
    host: String,
    _ body: @Sendable (FaultServer) async throws -> T
) async throws -> T {
    let log = FaultLog()
    return try await withLocalServer(router: FaultRoutes.router(log: log), host: host) { port in
        try await body(FaultServer(base: "http://\(host):\(port)", log: log))
    }
}
