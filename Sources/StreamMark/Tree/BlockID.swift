/// The identity of a block: stable for as long as the block exists.
///
/// Identities are pure functions of the source, never of array positions,
/// content hashes, parse order or counters (see `docs/identity.md`):
///
/// - `e<N>`: the block that begins at UTF-8 byte offset `N` of the text
///   (`e812`).
/// - `e<N>.list`: a list, which always begins at the same byte as its first
///   item; the item keeps the plain `e<N>`.
/// - `doc`: the document itself.
/// - Template output uses `t<offset>:<key>` and follower ids `…+k`
///   (`StreamMarkTemplates`).
///
/// An identity is a plain string so clients (SwiftUI `ForEach`, a web page,
/// a terminal) can key their views on it directly.
public struct BlockID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The textual form, for example `e812` or `e0.list`.
    public var rawValue: String

    /// Creates an identity from its textual form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates an identity from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The identity of the document block.
    public static let document = BlockID("doc")

    /// The footnotes section, the document's last child while it exists.
    public static let footnotes = BlockID("footnotes")

    /// The identity of a source block that begins at `offset`.
    ///
    /// - Parameter offset: UTF-8 byte offset of the block's first character.
    public static func source(_ offset: Int) -> BlockID { BlockID("e\(offset)") }

    /// The identity of a list that begins at `offset` (its first item is
    /// `source(offset)`).
    public static func list(_ offset: Int) -> BlockID { BlockID("e\(offset).list") }

    public var description: String { rawValue }

    public static func < (lhs: BlockID, rhs: BlockID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
