import Foundation
import Glibc
import ProcessSpawn
import Testing

/// What a started program inherits: only its three standard descriptors. A tmux server or a
/// proxy started by a test, or a command started by infinilist, that kept a descriptor of the
/// parent's would keep it open for as long as it lives (a test run's build lock, infinilist's
/// terminal and sockets).
@Suite struct ChildProcessTests {
    /// Runs `ls -l /proc/self/fd` both ways a program is started, with a descriptor open in this
    /// process that is not close-on-exec; returns what each listed.
    @Test func aChildGetsNoDescriptorAboveTwo() throws {
        let directory = try TemporaryDirectory()
        let marker = directory.file("marker-\(UUID().uuidString.prefix(8))").path
        _ = FileManager.default.createFile(atPath: marker, contents: Data())
        let descriptor = open(marker, O_RDONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }

        let listed = directory.file("spawned").path
        let child = try ChildProcess.spawn("/bin/sh", ["-c", "ls -l /proc/self/fd"], environment: ["PATH": "/usr/bin:/bin"],
                                           stdio: ChildProcess.Stdio(output: listed))
        #expect(try child.waitUntilExit() == 0)
        let spawned = try String(contentsOfFile: listed, encoding: .utf8)
        #expect(spawned.contains("/proc/"), "ls listed nothing: \(spawned)")
        #expect(!spawned.contains(marker), "spawn passed a descriptor on:\n\(spawned)")

        let output = open(directory.file("launched").path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(output >= 0)
        let options = LaunchOptions(input: .null, output: .descriptor(output), errors: .null, group: .own(terminal: nil))
        let launched = try ChildProcess.launch("/bin/sh", ["-c", "ls -l /proc/self/fd"], environment: ["PATH": "/usr/bin:/bin"], options: options)
        close(output)
        #expect(try launched.waitUntilExit() == 0)
        let text = try #require(directory.read("launched"))
        #expect(text.contains("/proc/"), "ls listed nothing: \(text)")
        #expect(!text.contains(marker), "launch passed a descriptor on:\n\(text)")
    }
}
