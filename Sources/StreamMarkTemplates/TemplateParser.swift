/// Turns template bytes into ``TemplateNode``s: tokenizes, trims standalone
/// tag lines, then nests sections.
struct TemplateParser {
    /// One tag, classified.
    enum Tag {
        case comment
        case value(TemplatePath, raw: Bool)
        case each(TemplatePath, key: TemplatePath)
        case conditional(TemplatePath)
        case otherwise
        case close(String)

        /// Whether the tag may stand alone on a line that is then removed.
        var isStandaloneKind: Bool {
            if case .value = self { return false }
            return true
        }
    }

    enum Token {
        case text(Range<Int>)
        case tag(Tag, Range<Int>)
    }

    let bytes: [UInt8]
    /// Sections nested deeper than this are an error (keeps recursion bounded).
    static let maximumDepth = 200

    func error(_ message: String, at offset: Int) -> TemplateError {
        TemplateError(message: message, bytes: bytes, offset: offset)
    }

    mutating func parse() throws(TemplateError) -> [TemplateNode] {
        var tokens = try tokenize()
        trimStandaloneLines(&tokens)
        return try nest(tokens)
    }

    // MARK: Tokens

    private func tokenize() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var position = 0
        var textStart = 0
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        while position + 1 < bytes.count {
            guard bytes[position] == open, bytes[position + 1] == open else {
                position += 1
                continue
            }
            if textStart < position { tokens.append(.text(textStart..<position)) }
            let tagStart = position
            let triple = position + 2 < bytes.count && bytes[position + 2] == open
            let contentStart = position + (triple ? 3 : 2)
            let terminatorLength = triple ? 3 : 2
            var end = contentStart
            var found = false
            while end + terminatorLength <= bytes.count {
                if bytes[end] == close && bytes[end + 1] == close && (!triple || bytes[end + 2] == close) {
                    found = true
                    break
                }
                end += 1
            }
            guard found else {
                throw error(
                    triple ? "unclosed tag: '{{{' without '}}}'" : "unclosed tag: '{{' without '}}'", at: tagStart)
            }
            let content = String(decoding: bytes[contentStart..<end], as: UTF8.self)
            let tag = try classify(content, raw: triple, at: tagStart)
            position = end + terminatorLength
            tokens.append(.tag(tag, tagStart..<position))
            textStart = position
        }
        if textStart < bytes.count { tokens.append(.text(textStart..<bytes.count)) }
        return tokens
    }

    private func classify(_ content: String, raw: Bool, at offset: Int) throws(TemplateError) -> Tag {
        if !raw, content.hasPrefix("!") { return .comment }
        let trimmed = content.trimmingSpaces()
        if raw {
            guard let path = TemplatePath(trimmed) else {
                throw error("bad path '\(trimmed)' in '{{{…}}}'", at: offset)
            }
            return .value(path, raw: true)
        }
        guard let first = trimmed.first else { throw error("empty tag '{{}}'", at: offset) }
        switch first {
        case "#":
            let words = trimmed.dropFirst().split(whereSeparator: {
                $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r"
            })
            guard let name = words.first else { throw error("section tag without a name", at: offset) }
            switch name {
            case "each":
                guard words.count >= 2, let path = TemplatePath(words[1]) else {
                    throw error(
                        words.count >= 2 ? "bad path '\(words[1])' in '{{#each}}'" : "'{{#each}}' needs a path",
                        at: offset)
                }
                guard words.count >= 3, words[2].hasPrefix("key=") else {
                    throw error("'{{#each \(path)}}' needs an explicit key: '{{#each \(path) key=field}}'", at: offset)
                }
                let keyText = words[2].dropFirst(4)
                guard let key = TemplatePath(keyText) else {
                    throw error("bad key path '\(keyText)' in '{{#each \(path)}}'", at: offset)
                }
                guard words.count == 3 else {
                    throw error("unexpected '\(words[3])' in '{{#each}}'", at: offset)
                }
                return .each(path, key: key)
            case "if":
                guard words.count == 2, let path = TemplatePath(words[1]) else {
                    throw error(
                        words.count == 2 ? "bad path '\(words[1])' in '{{#if}}'" : "'{{#if}}' needs exactly one path",
                        at: offset)
                }
                return .conditional(path)
            default:
                throw error("unknown section '{{#\(name)}}' (expected each or if)", at: offset)
            }
        case "/":
            let name = trimmed.dropFirst().trimmingSpaces()
            guard name == "each" || name == "if" else {
                throw error("unknown closing tag '{{/\(name)}}' (expected /each or /if)", at: offset)
            }
            return .close(String(name))
        case "&":
            let pathText = trimmed.dropFirst().trimmingSpaces()
            guard let path = TemplatePath(pathText) else {
                throw error("bad path '\(pathText)' in '{{&…}}'", at: offset)
            }
            return .value(path, raw: true)
        default:
            if trimmed == "else" { return .otherwise }
            guard let path = TemplatePath(trimmed) else { throw error("bad path '\(trimmed)'", at: offset) }
            return .value(path, raw: false)
        }
    }

    // MARK: Standalone lines

    private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Removes, Mustache style, the whole line of a section, `else` or
    /// comment tag that is alone on its line (indentation and newline too).
    private func trimStandaloneLines(_ tokens: inout [Token]) {
        // Decide on the original ranges, then apply the trims.
        var lower: [Int: Int] = [:]  // token index -> new lower bound
        var upper: [Int: Int] = [:]  // token index -> new upper bound
        for i in tokens.indices {
            guard case .tag(let tag, _) = tokens[i], tag.isStandaloneKind else { continue }
            // Left side: line start, then blanks only.
            var leftTrim: (index: Int, bound: Int)?
            if i > 0 {
                guard case .text(let range) = tokens[i - 1] else { continue }
                var p = range.upperBound
                while p > range.lowerBound, isBlank(bytes[p - 1]) { p -= 1 }
                if p > range.lowerBound {
                    guard bytes[p - 1] == 0x0A else { continue }
                } else if i - 1 != 0 {
                    continue  // another tag earlier on the same line
                }
                leftTrim = (i - 1, p)
            }
            // Right side: blanks, then a newline or the end of the template.
            var rightTrim: (index: Int, bound: Int)?
            if i + 1 < tokens.count {
                guard case .text(let range) = tokens[i + 1] else { continue }
                var p = range.lowerBound
                while p < range.upperBound, isBlank(bytes[p]) { p += 1 }
                if p < range.upperBound {
                    if bytes[p] == 0x0A {
                        p += 1
                    } else if bytes[p] == 0x0D, p + 1 < range.upperBound, bytes[p + 1] == 0x0A {
                        p += 2
                    } else {
                        continue
                    }
                } else if i + 1 != tokens.count - 1 {
                    continue  // another tag later on the same line
                }
                rightTrim = (i + 1, p)
            }
            if let left = leftTrim { upper[left.index] = min(upper[left.index] ?? Int.max, left.bound) }
            if let right = rightTrim { lower[right.index] = max(lower[right.index] ?? Int.min, right.bound) }
        }
        for i in tokens.indices {
            guard case .text(let range) = tokens[i] else { continue }
            let low = max(range.lowerBound, lower[i] ?? range.lowerBound)
            let high = max(low, min(range.upperBound, upper[i] ?? range.upperBound))
            tokens[i] = .text(low..<high)
        }
    }

    // MARK: Nesting

    private struct OpenSection {
        var tag: Tag
        var offset: Int
        var nodes: [TemplateNode] = []
        var thenNodes: [TemplateNode]? = nil
    }

    private func nest(_ tokens: [Token]) throws(TemplateError) -> [TemplateNode] {
        var stack: [OpenSection] = [OpenSection(tag: .comment, offset: 0)]
        for token in tokens {
            switch token {
            case .text(let range):
                if !range.isEmpty { stack[stack.count - 1].nodes.append(.text(range)) }
            case .tag(let tag, let range):
                switch tag {
                case .comment: break
                case .value(let path, let raw):
                    stack[stack.count - 1].nodes.append(.value(path: path, raw: raw, offset: range.lowerBound))
                case .each, .conditional:
                    guard stack.count <= Self.maximumDepth else {
                        throw error("sections nested deeper than \(Self.maximumDepth)", at: range.lowerBound)
                    }
                    stack.append(OpenSection(tag: tag, offset: range.lowerBound))
                case .otherwise:
                    guard stack.count > 1, case .conditional = stack[stack.count - 1].tag else {
                        throw error("'{{else}}' outside '{{#if}}'", at: range.lowerBound)
                    }
                    guard stack[stack.count - 1].thenNodes == nil else {
                        throw error("second '{{else}}' in one '{{#if}}'", at: range.lowerBound)
                    }
                    stack[stack.count - 1].thenNodes = stack[stack.count - 1].nodes
                    stack[stack.count - 1].nodes = []
                case .close(let name):
                    guard stack.count > 1 else {
                        throw error("'{{/\(name)}}' closes nothing", at: range.lowerBound)
                    }
                    let section = stack.removeLast()
                    let node: TemplateNode
                    switch section.tag {
                    case .each(let path, let key):
                        guard name == "each" else {
                            throw error(
                                "'{{/\(name)}}' does not match '{{#each \(path)}}' opened at \(position(section.offset))",
                                at: range.lowerBound)
                        }
                        node = .each(path: path, key: key, offset: section.offset, body: section.nodes)
                    case .conditional(let path):
                        guard name == "if" else {
                            throw error(
                                "'{{/\(name)}}' does not match '{{#if \(path)}}' opened at \(position(section.offset))",
                                at: range.lowerBound)
                        }
                        node = .conditional(
                            path: path, offset: section.offset, then: section.thenNodes ?? section.nodes,
                            otherwise: section.thenNodes == nil ? [] : section.nodes)
                    default:
                        throw error("'{{/\(name)}}' closes nothing", at: range.lowerBound)
                    }
                    stack[stack.count - 1].nodes.append(node)
                }
            }
        }
        if stack.count > 1 {
            let open = stack[stack.count - 1]
            let what: String
            switch open.tag {
            case .each(let path, _): what = "'{{#each \(path)}}'"
            case .conditional(let path): what = "'{{#if \(path)}}'"
            default: what = "section"
            }
            throw error("unclosed section \(what)", at: open.offset)
        }
        return stack[0].nodes
    }

    private func position(_ offset: Int) -> String {
        let e = error("", at: offset)
        return "\(e.line):\(e.column)"
    }
}
