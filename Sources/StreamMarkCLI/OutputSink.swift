#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to a file descriptor with `write(2)`, retrying partial writes and
/// `EINTR`. A closed reader (`EPIPE`, as with `| head -1`) ends the program
/// quietly with status 0; any other write error (a full disk: `ENOSPC`)
/// ends it with a one-line message on standard error and status 1.
///
/// Both end the process with `_exit`: nothing buffered can be written any
/// more, and exit handlers must not try again (nor, in a sanitizer build,
/// report the live streaming state of the thread that was writing as leaked).
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
                let error = errno
                if error == EINTR || error == EAGAIN { continue }
                // EPIPE: the reader is gone, which is how pipelines end.
                if error == EPIPE { _exit(0) }
                if descriptor != 2 {
                    OutputSink.standardError.write(
                        "streammark: cannot write output: \(String(cString: strerror(error)))\n")
                }
                _exit(1)
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
