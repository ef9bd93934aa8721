/// Text as runs of one style each, and the greedy word wrapping of it into
/// lines that fit a width (measured with ``DisplayWidth``).
///
/// Runs hold whole strings, not one value per character, so a huge
/// paragraph costs about its own size in memory.
struct StyledText {
    /// A run of text in one style, or a hard line break (`text == "\n"`,
    /// never produced by ``append(_:style:)``).
    struct Run {
        var text: String
        var style: TerminalStyle
    }

    /// A wrapped line: its runs and display width.
    struct Line {
        var runs: [Run] = []
        var width = 0

        /// Appends a character, extending the last run when the style matches.
        mutating func append(_ character: Character, style: TerminalStyle, width: Int) {
            if let last = runs.indices.last, runs[last].style == style {
                runs[last].text.append(character)
            } else {
                runs.append(Run(text: String(character), style: style))
            }
            self.width += width
        }

        /// Appends another line's runs.
        mutating func append(_ other: Line) {
            for run in other.runs {
                if let last = runs.indices.last, runs[last].style == run.style {
                    runs[last].text += run.text
                } else {
                    runs.append(run)
                }
            }
            width += other.width
        }
    }

    /// The runs, in order.
    private(set) var runs: [Run] = []

    /// Appends text in a style; control characters are made visible as
    /// U+FFFD so input cannot inject escape sequences; tabs and newlines
    /// become spaces.
    mutating func append(_ text: String, style: TerminalStyle) {
        guard !text.isEmpty else { return }
        var clean = text
        if text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) {
            clean = ""
            for character in text {
                if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
                    clean.append(" ")
                } else {
                    clean.append(Self.sanitized(character))
                }
            }
        }
        if let last = runs.indices.last, runs[last].style == style, runs[last].text != "\n" {
            runs[last].text += clean
        } else {
            runs.append(Run(text: clean, style: style))
        }
    }

    /// Appends a hard line break.
    mutating func appendLineBreak() {
        runs.append(Run(text: "\n", style: .plain))
    }

    /// The display width of the whole text on one line (breaks ignored).
    var width: Int {
        runs.reduce(0) { $0 + ($1.text == "\n" ? 0 : DisplayWidth.of($1.text)) }
    }

    /// The width of the longest word (a run of non-space characters).
    var longestWord: Int {
        var longest = 0
        var word = 0
        for run in runs {
            if run.text == "\n" {
                word = 0
                continue
            }
            for character in run.text {
                if character == " " { word = 0 } else { word += DisplayWidth.of(character) }
                longest = max(longest, word)
            }
        }
        return longest
    }

    /// Replaces control characters (C0, DEL, C1) with U+FFFD.
    static func sanitized(_ character: Character) -> Character {
        for scalar in character.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (v >= 0x7F && v < 0xA0) { return "\u{FFFD}" }
        }
        return character
    }

    /// Whether a line must not start with the character: CJK closing
    /// punctuation, which stays with the character before it.
    static func closesWord(_ character: Character) -> Bool {
        "、。，．：；！？）」』】〕〉》ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ・".contains(character)
            || "!),.:;?]}".contains(character)
    }

    /// Wraps the text into lines of at most `width` columns, breaking at
    /// spaces and between wide (CJK) characters (never before CJK closing
    /// punctuation); a word longer than the width is broken between
    /// grapheme clusters. Spaces at a break are dropped.
    ///
    /// - Complexity: O(n) in the length of the text.
    func wrapped(width: Int) -> [Line] {
        var wrapper = Wrapper(width: max(1, width))
        for run in runs {
            if run.text == "\n" {
                wrapper.flushWord()
                wrapper.endLine()
                continue
            }
            if run.text.utf8.allSatisfy({ $0 < 0x80 }) {
                wrapper.addASCII(run.text, style: run.style)
            } else {
                for character in run.text {
                    wrapper.add(character, style: run.style)
                }
            }
        }
        wrapper.flushWord()
        if !wrapper.line.runs.isEmpty || wrapper.lines.isEmpty { wrapper.lines.append(wrapper.line) }
        return wrapper.lines
    }

    /// The state of one wrapping pass.
    private struct Wrapper {
        let width: Int
        var lines: [Line] = []
        var line = Line()
        var word = Line()
        var pendingSpace: TerminalStyle?
        var lastWasWide = false

        init(width: Int) { self.width = width }

        mutating func endLine() {
            lines.append(line)
            line = Line()
            pendingSpace = nil
        }

        mutating func add(_ character: Character, style: TerminalStyle) {
            if character == " " {
                flushWord()
                if !line.runs.isEmpty && pendingSpace == nil { pendingSpace = style }
                return
            }
            let characterWidth = DisplayWidth.of(character)
            // A wide character is a word of its own, unless it is closing
            // punctuation that stays with what precedes it.
            if (characterWidth >= 2 || lastWasWide) && !StyledText.closesWord(character) {
                flushWord(joined: true)
            }
            lastWasWide = characterWidth >= 2
            if word.width + characterWidth > width && word.width > 0 {
                // Longer than a line: break it between clusters.
                if !line.runs.isEmpty { endLine() }
                lines.append(word)
                word = Line()
            }
            word.append(character, style: style, width: characterWidth)
        }

        /// Adds printable ASCII text a word at a time (the common case).
        mutating func addASCII(_ text: String, style: TerminalStyle) {
            var text = text
            text.withUTF8 { bytes in
                var index = 0
                while index < bytes.count {
                    if bytes[index] == 0x20 {
                        flushWord()
                        if !line.runs.isEmpty && pendingSpace == nil { pendingSpace = style }
                        index += 1
                        continue
                    }
                    var end = index
                    while end < bytes.count && bytes[end] != 0x20 { end += 1 }
                    let count = end - index
                    if lastWasWide { flushWord(joined: true) }
                    lastWasWide = false
                    if word.runs.isEmpty && end < bytes.count && count <= width {
                        // Fast path: complete words that fit, placed on the
                        // line as one slice (single spaces between them).
                        let space = pendingSpace != nil && !line.runs.isEmpty ? 1 : 0
                        if line.width + space + count > width {
                            endLine()
                        }
                        let lead = pendingSpace != nil && !line.runs.isEmpty
                        var spanEnd = end
                        var spanWidth = count
                        while spanEnd + 1 < bytes.count && bytes[spanEnd] == 0x20 && bytes[spanEnd + 1] != 0x20 {
                            var next = spanEnd + 1
                            while next < bytes.count && bytes[next] != 0x20 { next += 1 }
                            guard next < bytes.count else { break }
                            let total = line.width + (lead ? 1 : 0) + spanWidth + (next - spanEnd)
                            guard total <= width else { break }
                            spanWidth += next - spanEnd
                            spanEnd = next
                        }
                        var piece = lead ? " " : ""
                        piece += String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<spanEnd]), as: UTF8.self)
                        if let spaceStyle = pendingSpace, lead, spaceStyle != style {
                            line.append(" ", style: spaceStyle, width: 1)
                            piece.removeFirst()
                        }
                        if let last = line.runs.indices.last, line.runs[last].style == style {
                            line.runs[last].text += piece
                        } else {
                            line.runs.append(Run(text: piece, style: style))
                        }
                        line.width += piece.utf8.count
                        pendingSpace = nil
                        index = spanEnd
                        continue
                    }
                    let piece = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                    if word.width + count <= width {
                        if let last = word.runs.indices.last, word.runs[last].style == style {
                            word.runs[last].text += piece
                        } else {
                            word.runs.append(Run(text: piece, style: style))
                        }
                        word.width += count
                    } else {
                        for character in piece { add(character, style: style) }
                    }
                    index = end
                }
            }
        }

        /// Places the current word on the line (or the next one).
        /// `joined`: no space separates it from the next word.
        mutating func flushWord(joined: Bool = false) {
            if !joined { lastWasWide = false }
            guard !word.runs.isEmpty else { return }
            let spaceWidth = pendingSpace == nil ? 0 : 1
            if line.width + spaceWidth + word.width > width && !line.runs.isEmpty {
                endLine()
            }
            if let space = pendingSpace, !line.runs.isEmpty {
                line.append(" ", style: space, width: 1)
            }
            pendingSpace = nil
            line.append(word)
            word = Line()
        }
    }

    /// Encodes a line as a string, with SGR and OSC 8 sequences when enabled;
    /// every line ends with its styles and hyperlink closed.
    static func encode(_ line: Line, options: TerminalOptions) -> String {
        var out = ""
        var current = TerminalStyle.plain
        var link: String?
        for run in line.runs {
            if options.hyperlinks && run.style.link != link {
                if link != nil { out += "\u{1B}]8;;\u{1B}\\" }
                link = run.style.link
                if let link { out += "\u{1B}]8;;\(link)\u{1B}\\" }
            }
            if options.color {
                var style = run.style
                style.link = nil
                if style != current {
                    if current.hasAttributes { out += "\u{1B}[0m" }
                    out += style.sgr
                    current = style
                }
            }
            out += run.text
        }
        if link != nil { out += "\u{1B}]8;;\u{1B}\\" }
        if current.hasAttributes { out += "\u{1B}[0m" }
        return out
    }

    /// Encodes a plain string in one style (no wrapping).
    static func encode(_ text: String, style: TerminalStyle, options: TerminalOptions) -> String {
        var styled = StyledText()
        styled.append(text, style: style)
        var line = Line()
        line.runs = styled.runs
        return encode(line, options: options)
    }
}
