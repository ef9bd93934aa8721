extension TeXText {
    /// One left-to-right pass over TeX: characters are copied (control
    /// characters made safe), commands replaced, and arguments — a braced
    /// group, or the next single item — collected on an explicit stack of
    /// ``Frame``s. A frame whose layout needs its whole text (a fraction's
    /// side, a root, a script, an accent) writes into its own buffer while
    /// fewer than ``TeXText/maximumBufferedDepth`` such frames are open;
    /// deeper ones write straight through with parentheses.
    struct Converter {
        /// What an argument frame is for.
        enum Role {
            /// Plain braces (or an ignored command's argument); `closing`
            /// is written when it ends (`\pmod{n}` → `(mod n)`).
            case group(closing: String)
            /// A fraction's or binomial's first argument.
            case numerator(binomial: Bool)
            /// The second argument, with the first's text (nil: written
            /// straight through).
            case denominator(binomial: Bool, first: String?)
            /// `\sqrt[index]`: the index, closed by `]`.
            case rootIndex
            /// A root's argument, with the index's text.
            case radicand(index: String?)
            /// `^`'s argument.
            case superscript
            /// `_`'s argument.
            case `subscript`
            /// An accent's argument and its combining mark.
            case accent(mark: Unicode.Scalar, spans: Bool)

            /// Whether the frame lays out its whole text (so buffers it).
            ///
            /// - Complexity: O(1).
            var buffers: Bool {
                if case .group = self { false } else { true }
            }

            /// What a frame written straight through writes when it opens
            /// and when it closes.
            var passThrough: (opening: String, closing: String) {
                switch self {
                case .group(let closing): ("", closing)
                case .numerator(let binomial): binomial ? ("C(", ", ") : ("(", ")/")
                case .denominator(let binomial, _): binomial ? ("", ")") : ("(", ")")
                case .rootIndex: ("^(", ")")
                case .radicand: ("√(", ")")
                case .superscript: ("^(", ")")
                case .subscript: ("_(", ")")
                case .accent: ("", "")
                }
            }
        }

        /// What ends a frame.
        enum Closer {
            /// The matching `}`.
            case brace
            /// A `]` (a root's index).
            case bracket
            /// The end of the next item: a character, a command with its
            /// arguments, or a group.
            case item
        }

        /// An open argument.
        struct Frame {
            /// What the argument is for.
            var role: Role
            /// What ends it.
            var closer: Closer
            /// Whether it writes into its own buffer (the last one).
            var buffered: Bool
            /// How its letters are drawn (inherited by frames inside).
            var font: Font
        }

        /// The input.
        let scalars: [Unicode.Scalar]
        /// Whether `\\` and line ends at the top level break lines.
        let display: Bool
        /// The next scalar to read.
        var position = 0
        /// The open frames, innermost last.
        var frames: [Frame] = []
        /// The open `{`-closed frames (a `}` with none open is dropped).
        var openBraces = 0
        /// The current line, then one buffer per buffered frame.
        var buffers = [""]
        /// The finished lines.
        var lines: [String] = []

        /// A converter of `tex`.
        ///
        /// - Complexity: O(n) to take the scalars of `tex`.
        init(_ tex: String, display: Bool) {
            scalars = Array(tex.unicodeScalars)
            self.display = display
        }

        /// The next scalar, if any (not consumed).
        ///
        /// - Complexity: O(1).
        var next: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        /// Reads the whole input.
        ///
        /// - Complexity: O(n), n the number of scalars.
        mutating func run() {
            while position < scalars.count {
                let scalar = scalars[position]
                position += 1
                read(scalar)
            }
        }

        /// Handles one scalar of input.
        ///
        /// - Complexity: amortised O(1) (commands: their length).
        private mutating func read(_ scalar: Unicode.Scalar) {
            switch scalar {
            case "\\": command()
            case "{": open(.group(closing: ""), closer: .brace)
            case "}": closeBrace()
            case "]" where frames.last?.closer == .bracket: close(forced: false)
            case "^": openArgument(.superscript)
            case "_": openArgument(.subscript)
            case "&": align()
            case "~": emit(" ", item: true)
            case "\n", "\r": lineEnd()
            case " ", "\t":
                if frames.last?.closer != .item { write(" ") }
            default: emit(character: scalar)
            }
        }

        /// Closes every open frame and returns the lines.
        ///
        /// - Complexity: O(open frames + length of the last line).
        mutating func finish() -> [String] {
            while !frames.isEmpty { close(forced: true) }
            lines.append(buffers[0])
            buffers[0] = ""
            return lines
        }

        // MARK: - Output

        /// Appends text to the innermost buffer.
        ///
        /// - Complexity: O(length of `text`).
        mutating func write(_ text: String) {
            buffers[buffers.count - 1] += text
        }

        /// Writes a command's replacement; `item` when it completes an item.
        ///
        /// - Complexity: O(length of `text`) plus the frames it closes.
        mutating func emit(_ text: String, item: Bool) {
            write(text)
            if item { itemDone() }
        }

        /// Writes a character of the input in the current font; control
        /// characters become U+FFFD.
        ///
        /// - Complexity: O(1) plus the frames it closes.
        mutating func emit(character scalar: Unicode.Scalar) {
            let v = scalar.value
            let safe: Unicode.Scalar = v < 0x20 || (0x7F..<0xA0).contains(v) ? "\u{FFFD}" : scalar
            let font = frames.last?.font ?? .normal
            buffers[buffers.count - 1].unicodeScalars.append(font.letter(safe))
            itemDone()
        }

        /// `&`: one space, however many surround it.
        ///
        /// - Complexity: O(spaces skipped).
        private mutating func align() {
            if buffers[buffers.count - 1].unicodeScalars.last != " " { write(" ") }
            while next == " " || next == "\t" { position += 1 }
        }

        /// A line end: a line break in display math outside frames, else a
        /// space.
        ///
        /// - Complexity: O(1).
        private mutating func lineEnd() {
            if display && frames.isEmpty {
                lines.append(buffers[0])
                buffers[0] = ""
            } else if frames.last?.closer != .item {
                write(" ")
            }
        }

        /// `\\`: a line break where a line end would be one, else a space;
        /// an optional spacing argument (`\\[2pt]`) is skipped.
        ///
        /// - Complexity: O(1).
        mutating func newLine() {
            if next == "[", let close = scalars[position...].prefix(24).firstIndex(of: "]") {
                position = close + 1
            }
            if display && frames.isEmpty {
                lineEnd()
            } else {
                write(" ")
            }
        }

        // MARK: - Frames

        /// Opens the argument of `role`: a braced group when `{` follows
        /// (after spaces), else the next item; `font`, if given, draws its
        /// letters.
        ///
        /// - Complexity: O(spaces skipped).
        mutating func openArgument(_ role: Role, font: Font? = nil) {
            skipSpaces()
            if next == "{" {
                position += 1
                open(role, closer: .brace, font: font)
            } else {
                open(role, closer: .item, font: font)
            }
        }

        /// Skips spaces and line ends.
        ///
        /// - Complexity: O(spaces skipped).
        mutating func skipSpaces() {
            while let scalar = next, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                position += 1
            }
        }

        /// Pushes a frame: buffered when its role lays out its text and
        /// the buffers are not too deep, else its opening is written.
        ///
        /// - Complexity: O(1).
        mutating func open(_ role: Role, closer: Closer, font: Font? = nil) {
            let buffered = role.buffers && buffers.count <= TeXText.maximumBufferedDepth
            frames.append(
                Frame(role: role, closer: closer, buffered: buffered, font: font ?? frames.last?.font ?? .normal))
            if closer == .brace { openBraces += 1 }
            if buffered {
                buffers.append("")
            } else {
                write(role.passThrough.opening)
            }
        }

        /// A `}`: closes the frames opened inside the innermost braced one,
        /// then that one; dropped when no braced frame is open.
        ///
        /// - Complexity: O(frames closed × their text).
        private mutating func closeBrace() {
            guard openBraces > 0 else { return }
            while let top = frames.last, top.closer != .brace { close(forced: true) }
            close(forced: false)
        }

        /// After an item was written into the innermost frame: closes the
        /// frames that wanted one item, outwards, until one stays open.
        ///
        /// - Complexity: O(frames closed × their text).
        mutating func itemDone() {
            while frames.last?.closer == .item {
                if !close(forced: false) { return }
            }
        }

        /// Closes the innermost frame and lays out its text. `forced`: its
        /// end came early (a `}` of an outer group, the end of the input),
        /// so no further argument is read.
        ///
        /// - Returns: whether the construct is complete (it is then an item
        ///   of the frame around it); false when its next argument opened.
        /// - Complexity: O(length of the frame's text).
        @discardableResult
        mutating func close(forced: Bool) -> Bool {
            let frame = frames.removeLast()
            if frame.closer == .brace { openBraces -= 1 }
            let text: String? = frame.buffered ? buffers.removeLast() : nil
            if !frame.buffered { write(frame.role.passThrough.closing) }
            let complete = layOut(frame.role, text: text, forced: forced)
            if complete && !forced && frame.closer == .brace { itemDone() }
            return complete
        }

        /// Writes a closed frame's construct, or opens its next argument;
        /// whether the construct is complete.
        ///
        /// - Complexity: O(length of `text`).
        private mutating func layOut(_ role: Role, text: String?, forced: Bool) -> Bool {
            switch role {
            case .group:
                return true
            case .numerator(let binomial):
                if forced {
                    if let text { write(binomial ? TeXText.binomial(text, "") : TeXText.fraction(text, "")) }
                    return true
                }
                openArgument(.denominator(binomial: binomial, first: text))
                return false
            case .denominator(let binomial, let first):
                if let text, let first {
                    write(binomial ? TeXText.binomial(first, text) : TeXText.fraction(first, text))
                } else if let text {
                    write(text)
                }
            case .rootIndex:
                if forced {
                    if let text { write(TeXText.root(index: text, radicand: "")) }
                    return true
                }
                openArgument(.radicand(index: text))
                return false
            case .radicand(let index):
                if let text { write(TeXText.root(index: index, radicand: text)) }
            case .superscript, .subscript:
                if let text { write(TeXText.script(text, superscript: role.isSuperscript)) }
            case .accent(let mark, let spans):
                if let text { write(TeXText.accented(text, mark: mark, spans: spans)) }
            }
            return true
        }
    }
}

extension TeXText.Converter.Role {
    /// Whether this is a superscript.
    ///
    /// - Complexity: O(1).
    var isSuperscript: Bool {
        if case .superscript = self { true } else { false }
    }
}
