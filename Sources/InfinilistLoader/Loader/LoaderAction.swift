import InfinilistCore

/// What the loader does next: decided by `LoaderMachine`, carried out by the `Loader` actor, which
/// owns the tasks and nothing else. Kept as values so a test can read the decisions without a
/// task, a clock or a server.
enum LoaderAction: Sendable {
    /// Start a fetch in a task of its own. Its end comes back to the machine with the fetch's
    /// token (`arrived`, `groupArrived`), and so do its waits (`waiting`).
    case fetch(LoaderFetch)
    /// Cancel the fetch with this token: it answers nothing.
    case cancel(token: Int)
    /// Hand a result (or a countdown) to the core.
    case deliver(Message)
    /// Explain a decision for `--verbose`.
    case log(String)
}

/// A fetch the actor is to run.
struct LoaderFetch: Sendable {
    /// Tells this fetch from a later one of the same page.
    let token: Int
    let page: Int
    let work: Work

    enum Work: Sendable {
        /// One page, with this key.
        case page(PageKey)
        /// Pages read together and handed on as one (`LoaderMachine+GroupRead.swift`), in a walk
        /// of their own that starts as `start`.
        case group(LoaderMachine.GroupRead, start: Walk)
    }
}
