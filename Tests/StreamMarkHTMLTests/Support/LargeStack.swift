import Foundation

/// Runs work on a thread with a large stack.
///
/// The engine's cmark-to-tree converter (`CmarkNodeReader`) is recursive
/// and overflows the stack of a test thread at a few thousand nested
/// blocks. Tests that must parse deeper documents (corpus files, the
/// 10,000-level inputs) parse on such a thread; the renderer itself needs
/// no large stack (see `DeepNestingTests`).
enum LargeStack {
    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    /// The stack size: 1 GiB of address space (only touched pages are used).
    static let size = 1 << 30

    /// Runs `body` on a new thread with a ``size``-byte stack and returns its
    /// result.
    static func run<T>(_ body: @escaping @Sendable () -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }
}
