import Glibc

/// Notices that the reader of the output pipe went away while nothing is being written: a dump
/// of a live stream that has gone quiet (`infinilist --dump URL | head -3`) would otherwise wait
/// for the next item to find out, which may be never. poll(2) reports POLLERR on the write end
/// of a pipe once its read end is closed; the event loop watches the descriptor as its "input",
/// and a hang-up there is the broken pipe it is, not a signal.
enum OutputReaderWatch {
    /// `descriptor` when it is a pipe, whose hang-up poll can see; -1 (nothing to watch) for a
    /// file, a terminal or a socket (a socket may become readable, which would wake the loop
    /// for nothing).
    static func watchable(_ descriptor: Int32) -> Int32 {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else { return -1 }
        return descriptor
    }

    /// Whether the reader of the pipe `descriptor` has gone.
    static func readerGone(_ descriptor: Int32) -> Bool {
        guard descriptor >= 0 else { return false }
        var entry = pollfd(fd: descriptor, events: 0, revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLERR) != 0
    }
}
