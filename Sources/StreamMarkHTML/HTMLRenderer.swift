import StreamMark

/// Renders StreamMark's block tree as HTML.
///
/// ## The byte-identity contract
///
/// For a tree parsed with ``StreamMark/ParseOptions/commonMark`` (plain
/// CommonMark, no extensions), ``render(_:)`` returns exactly the bytes
/// libcmark's `cmark_render_html` returns for the same text — the output of
/// `CmarkReference.html(_:options:)` — when the options correspond:
///
/// | StreamMark                                   | cmark                    |
/// |----------------------------------------------|--------------------------|
/// | `ParseOptions.smartPunctuation`              | `CMARK_OPT_SMART`        |
/// | `RenderOptions.unsafe`                       | `CMARK_OPT_UNSAFE`       |
/// | `RenderOptions.hardBreaks`                   | `CMARK_OPT_HARDBREAKS`   |
/// | `RenderOptions.noBreaks`                     | `CMARK_OPT_NOBREAKS`     |
///
/// This holds byte for byte, not merely up to whitespace: the same newlines
/// between tags, the same escaping of text (`&`, `<`, `>`, `"`), the same
/// URL escaping (cmark's `houdini_escape_href`), the same treatment of raw
/// HTML and dangerous URLs in safe mode, tight-list paragraphs, code block
/// `language-` classes and image alt text. The GitHub extensions (tables,
/// task list items, strikethrough; extended autolinks are ordinary links)
/// render as `cmark-gfm -e table -e strikethrough -e autolink -e tasklist`
/// prints them.
///
/// The default is *safe* output, as in cmark: raw HTML becomes
/// `<!-- raw HTML omitted -->` and `javascript:`, `vbscript:`, `file:` and
/// `data:` URLs (other than `data:image/png|gif|jpeg|webp`) become empty.
///
/// Renderers never parse: everything comes from the tree's values.
/// Rendering is iterative, so trees of any depth render without deep
/// recursion.
///
/// ```swift
/// let tree = MarkdownParser(options: .commonMark).parse("# Hi *there*")
/// let html = HTMLRenderer().render(tree)  // "<h1>Hi <em>there</em></h1>\n"
/// ```
public struct HTMLRenderer: Sendable {
    /// How the tree is rendered.
    public var options: RenderOptions

    /// Creates a renderer. The default options give cmark's default (safe)
    /// output.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Renders a document (or any block) as a complete HTML string.
    ///
    /// - Complexity: O(n) in the size of the tree and its text.
    public func render(_ document: Block) -> String {
        var writer = HTMLWriter(options: options)
        writer.write(document, inTightList: false)
        return writer.string
    }

    /// Renders one block as the HTML fragment it produces inside its
    /// document.
    ///
    /// The fragments of a document's top-level blocks, concatenated in
    /// order, equal ``render(_:)`` of the document: each top-level fragment
    /// ends with a newline, so no block depends on what precedes it The
    /// footnotes section is the exception: its notes are elsewhere in the
    /// tree, and this method renders it empty; render it with
    /// ``render(block:inTightList:in:)``.
    ///
    /// - Parameters:
    ///   - block: The block to render.
    ///   - inTightList: Whether `block` sits in a tight list: pass the
    ///     list's `tight` when `block` is a list item or a direct child of a
    ///     list item (a paragraph there renders without `<p>`). Top-level
    ///     blocks are never in a list: leave it `false`.
    /// - Complexity: O(n) in the size of the block's subtree and its text.
    public func render(block: Block, inTightList: Bool = false) -> String {
        var writer = HTMLWriter(options: options)
        writer.write(block, inTightList: inTightList)
        return writer.string
    }

    /// Renders one block of `document` as the HTML fragment it produces
    /// there, the footnotes section included: the section
    /// (``BlockKind/footnotes(notes:)``) lists notes that stay elsewhere in
    /// the tree, so its fragment needs the document to find them. Every
    /// other block renders as ``render(block:inTightList:)`` renders it (a
    /// footnote definition renders as nothing in place).
    ///
    /// The fragments of `document`'s top-level blocks, each rendered with
    /// this method, concatenated in order, equal ``render(_:)`` of
    /// `document`.
    ///
    /// - Parameters:
    ///   - block: The block to render, a block of `document`.
    ///   - inTightList: As in ``render(block:inTightList:)``.
    ///   - document: The document holding `block` (and the notes).
    /// - Complexity: O(n) in the size of the block's subtree and its text;
    ///   for the section, plus O(b) in the number of blocks of `document`
    ///   (one walk collecting its notes) and the size of the notes.
    public func render(block: Block, inTightList: Bool = false, in document: Block) -> String {
        var writer = HTMLWriter(options: options)
        if case .footnotes = block.kind { writer.collectNotes(document) }
        writer.write(block, inTightList: inTightList)
        return writer.string
    }

    /// Renders one block as ``render(block:inTightList:in:)`` does, finding
    /// the notes the footnotes section lists with `note` (a lookup by id,
    /// for a caller that indexes its blocks already); `note` is asked only
    /// when `block` is the section, once per listed note.
    ///
    /// - Complexity: O(n) in the size of the block's subtree and its text;
    ///   for the section, plus the lookups and the size of the notes.
    public func render(block: Block, inTightList: Bool = false, note: (BlockID) -> Block?) -> String {
        var writer = HTMLWriter(options: options)
        if case .footnotes(let ids) = block.kind {
            for id in ids {
                if let found = note(id) { writer.notes[id] = found }
            }
        }
        writer.write(block, inTightList: inTightList)
        return writer.string
    }

    /// The markup a list or block quote writes around its children, for
    /// rendering a long container piece by piece: `opening`, then every
    /// child's ``render(block:inTightList:)`` (with `inTightList` the
    /// list's `tight`, `false` in a quote), then `closing`, concatenated,
    /// equal ``render(block:inTightList:)`` of the container. Empty strings
    /// for other blocks.
    ///
    /// - Complexity: O(1).
    public func containerMarkup(of block: Block) -> (opening: String, closing: String) {
        switch block.kind {
        case .blockQuote, .list, .alert:
            var opening = HTMLWriter(options: options)
            _ = opening.open(block.kind)
            // Every child's fragment ends with a newline.
            var closing = HTMLWriter(options: options)
            closing.put("\n")
            closing.close(block.kind)
            return (opening.string, String(closing.string.dropFirst()))
        default:
            return ("", "")
        }
    }
}
