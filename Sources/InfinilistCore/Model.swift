/// What the event loop runs, in the Elm sense of a model: a value that turns messages into
/// effects and draws itself. The loop (the runtime) knows nothing else about it, so new messages
/// (search, mouse) and views (detail, help) need no change to the loop, and the screen and
/// `--dump` are two models on the same loop.
public protocol Model {
    mutating func start() -> [Effect]
    /// Applies a message that happened at `time` (seconds, monotonic): the core measures scroll
    /// speed with it.
    mutating func update(_ message: Message, at time: Double) -> [Effect]
    /// While true the loop sends `.tick` every spinner interval; otherwise it sleeps until
    /// something happens.
    var isAnimating: Bool { get }
    /// When the model wants a `.tick` though nothing animates (a poll of a live list due), in
    /// the seconds `update(_:at:)` is given; nil to sleep until something happens.
    var wakeTime: Double? { get }
    /// The screen as the model last learned its size (`.resized`).
    func frame() -> Frame
}

extension Model {
    public var wakeTime: Double? { nil }
}

extension AppState: Model {
    public func frame() -> Frame { render(self) }
}
