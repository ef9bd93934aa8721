// The JSON form of an inline: a string for plain text (the common case), or an
// object {"type":…} for everything else, for example
// {"type":"link","url":"…","title":"","children":[…]}.

extension Inline: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, text, children, url, title, display, footnote
    }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            self = .text(text)
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "softbreak": self = .softBreak
        case "linebreak": self = .lineBreak
        case "code": self = .code(try c.decode(String.self, forKey: .text))
        case "html": self = .html(try c.decode(String.self, forKey: .text))
        case "math":
            self = .math(
                try c.decode(String.self, forKey: .text), display: try c.decode(Bool.self, forKey: .display))
        case "footnote_reference":
            self = .footnoteReference(try c.decode(FootnoteReference.self, forKey: .footnote))
        case "emph": self = .emphasis(try c.decode([Inline].self, forKey: .children))
        case "strong": self = .strong(try c.decode([Inline].self, forKey: .children))
        case "strikethrough": self = .strikethrough(try c.decode([Inline].self, forKey: .children))
        case "link":
            self = .link(
                destination: try c.decode(String.self, forKey: .url),
                title: try c.decode(String.self, forKey: .title),
                children: try c.decode([Inline].self, forKey: .children))
        case "image":
            self = .image(
                source: try c.decode(String.self, forKey: .url),
                title: try c.decode(String.self, forKey: .title),
                children: try c.decode([Inline].self, forKey: .children))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown inline type \(type)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if case .text(let text) = self {
            var single = encoder.singleValueContainer()
            try single.encode(text)
            return
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text: break
        case .softBreak: try c.encode("softbreak", forKey: .type)
        case .lineBreak: try c.encode("linebreak", forKey: .type)
        case .code(let s):
            try c.encode("code", forKey: .type)
            try c.encode(s, forKey: .text)
        case .html(let s):
            try c.encode("html", forKey: .type)
            try c.encode(s, forKey: .text)
        case .math(let tex, let display):
            try c.encode("math", forKey: .type)
            try c.encode(tex, forKey: .text)
            try c.encode(display, forKey: .display)
        case .footnoteReference(let reference):
            try c.encode("footnote_reference", forKey: .type)
            try c.encode(reference, forKey: .footnote)
        case .emphasis(let children):
            try c.encode("emph", forKey: .type)
            try c.encode(children, forKey: .children)
        case .strong(let children):
            try c.encode("strong", forKey: .type)
            try c.encode(children, forKey: .children)
        case .strikethrough(let children):
            try c.encode("strikethrough", forKey: .type)
            try c.encode(children, forKey: .children)
        case .link(let url, let title, let children):
            try c.encode("link", forKey: .type)
            try c.encode(url, forKey: .url)
            try c.encode(title, forKey: .title)
            try c.encode(children, forKey: .children)
        case .image(let url, let title, let children):
            try c.encode("image", forKey: .type)
            try c.encode(url, forKey: .url)
            try c.encode(title, forKey: .title)
            try c.encode(children, forKey: .children)
        }
    }
}
