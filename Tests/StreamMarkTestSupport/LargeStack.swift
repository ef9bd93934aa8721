import Foundation

/// Runs work on a thread with a chosen stack: a large one by default.
///
/// Nothing that walks a block tree recurses per level any more
/// (docs/concurrency.md), so the deep-document tests pass a small stack
/// (512 KiB, a secondary thread's default on Darwin) on purpose; the large
/// default is for code that still recurses, such as hand-built inline
/// trees nested past the parser's limit.
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
