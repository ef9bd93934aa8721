import Foundation

/// Runs test bodies on a thread with a 1 GiB stack: trees thousands of levels
/// deep are walked recursively (by the converter and by Swift's synthesized
/// `==`), which needs more than a default thread stack. The memory is only
/// reserved, not committed.
enum LargeStack {
    static func run(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 1 << 30
        thread.start()
        done.wait()
    }
}
