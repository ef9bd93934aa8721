#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a descriptor with `read(2)` as bytes arrive, never waiting for the
/// end of the input.
///
/// Reads are batched: after one read returns, the reader keeps reading while
/// more bytes are immediately available (`poll` with a zero timeout), up to
/// a cap the caller chooses. The caller grows the cap with the size of the
/// open block, so a huge input that arrives faster than it can be parsed is
/// appended in geometrically growing chunks (linear total work) rather than
/// in fixed small ones (quadratic).
struct InputReader {
    /// What a call to ``next(cap:timeout:)`` produced.
    enum Event {
        /// Bytes arrived.
        case bytes([UInt8])
        /// Nothing arrived before the timeout (or a signal interrupted the wait).
        case idle
        /// The input ended (after the bytes of earlier events).
        case end
        /// Reading failed with `errno` (after the bytes of earlier events).
        case failure(Int32)
    }

    /// Caps up to this size take only the bytes already available.
    static let smallCap = 1 << 16
    /// The longest a batch waits for more bytes, in milliseconds.
    static let batchWindow = 100

    /// A monotonic clock in milliseconds.
    static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }

    /// The descriptor read.
    let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var pendingEvent: Event?

    /// Creates a reader of `descriptor`.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Waits up to `timeout` milliseconds (-1: forever) for input, then reads
    /// everything immediately available up to `cap` bytes.
    ///
    /// - Complexity: O(bytes read).
    mutating func next(cap: Int, timeout: Int32) -> Event {
        if let event = pendingEvent {
            pendingEvent = nil
            return event
        }
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pollDescriptor, 1, timeout)
        if ready == 0 || (ready < 0 && errno == EINTR) { return .idle }
        var collected: [UInt8] = []
        let started = Self.milliseconds()
        while true {
            let want = min(buffer.count, max(1, cap - collected.count))
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, want) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN {
                    if collected.isEmpty { return .idle }
                    return .bytes(collected)
                }
                let failure = Event.failure(errno)
                if collected.isEmpty { return failure }
                pendingEvent = failure
                return .bytes(collected)
            }
            if count == 0 {
                if collected.isEmpty { return .end }
                pendingEvent = .end
                return .bytes(collected)
            }
            collected.append(contentsOf: buffer[0..<count])
            if collected.count >= cap { return .bytes(collected) }
            // With a large cap (a large open block), wait a little for more
            // bytes, at most `batchWindow` in all, so a fast writer's stream
            // is appended in big chunks; with a small cap, take what is here.
            pollDescriptor.revents = 0
            let waited = Self.milliseconds() - started
            let wait: Int32 = cap > Self.smallCap && waited < Self.batchWindow ? 2 : 0
            if poll(&pollDescriptor, 1, wait) <= 0 { return .bytes(collected) }
        }
    }
}
