import Foundation

/// A chunk of streamed text: a string or bytes (a chunk may end inside a
/// UTF-8 character; the engine completes it with the next one).
public protocol StreamChunk: Sendable {
    /// Appends the chunk's UTF-8 bytes to `bytes`.
    ///
    /// - Complexity: O(chunk).
    func appendUTF8(to bytes: inout [UInt8])
}

extension String: StreamChunk {
    /// Appends the string's UTF-8 bytes.
    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: utf8) }
}

extension Substring: StreamChunk {
    /// Appends the substring's UTF-8 bytes.
    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: utf8) }
}

extension Array: StreamChunk where Element == UInt8 {
    /// Appends the bytes.
    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: self) }
}

extension ArraySlice: StreamChunk where Element == UInt8 {
    /// Appends the bytes.
    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: self) }
}

extension UInt8: StreamChunk {
    /// Appends the byte (for byte-by-byte sequences such as `URLSession`'s
    /// `AsyncBytes`; the adapter coalesces them).
    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(self) }
}

extension Data: StreamChunk {
    /// Appends the bytes.
    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: self) }
}
