#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to a file descriptor with `write(2)`, retrying partial writes and
/// `EINTR`. A closed reader (`EPIPE`, as with `| head -1`) ends the program
/// quietly with status 0.
struct OutputSink {
    /// The descriptor written to.
    let descriptor: Int32

    /// Writes all of `text`.
    ///
    /// - Complexity: O(n) in the length of the text.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in write(bytes: buffer) }
    }

    /// Writes all of `bytes`.
    func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Glibc)
            let written = Glibc.write(descriptor, pointer, remaining)
            #else
            let written = Darwin.write(descriptor, pointer, remaining)
            #endif
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                // EPIPE and any other write error: the reader is gone.
                exit(0)
            }
            pointer += written
            remaining -= written
        }
    }

    /// Standard output.
    static let standardOutput = OutputSink(descriptor: 1)
    /// Standard error.
    static let standardError = OutputSink(descriptor: 2)
}
