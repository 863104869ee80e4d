import Glibc

/// glibc's `posix_spawn` file actions that are GNU extensions, which the Glibc module does not
/// import (they need `_GNU_SOURCE`): looked up by name once, nil with a glibc older than 2.34
/// (`closefrom`) or 2.35 (`tcsetpgrp`), where the callers do without.
enum GNUSpawnActions {
    typealias FileAction = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// `posix_spawn_file_actions_addclosefrom_np`: close every descriptor from this one up.
    static let closeFrom = lookup("posix_spawn_file_actions_addclosefrom_np")
    /// `posix_spawn_file_actions_addtcsetpgrp_np`: make the child's process group the
    /// foreground group of this terminal, in the child, before it runs the program.
    static let setForegroundGroup = lookup("posix_spawn_file_actions_addtcsetpgrp_np")

    private static func lookup(_ name: String) -> FileAction? {
        // RTLD_DEFAULT, the global scope of the program and its libraries, is NULL in glibc.
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: FileAction.self)
    }

    /// Closes every descriptor above 2 in the child, where glibc can.
    static func closeAbove2(_ actions: inout posix_spawn_file_actions_t) {
        _ = closeFrom?(&actions, 3)
    }
}
