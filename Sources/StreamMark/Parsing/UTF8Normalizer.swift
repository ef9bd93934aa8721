/// Turns arbitrary bytes into the text StreamMark parses: valid UTF-8 with no
/// NUL bytes.
///
/// Any bytes are valid Markdown. Invalid UTF-8 is replaced by U+FFFD using
/// the "maximal subpart" rule of the Unicode standard (the rule Swift's own
/// decoder and the WHATWG encoding standard use), and NUL is replaced by
/// U+FFFD as CommonMark requires. A sequence that is merely *incomplete* at
/// the end of a chunk is held back until the next chunk completes it, so a
/// character split across chunks never turns into U+FFFD; ``finish(into:)``
/// replaces a sequence that never completed.
///
/// For valid UTF-8 without NUL, the output is the input byte for byte, so
/// offsets into StreamMark's text are offsets into the caller's bytes.
public struct UTF8Normalizer: Sendable {
    /// Bytes of an incomplete sequence held back from the last chunk (0–3).
    public private(set) var pending: [UInt8] = []

    /// Creates a normalizer with nothing pending.
    public init() {}

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Appends the normalized form of `chunk` to `output`.
    ///
    /// - Complexity: O(chunk).
    public mutating func normalize(_ chunk: some Collection<UInt8>, into output: inout [UInt8]) {
        // One non-generic pass over contiguous bytes: a generic one is not
        // specialized across modules, and costs a witness call per byte.
        let done: Void? = chunk.withContiguousStorageIfAvailable { normalize(buffer: $0, into: &output) }
        if done == nil { Array(chunk).withUnsafeBufferPointer { normalize(buffer: $0, into: &output) } }
    }

    private mutating func normalize(buffer chunk: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        guard !pending.isEmpty else { return normalize(complete: chunk, into: &output) }
        let input = pending + chunk
        pending.removeAll(keepingCapacity: true)
        input.withUnsafeBufferPointer { normalize(complete: $0, into: &output) }
    }

    /// Normalizes `input`, which starts on a character boundary, holding
    /// back an incomplete sequence at its end.
    private mutating func normalize(complete input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        // The common case: ASCII without NUL is its own normalized form.
        if input.allSatisfy({ $0 != 0 && $0 < 0x80 }) {
            output.append(contentsOf: input)
            return
        }
        var i = 0
        let n = input.count
        while i < n {
            let lead = input[i]
            if lead < 0x80 {
                if lead == 0 { output.append(contentsOf: Self.replacement) } else { output.append(lead) }
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default:
                output.append(contentsOf: Self.replacement)
                i += 1
                continue
            }
            var j = 1
            var valid = true
            while j < length {
                if i + j >= n {
                    // Incomplete at the end of the chunk: hold it back.
                    pending.append(contentsOf: UnsafeBufferPointer(rebasing: input[i..<n]))
                    return
                }
                let byte = input[i + j]
                let (lo, hi) = j == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                if byte < lo || byte > hi {
                    valid = false
                    break
                }
                j += 1
            }
            if valid {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[i..<(i + length)]))
                i += length
            } else {
                // The maximal valid prefix becomes one U+FFFD; resume at the
                // byte that broke it.
                output.append(contentsOf: Self.replacement)
                i += j
            }
        }
    }

    /// Flushes a held-back incomplete sequence as U+FFFD.
    public mutating func finish(into output: inout [UInt8]) {
        if !pending.isEmpty {
            output.append(contentsOf: Self.replacement)
            pending.removeAll()
        }
    }

    /// The normalized form of a complete byte sequence.
    public static func normalized(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var normalizer = UTF8Normalizer()
        var output: [UInt8] = []
        normalizer.normalize(bytes, into: &output)
        normalizer.finish(into: &output)
        return output
    }
}
