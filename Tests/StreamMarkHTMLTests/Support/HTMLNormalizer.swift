/// A port of cmark's `test/normalize.py` (`normalize_html`), the
/// comparison cmark's spec runner uses: it ignores insignificant
/// differences between two HTML strings.
///
/// - Whitespace runs collapse to one space (outside `<pre>`); whitespace
///   around block-level tags is removed.
/// - Self-closing tags become open tags (`<br />` → `<br>`).
/// - Tag and attribute names are lowercased; attributes are sorted; values
///   are unescaped, then escaped again (`&`, `<`, `>`, `"`, `'`).
/// - Entity and character references become characters, except that `<`,
///   `>`, `&` and `"` are written as entities.
///
/// Like the original it drives a port of the relevant parts of Python's
/// `html.parser.HTMLParser` (with `convert_charrefs = False`), fed the
/// chunks of the regular expression
/// `<!\[CDATA\[.*?\]\]>|<[^>]*>|[^<]+`. Deliberate simplification: only a
/// small table of named entities is known (the rest are kept as written,
/// which is what the original does for names it does not know).
///
/// Checked against the original (Python 3.11) on the expected HTML of all
/// 684 examples of spec.txt, regression.txt and smart_punct.txt plus a few
/// hand-written inputs: identical output for all but one, a start tag
/// whose quoted attribute value contains `>` (spec example 615), which
/// Python's tolerant tag regular expressions mangle differently.
struct HTMLNormalizer {
    private var output: [Unicode.Scalar] = []
    private var last = "starttag"
    private var lastTag = ""
    private var inPre = false
    private var rawdata: [Unicode.Scalar] = []
    private var cdataElement: String?

    /// The normalized form of `html`.
    static func normalize(_ html: String) -> String {
        var parser = HTMLNormalizer()
        let scalars = Array(html.unicodeScalars)
        for chunk in chunks(scalars) {
            if chunk.starts(with: Array("<![CDATA".unicodeScalars)) {
                parser.output.append(contentsOf: chunk)
            } else {
                parser.feed(chunk)
            }
        }
        parser.goahead(end: true)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: parser.output)
        return String(result)
    }

    // MARK: Chunking (normalize.py's html_chunk_re with re.finditer)

    private static func chunks(_ s: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
        var result: [ArraySlice<Unicode.Scalar>] = []
        let cdataOpen = Array("<![CDATA[".unicodeScalars)
        var i = 0
        while i < s.count {
            if s[i] == "<" {
                // `\<!\[CDATA\[.*?\]\]\>` (`.` does not match a newline).
                if s[i...].starts(with: cdataOpen) {
                    var j = i + cdataOpen.count
                    var found = false
                    while j + 2 < s.count && s[j] != "\n" {
                        if s[j] == "]" && s[j + 1] == "]" && s[j + 2] == ">" {
                            found = true
                            break
                        }
                        j += 1
                    }
                    if found {
                        result.append(s[i..<(j + 3)])
                        i = j + 3
                        continue
                    }
                }
                // `\<[^>]*\>`
                if let close = s[(i + 1)...].firstIndex(of: ">") {
                    result.append(s[i...close])
                    i = close + 1
                } else {
                    i += 1  // no alternative matches here: finditer moves on
                }
            } else {
                // `[^<]+`
                let end = s[i...].firstIndex(of: "<") ?? s.count
                result.append(s[i..<end])
                i = end
            }
        }
        return result
    }

    // MARK: HTMLParser (goahead with convert_charrefs = False)

    private mutating func feed(_ chunk: ArraySlice<Unicode.Scalar>) {
        rawdata.append(contentsOf: chunk)
        goahead(end: false)
    }

    private mutating func goahead(end: Bool) {
        let raw = rawdata
        let n = raw.count
        var i = 0
        func starts(_ prefix: String, _ at: Int) -> Bool {
            raw[at...].starts(with: Array(prefix.unicodeScalars))
        }
        loop: while i < n {
            var j: Int
            if let element = cdataElement {
                // Data runs up to `</element`.
                let close = Array(("</" + element).unicodeScalars)
                var found: Int?
                var k = i
                while k + close.count <= n {
                    if Self.lowercased(raw[k..<(k + close.count)]) == String(String.UnicodeScalarView(close)) {
                        found = k
                        break
                    }
                    k += 1
                }
                guard let at = found else { break loop }
                j = at
            } else {
                j = raw[i...].firstIndex(where: { $0 == "<" || $0 == "&" }) ?? n
            }
            if i < j { handleData(raw[i..<j]) }
            i = j
            if i == n { break }
            if raw[i] == "<" {
                var k: Int
                if i + 1 < n, Self.isASCIILetter(raw[i + 1]) {
                    k = parseStartTag(raw, i)
                } else if starts("</", i) {
                    k = parseEndTag(raw, i)
                } else if starts("<!--", i) {
                    k = parseComment(raw, i)
                } else if starts("<?", i) {
                    k = parsePI(raw, i)
                } else if starts("<!", i) {
                    k = parseDeclaration(raw, i)
                } else if i + 1 < n {
                    handleData(["<"])
                    k = i + 1
                } else {
                    break
                }
                if k < 0 {
                    if !end { break }
                    if let gt = raw[(i + 1)...].firstIndex(of: ">") {
                        k = gt + 1
                    } else if let lt = raw[(i + 1)...].firstIndex(of: "<") {
                        k = lt
                    } else {
                        k = i + 1
                    }
                    handleData(raw[i..<k])
                }
                i = k
            } else if starts("&#", i) {
                if let (name, k) = Self.matchCharref(raw, i) {
                    handleCharref(name)
                    i = k
                    continue
                }
                if raw[i...].contains(";") {
                    handleData(raw[i..<(i + 2)])
                    i += 2
                }
                break
            } else {
                if let (name, k) = Self.matchEntityref(raw, i) {
                    handleEntityref(name)
                    i = k
                    continue
                }
                if i + 1 < n, Self.isASCIILetter(raw[i + 1]) || raw[i + 1] == "#" {
                    // Incomplete reference: wait for more input.
                    if end && n - i == 2 { i += 1 }
                    break
                } else if i + 1 < n {
                    handleData(["&"])
                    i += 1
                } else {
                    break
                }
            }
        }
        if end && i < n && cdataElement == nil {
            handleData(raw[i..<n])
            i = n
        }
        rawdata = Array(raw[i...])
    }

    /// `&#(?:[0-9]+|[xX][0-9a-fA-F]+)[^0-9a-fA-F]`: the name (without `&#`)
    /// and where parsing resumes (after `;`, else at the terminator).
    private static func matchCharref(_ s: [Unicode.Scalar], _ i: Int) -> (String, Int)? {
        var j = i + 2
        let hex = j < s.count && (s[j] == "x" || s[j] == "X")
        if hex { j += 1 }
        let digitsStart = j
        while j < s.count, hex ? isHexDigit(s[j]) : isDigit(s[j]) { j += 1 }
        guard j > digitsStart, j < s.count, !isHexDigit(s[j]) else { return nil }
        let name = String(String.UnicodeScalarView(s[(i + 2)..<j]))
        return (name, s[j] == ";" ? j + 1 : j)
    }

    /// `&([a-zA-Z][-.a-zA-Z0-9]*)[^a-zA-Z0-9]`.
    private static func matchEntityref(_ s: [Unicode.Scalar], _ i: Int) -> (String, Int)? {
        var j = i + 1
        guard j < s.count, isASCIILetter(s[j]) else { return nil }
        while j < s.count, isASCIILetter(s[j]) || isDigit(s[j]) || s[j] == "-" || s[j] == "." { j += 1 }
        guard j < s.count, !isASCIILetter(s[j]), !isDigit(s[j]) else { return nil }
        let name = String(String.UnicodeScalarView(s[(i + 1)..<j]))
        return (name, s[j] == ";" ? j + 1 : j)
    }

    private mutating func parseStartTag(_ s: [Unicode.Scalar], _ i: Int) -> Int {
        // Tag name: [a-zA-Z][^\t\n\r\f />\x00]*
        var j = i + 1
        while j < s.count, !["\t", "\n", "\r", "\u{0C}", " ", "/", ">", "\0"].contains(s[j]) { j += 1 }
        let tag = Self.lowercased(s[(i + 1)..<j])
        var attributes: [(String, String?)] = []
        while true {
            // Separators: whitespace and '/' not followed by '>'.
            while j < s.count, Self.isSpace(s[j]) || (s[j] == "/" && j + 1 < s.count && s[j + 1] != ">") { j += 1 }
            guard j < s.count else { return -1 }
            if s[j] == ">" {
                j += 1
                handleStartTag(tag, attributes, selfClosing: false)
                break
            }
            if s[j] == "/" {
                guard j + 1 < s.count else { return -1 }
                j += 2
                handleStartTag(tag, attributes, selfClosing: true)
                break
            }
            // Attribute name: [^\s/>][^\s/=>]*
            let nameStart = j
            j += 1
            while j < s.count, !Self.isSpace(s[j]), !["/", "=", ">"].contains(s[j]) { j += 1 }
            let name = Self.lowercased(s[nameStart..<j])
            // Optional value: \s*=+\s*('…'|"…"|[^>\s]*)
            var k = j
            while k < s.count, Self.isSpace(s[k]) { k += 1 }
            guard k < s.count else { return -1 }
            if s[k] != "=" {
                attributes.append((name, nil))
                continue
            }
            while k < s.count, s[k] == "=" { k += 1 }
            while k < s.count, Self.isSpace(s[k]) { k += 1 }
            guard k < s.count else { return -1 }
            var value: [Unicode.Scalar]
            if s[k] == "'" || s[k] == "\"" {
                guard let close = s[(k + 1)...].firstIndex(of: s[k]) else { return -1 }
                value = Array(s[(k + 1)..<close])
                j = close + 1
            } else {
                var e = k
                while e < s.count, s[e] != ">", !Self.isSpace(s[e]) { e += 1 }
                value = Array(s[k..<e])
                j = e
            }
            if value.count >= 2, value.first == value.last, value.first == "'" || value.first == "\"" {
                value = Array(value.dropFirst().dropLast())
            }
            attributes.append((name, Self.unescape(value)))
        }
        if tag == "script" || tag == "style" { cdataElement = tag }
        return j
    }

    private mutating func parseEndTag(_ s: [Unicode.Scalar], _ i: Int) -> Int {
        guard let gt = s[(i + 2)...].firstIndex(of: ">") else { return -1 }
        var j = i + 2
        while j < gt, Self.isSpace(s[j]) { j += 1 }
        guard j < gt, Self.isASCIILetter(s[j]) else {
            if gt == i + 2 { return gt + 1 }  // `</>` is ignored
            handleComment(s[(i + 2)..<gt])
            return gt + 1
        }
        let nameStart = j
        while j < gt, !Self.isSpace(s[j]), s[j] != "/" { j += 1 }
        let tag = Self.lowercased(s[nameStart..<j])
        if let element = cdataElement {
            guard tag == element else {
                handleData(s[i..<(gt + 1)])
                return gt + 1
            }
            cdataElement = nil
        }
        handleEndTag(tag)
        return gt + 1
    }

    private mutating func parseComment(_ s: [Unicode.Scalar], _ i: Int) -> Int {
        var j = i + 4
        while j + 2 < s.count {
            if s[j] == "-" && s[j + 1] == "-" && s[j + 2] == ">" {
                handleComment(s[(i + 4)..<j])
                return j + 3
            }
            j += 1
        }
        return -1
    }

    private mutating func parsePI(_ s: [Unicode.Scalar], _ i: Int) -> Int {
        guard let gt = s[(i + 2)...].firstIndex(of: ">") else { return -1 }
        output.append(contentsOf: "<?".unicodeScalars)
        output.append(contentsOf: s[(i + 2)..<gt])
        output.append(">")
        last = "pi"
        return gt + 1
    }

    private mutating func parseDeclaration(_ s: [Unicode.Scalar], _ i: Int) -> Int {
        if s[i...].starts(with: Array("<![".unicodeScalars)) {
            var j = i + 3
            while j + 2 < s.count {
                if s[j] == "]" && s[j + 1] == "]" && s[j + 2] == ">" {
                    handleDeclaration(s[(i + 3)..<j])
                    return j + 3
                }
                j += 1
            }
            return -1
        }
        guard let gt = s[(i + 2)...].firstIndex(of: ">") else { return -1 }
        if i + 9 <= s.count, Self.lowercased(s[i..<(i + 9)]) == "<!doctype" {
            handleDeclaration(s[(i + 2)..<gt])
        } else {
            handleComment(s[(i + 2)..<gt])
        }
        return gt + 1
    }

    // MARK: normalize.py's handlers

    private mutating func handleData(_ data: ArraySlice<Unicode.Scalar>) {
        var data = Array(data)
        let afterTag = last == "endtag" || last == "starttag"
        let afterBlockTag = afterTag && Self.isBlockTag(lastTag)
        if afterTag && lastTag == "br" {
            while data.first == "\n" { data.removeFirst() }
        }
        if !inPre {
            var collapsed: [Unicode.Scalar] = []
            var inSpace = false
            for scalar in data {
                if Self.isSpace(scalar) {
                    if !inSpace { collapsed.append(" ") }
                    inSpace = true
                } else {
                    collapsed.append(scalar)
                    inSpace = false
                }
            }
            data = collapsed
        }
        if afterBlockTag && !inPre {
            if last == "starttag" {
                while let first = data.first, Self.isSpace(first) { data.removeFirst() }
            } else if last == "endtag" {
                while let first = data.first, Self.isSpace(first) { data.removeFirst() }
                while let lastScalar = data.last, Self.isSpace(lastScalar) { data.removeLast() }
            }
        }
        output.append(contentsOf: data)
        last = "data"
    }

    private mutating func handleStartTag(_ tag: String, _ attributes: [(String, String?)], selfClosing: Bool) {
        if tag == "pre" { inPre = true }
        if Self.isBlockTag(tag) { stripTrailingWhitespace() }
        var text = "<" + tag
        let sorted = attributes.sorted { lhs, rhs in
            lhs.0 != rhs.0 ? lhs.0 < rhs.0 : (lhs.1 ?? "") < (rhs.1 ?? "")
        }
        for (name, value) in sorted {
            text += " " + name
            if let value { text += "=\"" + Self.escape(value) + "\"" }
        }
        text += ">"
        output.append(contentsOf: text.unicodeScalars)
        lastTag = tag
        last = selfClosing ? "endtag" : "starttag"
    }

    private mutating func handleEndTag(_ tag: String) {
        if tag == "pre" {
            inPre = false
        } else if Self.isBlockTag(tag) {
            stripTrailingWhitespace()
        }
        output.append(contentsOf: ("</" + tag + ">").unicodeScalars)
        lastTag = tag
        last = "endtag"
    }

    private mutating func handleComment(_ data: ArraySlice<Unicode.Scalar>) {
        output.append(contentsOf: "<!--".unicodeScalars)
        output.append(contentsOf: data)
        output.append(contentsOf: "-->".unicodeScalars)
        last = "comment"
    }

    private mutating func handleDeclaration(_ data: ArraySlice<Unicode.Scalar>) {
        output.append(contentsOf: "<!".unicodeScalars)
        output.append(contentsOf: data)
        output.append(">")
        last = "decl"
    }

    private mutating func handleEntityref(_ name: String) {
        outputCharacter(Self.namedEntities[name], fallback: "&" + name + ";")
        last = "ref"
    }

    private mutating func handleCharref(_ name: String) {
        let value: UInt32? = name.hasPrefix("x") ? UInt32(name.dropFirst(), radix: 16) : UInt32(name)
        // Python's chr() accepts any code point up to U+10FFFF, surrogates
        // included; Swift cannot hold a surrogate, so those use the fallback.
        outputCharacter(value.flatMap(Unicode.Scalar.init), fallback: "&" + name + ";")
        last = "ref"
    }

    private mutating func outputCharacter(_ scalar: Unicode.Scalar?, fallback: String) {
        switch scalar {
        case "<"?: output.append(contentsOf: "&lt;".unicodeScalars)
        case ">"?: output.append(contentsOf: "&gt;".unicodeScalars)
        case "&"?: output.append(contentsOf: "&amp;".unicodeScalars)
        case "\""?: output.append(contentsOf: "&quot;".unicodeScalars)
        case let scalar?: output.append(scalar)
        case nil: output.append(contentsOf: fallback.unicodeScalars)
        }
    }

    private mutating func stripTrailingWhitespace() {
        while let lastScalar = output.last, Self.isSpace(lastScalar) { output.removeLast() }
    }

    // MARK: Helpers

    /// Python's `str.isspace` for the characters that occur in practice.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        (0x09...0x0D).contains(scalar.value) || (0x1C...0x1F).contains(scalar.value)
            || scalar.properties.isWhitespace
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    private static func lowercased(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars)).lowercased()
    }

    /// `html.escape(value, quote=True)`.
    private static func escape(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#x27;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `html.unescape` for numeric references and the known names.
    private static func unescape(_ value: [Unicode.Scalar]) -> String {
        var result = String.UnicodeScalarView()
        var i = 0
        while i < value.count {
            if value[i] == "&" {
                if i + 1 < value.count, value[i + 1] == "#" {
                    var j = i + 2
                    let hex = j < value.count && (value[j] == "x" || value[j] == "X")
                    if hex { j += 1 }
                    let start = j
                    while j < value.count, hex ? isHexDigit(value[j]) : isDigit(value[j]) { j += 1 }
                    if j > start,
                        let number = UInt32(String(String.UnicodeScalarView(value[start..<j])), radix: hex ? 16 : 10)
                    {
                        result.append(Unicode.Scalar(number) ?? "\u{FFFD}")
                        i = j < value.count && value[j] == ";" ? j + 1 : j
                        continue
                    }
                } else {
                    var j = i + 1
                    while j < value.count, isASCIILetter(value[j]) || isDigit(value[j]) { j += 1 }
                    let name = String(String.UnicodeScalarView(value[(i + 1)..<j]))
                    if j < value.count, value[j] == ";", let scalar = namedEntities[name] {
                        result.append(scalar)
                        i = j + 1
                        continue
                    }
                }
            }
            result.append(value[i])
            i += 1
        }
        return String(result)
    }

    private static func isBlockTag(_ tag: String) -> Bool { blockTags.contains(tag) }

    private static let blockTags: Set<String> = [
        "article", "header", "aside", "hgroup", "blockquote", "hr", "iframe", "body", "li", "map", "button",
        "object", "canvas", "ol", "caption", "output", "col", "p", "colgroup", "pre", "dd", "progress", "div",
        "section", "dl", "table", "td", "dt", "tbody", "embed", "textarea", "fieldset", "tfoot", "figcaption",
        "th", "figure", "thead", "footer", "tr", "form", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "video",
        "script", "style",
    ]

    /// A subset of Python's `name2codepoint` (HTML 4 entity names).
    private static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "nbsp": "\u{A0}", "copy": "\u{A9}",
        "reg": "\u{AE}", "ouml": "\u{F6}", "auml": "\u{E4}", "uuml": "\u{FC}", "Ouml": "\u{D6}",
        "eacute": "\u{E9}", "frac34": "\u{BE}", "forall": "\u{2200}", "hellip": "\u{2026}",
        "mdash": "\u{2014}", "ndash": "\u{2013}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
        "lsquo": "\u{2018}", "rsquo": "\u{2019}", "laquo": "\u{AB}", "raquo": "\u{BB}",
    ]
}
