/// A parsed JSON value: what a short-form version-2 line (an array) is read
/// into before it becomes a ``DeltaPatch``.
///
/// The parser accepts exactly RFC 8259 JSON (one value, surrounding
/// whitespace allowed) and nesting up to ``maximumDepth``; numbers must be
/// integers, since the protocol has no others.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Deeper input is rejected: parsing and converting recurse, and a
    /// value this deep still fits in a 512 KiB stack.
    static let maximumDepth = 2_000

    /// Parses one JSON text.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func parse(_ bytes: some Collection<UInt8>) throws(PatchStreamError) -> JSONValue {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { (buffer) throws(PatchStreamError) -> JSONValue in
            var parser = Parser(bytes: buffer)
            parser.skipSpace()
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.at == buffer.count else { throw parser.error("trailing characters") }
            return value
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        func error(_ message: String) -> PatchStreamError {
            PatchStreamError(description: "bad JSON at byte \(at): \(message)")
        }

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D {
                at += 1
            }
        }

        mutating func expect(_ word: StaticString) throws(PatchStreamError) {
            let count = word.utf8CodeUnitCount
            guard at + count <= bytes.count,
                word.withUTF8Buffer({ $0.elementsEqual(bytes[at..<at + count]) })
            else { throw error("unexpected character") }
            at += count
        }

        mutating func value(depth: Int) throws(PatchStreamError) -> JSONValue {
            guard at < bytes.count else { throw error("unexpected end") }
            switch bytes[at] {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                guard depth < JSONValue.maximumDepth else {
                    throw error("nested deeper than \(JSONValue.maximumDepth)")
                }
                return .array(try array(depth: depth + 1))
            case UInt8(ascii: "{"):
                guard depth < JSONValue.maximumDepth else {
                    throw error("nested deeper than \(JSONValue.maximumDepth)")
                }
                return .object(try object(depth: depth + 1))
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            default: return .int(try integer())
            }
        }

        mutating func array(depth: Int) throws(PatchStreamError) -> [JSONValue] {
            at += 1
            var elements: [JSONValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
                at += 1
                return elements
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth))
                skipSpace()
                guard at < bytes.count else { throw error("unterminated array") }
                if bytes[at] == UInt8(ascii: "]") {
                    at += 1
                    return elements
                }
                guard bytes[at] == UInt8(ascii: ",") else { throw error("expected , or ]") }
                at += 1
            }
        }

        mutating func object(depth: Int) throws(PatchStreamError) -> [String: JSONValue] {
            at += 1
            var members: [String: JSONValue] = [:]
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
                at += 1
                return members
            }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                let name = try string()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw error("expected :") }
                at += 1
                skipSpace()
                members[name] = try value(depth: depth)
                skipSpace()
                guard at < bytes.count else { throw error("unterminated object") }
                if bytes[at] == UInt8(ascii: "}") {
                    at += 1
                    return members
                }
                guard bytes[at] == UInt8(ascii: ",") else { throw error("expected , or }") }
                at += 1
            }
        }

        /// An integer (no fraction or exponent), within `Int`.
        mutating func integer() throws(PatchStreamError) -> Int {
            let start = at
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
            let digits = at
            while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39 { at += 1 }
            guard at > digits, bytes[digits] != 0x30 || at == digits + 1 else { throw error("not a JSON value") }
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") || bytes[at] | 0x20 == UInt8(ascii: "e") {
                throw error("a number that is not an integer")
            }
            guard let value = Int(String(decoding: bytes[start..<at], as: UTF8.self)) else {
                throw error("an integer out of range")
            }
            return value
        }

        /// A string; the opening quote is at `at`. Invalid UTF-8 is an error,
        /// and so is an escaped lone surrogate (it has no UTF-8 form).
        mutating func string() throws(PatchStreamError) -> String {
            at += 1
            var result: [UInt8] = []
            var start = at
            while true {
                guard at < bytes.count else { throw error("unterminated string") }
                let c = bytes[at]
                if c == UInt8(ascii: "\"") { break }
                if c < 0x20 { throw error("a control character in a string") }
                if c != UInt8(ascii: "\\") {
                    at += 1
                    continue
                }
                result.append(contentsOf: bytes[start..<at])
                at += 1
                guard at < bytes.count else { throw error("unterminated string") }
                let escaped = bytes[at]
                at += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(escaped)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"): result.append(contentsOf: try unicodeEscape())
                default: throw error("a bad escape")
                }
                start = at
            }
            result.append(contentsOf: bytes[start..<at])
            at += 1
            guard let text = String(validating: result, as: UTF8.self) else { throw error("invalid UTF-8") }
            return text
        }

        /// The UTF-8 of a `\uXXXX` escape (after the `u`), with a following
        /// low surrogate escape when it is a high surrogate.
        mutating func unicodeEscape() throws(PatchStreamError) -> [UInt8] {
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                    throw error("a lone surrogate")
                }
                at += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a lone surrogate")
            }
            return Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
        }

        mutating func hex4() throws(PatchStreamError) -> UInt32 {
            guard at + 4 <= bytes.count else { throw error("a short \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[at]
                let digit: UInt8
                switch c {
                case 0x30...0x39: digit = c - 0x30
                case 0x41...0x46: digit = c - 0x41 + 10
                case 0x61...0x66: digit = c - 0x61 + 10
                default: throw error("a bad \\u escape")
                }
                value = value << 4 | UInt32(digit)
                at += 1
            }
            return value
        }
    }
}
