/// The reader behind ``JSONElement/parse(_:maximumDepth:strict:)``.
/// Errors carry the offset of the offending byte (the end of the input when
/// it ends too early).
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    let strict: Bool
    var at = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, strict: Bool) {
        (self.bytes, self.maximumDepth, self.strict) = (bytes, maximumDepth, strict)
    }

    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: at, message: message)
    }

    mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D {
            at += 1
        }
    }

    /// A value; `depth` is the number of arrays and objects around it.
    /// The arrays and objects being read are kept on an explicit stack, so
    /// the reader's stack use does not grow with the nesting.
    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONElement {
        var open: [OpenContainer] = []
        while true {
            guard at < bytes.count else { throw error("unexpected end of input") }
            var element: JSONElement
            switch bytes[at] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard depth + open.count < maximumDepth else { throw error("nested deeper than \(maximumDepth)") }
                let isObject = bytes[at] == UInt8(ascii: "{")
                at += 1
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: isObject ? "}" : "]") {
                    at += 1
                    element = isObject ? .object([:]) : .array([])
                } else {
                    open.append(OpenContainer(isObject: isObject, name: isObject ? try memberName() : ""))
                    skipSpace()
                    continue
                }
            default:
                element = try scalar()
            }
            // The element completes its container's entry; a container that
            // closes is itself the element of the one around it.
            while !open.isEmpty {
                let top = open.count - 1
                if open[top].isObject {
                    open[top].members[open[top].name] = element
                    if try endOfList(closing: UInt8(ascii: "}"), in: "an object") {
                        element = .object(open.removeLast().members)
                        continue
                    }
                    open[top].name = try memberName()
                } else {
                    open[top].elements.append(element)
                    if try endOfList(closing: UInt8(ascii: "]"), in: "an array") {
                        element = .array(open.removeLast().elements)
                        continue
                    }
                }
                break
            }
            if open.isEmpty { return element }
            skipSpace()
        }
    }

    /// An array or object whose elements are being read.
    private struct OpenContainer {
        var isObject: Bool
        /// The member whose value comes next (objects).
        var name: String
        var elements: [JSONElement] = []
        var members: [String: JSONElement] = [:]
    }

    /// A value that is no array or object.
    private mutating func scalar() throws(JSONSyntaxError) -> JSONElement {
        switch bytes[at] {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    private mutating func expect(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count, word.withUTF8Buffer({ $0.elementsEqual(bytes[at..<at + count]) }) else {
            throw error("expected \(word)")
        }
        at += count
    }

    /// A member's name and its colon, and the space after them.
    private mutating func memberName() throws(JSONSyntaxError) -> String {
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw error("expected a member name") }
        let name = try string()
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw error("expected ':'") }
        at += 1
        skipSpace()
        return name
    }

    /// After an element: `true` past the closing bracket, `false` past a comma.
    private mutating func endOfList(closing: UInt8, in container: String) throws(JSONSyntaxError) -> Bool {
        skipSpace()
        guard at < bytes.count else { throw error("unexpected end of input in \(container)") }
        if bytes[at] == UInt8(ascii: ",") {
            at += 1
            return false
        }
        guard bytes[at] == closing else { throw error("expected ',' or '\(Unicode.Scalar(closing))'") }
        at += 1
        return true
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONElement {
        let start = at
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        let integerStart = at
        if skipDigits() == 0 { throw error("expected a digit") }
        if at - integerStart > 1, bytes[integerStart] == UInt8(ascii: "0") {
            at = integerStart + 1
            throw error("leading zero in a number")
        }
        var integral = true
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            integral = false
            if skipDigits() == 0 { throw error("expected a digit after '.'") }
        }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            integral = false
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            if skipDigits() == 0 { throw error("expected a digit in the exponent") }
        }
        let literal = String(decoding: bytes[start..<at], as: UTF8.self)
        if integral, let value = Int(literal) { return .int(value) }
        guard let value = Double(literal) else { throw error("bad number") }
        return .number(value)
    }

    private mutating func skipDigits() -> Int {
        let start = at
        while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39 { at += 1 }
        return at - start
    }

    /// A string; the opening quote is at `at`.
    private mutating func string() throws(JSONSyntaxError) -> String {
        at += 1
        var result: [UInt8] = []
        var start = at
        while true {
            guard at < bytes.count else { throw error("unterminated string") }
            let c = bytes[at]
            if c == UInt8(ascii: "\"") { break }
            if c < 0x20 { throw error("control character in a string") }
            if c != UInt8(ascii: "\\") {
                at += 1
                continue
            }
            result.append(contentsOf: bytes[start..<at])
            at += 1
            guard at < bytes.count else { throw error("unterminated string") }
            let escaped = bytes[at]
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(escaped)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                at += 1
                result.append(contentsOf: try unicodeEscape())
                start = at
                continue
            default: throw error("bad escape in a string")
            }
            at += 1
            start = at
        }
        result.append(contentsOf: bytes[start..<at])
        at += 1
        if strict {
            guard let text = String(validating: result, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
            return text
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The UTF-8 of a `\uXXXX` escape (after the `u`), joined with a
    /// following low-surrogate escape when it is a high surrogate. A lone
    /// surrogate has no UTF-8 form: an error when strict, else U+FFFD.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> [UInt8] {
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar), at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"),
            bytes[at + 1] == UInt8(ascii: "u")
        {
            let save = at
            at += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
                at = save
            }
        }
        guard let value = Unicode.Scalar(scalar) else {
            if strict { throw error("a lone surrogate") }
            return [0xEF, 0xBF, 0xBD]
        }
        return Array(String(Character(value)).utf8)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard at + 4 <= bytes.count else { throw error("bad \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[at]
            let digit: UInt8
            switch c {
            case 0x30...0x39: digit = c - 0x30
            case 0x41...0x46: digit = c - 0x41 + 10
            case 0x61...0x66: digit = c - 0x61 + 10
            default: throw error("bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }
}
