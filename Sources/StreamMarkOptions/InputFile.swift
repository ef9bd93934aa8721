#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file named on the command line (`-`: standard input), so
/// that every command reports an unreadable file the same way:
/// `cannot read PATH: reason` (one line, exit status 1).
package enum InputFile {
    /// A file that could not be read.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The path as given.
        package var path: String
        /// The `errno` value.
        package var code: Int32

        /// The failure to read `path` with `errno` `code`.
        package init(path: String, code: Int32) {
            self.path = path
            self.code = code
        }

        /// `cannot read PATH: reason`.
        package var description: String {
            "cannot read \(OptionError.quoted(path, quotes: false)): \(String(cString: strerror(code)))"
        }
    }

    /// The bytes of the file at `path`, or of standard input for `-`.
    ///
    /// - Complexity: O(n) in the size of the file.
    package static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure(path: path, code: errno) }
        defer { if descriptor != 0 { close(descriptor) } }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw Failure(path: path, code: errno)
            }
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }
}
