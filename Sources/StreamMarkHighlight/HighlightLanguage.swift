/// A language the highlighter knows, resolved from a fenced code block's
/// info string or a name. Unknown names resolve to nothing: the caller
/// shows such code as plain text.
public struct HighlightLanguage: Hashable, Sendable {
    /// The registry index.
    let index: UInt8

    init(index: UInt8) {
        self.index = index
    }

    /// The language named by the first word of an info string
    /// (```` ```python title="x" ```` → `python`), ignoring ASCII case;
    /// nil when the string is empty, the word is unknown, or the word holds
    /// a control character.
    ///
    /// - Complexity: O(length of the first word).
    public init?(infoString: some StringProtocol) {
        let word = infoString.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
        self.init(name: word)
    }

    /// The language with this name or alias (`js`, `C++`, `Terraform`),
    /// ignoring ASCII case; nil for unknown names and names holding a
    /// control character.
    ///
    /// - Complexity: O(length of the name).
    public init?(name: some StringProtocol) {
        guard !name.isEmpty, name.utf8.count <= 64,
            !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        guard let index = LanguageRegistry.index(of: String(name).lowercased()) else { return nil }
        self.index = index
    }

    /// Plain text: no tokens.
    public static let plainText = HighlightLanguage(index: 0)

    /// Every language, plain text first.
    public static var all: [HighlightLanguage] {
        LanguageRegistry.definitions.indices.map { HighlightLanguage(index: UInt8($0)) }
    }

    /// The canonical name (`javascript` for `js`).
    public var name: String { definition.names[0] }

    /// The canonical name and every alias, lower case.
    public var aliases: [String] { definition.names }

    var definition: LanguageDefinition { LanguageRegistry.definitions[Int(index)] }
    var compiled: CompiledLanguage { LanguageRegistry.compiled[Int(index)] }
}

extension HighlightLanguage: CustomStringConvertible {
    /// The canonical name.
    public var description: String { name }
}
