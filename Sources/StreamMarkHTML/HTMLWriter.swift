import StreamMark

/// The output buffer of one render, and the walk over blocks and inlines.
///
/// This is cmark's `html.c` (and cmark-gfm's table and task-list
/// renderers) over StreamMark's values: the same tags, the same newline
/// rules (``cr()`` is cmark's `cr`: a newline unless the output is empty or
/// already ends with one), the same escaping. The walk uses explicit stacks
/// instead of recursion, so any nesting depth is safe.
struct HTMLWriter {
    /// The options in effect.
    let options: HTMLRenderer.RenderOptions
    /// The HTML written so far (UTF-8).
    private(set) var bytes: [UInt8] = []
    /// The footnote definitions a ``BlockKind/footnotes(notes:)`` section
    /// lists, by id (the notes stay where they were written in the tree).
    var notes: [BlockID: Block] = [:]

    init(options: HTMLRenderer.RenderOptions) {
        self.options = options
    }

    /// The output as a string.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Output primitives

    /// Reserves room for `count` more bytes of output.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + max(0, count))
    }

    /// cmark's `cr`: a newline unless the output is empty or ends with one.
    mutating func cr() {
        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    }

    /// Appends markup verbatim.
    mutating func put(_ markup: String) {
        bytes.append(contentsOf: markup.utf8)
    }

    /// Appends one byte.
    mutating func put(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends text escaped as cmark escapes text and attribute values
    /// (`houdini_escape_html0` in non-secure mode): `&`, `<`, `>` and `"`
    /// become entities, everything else is copied.
    mutating func escapeHTML(_ text: String) {
        var text = text
        text.withUTF8 { escapeHTML(bytes: $0) }
    }

    /// ``escapeHTML(_:)`` over a byte buffer.
    mutating func escapeHTML(bytes source: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<source.count {
            let entity: String
            switch source[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            default: continue
            }
            if index > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index])) }
            put(entity)
            runStart = index + 1
        }
        if source.count > runStart {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
        }
    }

    /// Appends a URL as cmark writes `href` and `src` values
    /// (`houdini_escape_href`), or nothing when the output is safe and the
    /// URL is dangerous (see ``URLSafety``).
    mutating func writeURL(_ url: String) {
        var url = url
        let dangerous = url.withUTF8 { URLSafety.isDangerous($0) }
        if !options.unsafe && dangerous { return }
        writeHref(url)
    }

    /// Appends text as `houdini_escape_href` writes it, with no check for
    /// dangerous schemes: footnote ids and their links (and, after that
    /// check, every URL).
    mutating func writeHref(_ text: String) {
        var text = text
        text.withUTF8 { source in
            var runStart = 0
            for index in 0..<source.count {
                let byte = source[index]
                if URLSafety.isHrefSafe(byte) { continue }
                if index > runStart {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                }
                switch byte {
                case UInt8(ascii: "&"): put("&amp;")
                case UInt8(ascii: "'"): put("&#x27;")
                default:
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(Self.hexDigit(byte >> 4))
                    bytes.append(Self.hexDigit(byte & 0x0F))
                }
                runStart = index + 1
            }
            if source.count > runStart {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
            }
        }
    }

    /// The uppercase hexadecimal digit for a value 0–15.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// Raw HTML: verbatim when unsafe, else cmark's placeholder comment.
    mutating func writeRawHTML(_ html: String) {
        if options.unsafe { put(html) } else { put("<!-- raw HTML omitted -->") }
    }
}
