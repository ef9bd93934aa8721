import Foundation

/// Runs work on a thread with a chosen stack: a large one by default.
///
/// Parsing is iterative, but destroying a deeply nested `Block` still
/// recurses (docs/concurrency.md), so tests of very deep documents run on
/// a large stack; `SmallStackParsingTests` passes small sizes on purpose.
public enum LargeStack {
    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    /// The stack size: 1 GiB of address space (only touched pages are used).
    public static let size = 1 << 30

    /// Runs `body` on a new thread with a `stackSize`-byte stack and returns
    /// its result.
    public static func run<T>(stackSize: Int = size, _ body: @escaping @Sendable () -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return box.value!
    }
}
