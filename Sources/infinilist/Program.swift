import InfinilistCore

/// What the event loop runs: a value that turns messages into effects and draws itself. The loop
/// knows nothing else about the program, so new messages (search, mouse) and views (detail,
/// help) need no change to it.
protocol Program {
    mutating func start() -> [Effect]
    /// Applies a message that happened at `time` (seconds, monotonic): the core measures scroll
    /// speed with it.
    mutating func update(_ message: Message, at time: Double) -> [Effect]
    /// While true the loop sends `.tick` every spinner interval; otherwise it sleeps until
    /// something happens.
    var isAnimating: Bool { get }
    /// The screen as the program last learned its size (`.resized`).
    func frame() -> Frame
}

extension AppState: Program {
    func frame() -> Frame { render(self) }
}
