/// A minimal JSON writer into a byte buffer: the patch protocol's hot path
/// (no `JSONEncoder`, no intermediate strings).
///
/// Strings are escaped per RFC 8259: `"` and `\` with a backslash, the
/// control characters U+0000–U+001F as `\n`, `\r`, `\t`, `\b`, `\f` or
/// `\u00XX`; everything else is copied as UTF-8 (Swift strings are always
/// valid Unicode: invalid input bytes became U+FFFD, lone surrogates cannot
/// occur). `/` is not escaped.
struct JSONWriter {
    /// The JSON written so far.
    var bytes: [UInt8] = []

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func byte(_ byte: UInt8) { bytes.append(byte) }

    mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// Writes `text` as a JSON string.
    ///
    /// - Complexity: O(text); runs of bytes that need no escape are copied at once.
    mutating func string(_ text: String) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { escape($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ source: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var i = 0
        let count = source.count
        while i < count {
            let c = source[i]
            if c >= 0x20 && c != 0x22 && c != 0x5C {
                i += 1
                continue
            }
            if start < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<i])) }
            switch c {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            default:
                raw("\\u00")
                bytes.append(Self.hex[Int(c >> 4)])
                bytes.append(Self.hex[Int(c & 0xF)])
            }
            i += 1
            start = i
        }
        if start < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<count])) }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func id(_ id: BlockID) { string(id.rawValue) }

    /// `[e0,e1,…]`, each element written by `element`.
    mutating func array<Elements: Sequence>(
        _ elements: Elements, _ element: (inout JSONWriter, Elements.Element) -> Void
    ) {
        byte(UInt8(ascii: "["))
        var first = true
        for item in elements {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            element(&self, item)
        }
        byte(UInt8(ascii: "]"))
    }

    // MARK: Inlines (the same in both versions)

    mutating func inlines(_ inlines: [Inline]) {
        array(inlines) { $0.inline($1) }
    }

    mutating func inline(_ inline: Inline) {
        switch inline {
        case .text(let text): string(text)
        case .softBreak: raw(#"{"type":"softbreak"}"#)
        case .lineBreak: raw(#"{"type":"linebreak"}"#)
        case .code(let text):
            raw(#"{"type":"code","text":"#)
            string(text)
            byte(UInt8(ascii: "}"))
        case .html(let text):
            raw(#"{"type":"html","text":"#)
            string(text)
            byte(UInt8(ascii: "}"))
        case .math(let tex, let display):
            raw(#"{"type":"math","text":"#)
            string(tex)
            raw(display ? #","display":true}"# : #","display":false}"#)
        case .footnoteReference(let reference):
            raw(#"{"type":"footnote_reference","footnote":{"source":"#)
            string(reference.source)
            raw(#","label":"#)
            string(reference.label)
            raw(#","number":"#)
            int(reference.number)
            raw(#","occurrence":"#)
            int(reference.occurrence)
            if let fallback = reference.fallback {
                raw(#","fallback":"#)
                inlines(fallback)
            }
            raw("}}")
        case .emphasis(let children): container("emph", children)
        case .strong(let children): container("strong", children)
        case .strikethrough(let children): container("strikethrough", children)
        case .link(let url, let title, let children): link("link", url, title, children)
        case .image(let url, let title, let children): link("image", url, title, children)
        }
    }

    private mutating func container(_ type: StaticString, _ children: [Inline]) {
        raw(#"{"type":""#)
        raw(type)
        raw(#"","children":"#)
        inlines(children)
        byte(UInt8(ascii: "}"))
    }

    private mutating func link(_ type: StaticString, _ url: String, _ title: String, _ children: [Inline]) {
        raw(#"{"type":""#)
        raw(type)
        raw(#"","url":"#)
        string(url)
        raw(#","title":"#)
        string(title)
        raw(#","children":"#)
        inlines(children)
        byte(UInt8(ascii: "}"))
    }
}
