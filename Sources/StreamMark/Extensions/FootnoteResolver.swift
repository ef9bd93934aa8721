/// Numbers footnotes as cmark-gfm's `process_footnotes` does, on values:
/// the first definition of a label to close wins (a note nested in another
/// closes first); references, walked in document order with the notes
/// still where they were written, give each defined note its number at its
/// first reference and each reference its occurrence; the referenced notes
/// are listed in number order by the ``BlockKind/footnotes(notes:)``
/// section, appended as the document's last child.
///
/// Unlike cmark-gfm, notes are not moved: they stay in the tree where they
/// were written (with number 0 when not listed), so a streamed note keeps
/// its parent while it grows and renumbering moves nothing. The one-shot
/// parse and the streaming ``FootnoteLedger`` share the fold
/// (``FootnoteFold``), the numbering (``FootnoteNumbering``) and the
/// resolution.
enum FootnoteResolver {
    /// Resolves every footnote of `document`, parsed from `text`, in place
    /// and appends the section when a note is referenced.
    ///
    /// - Complexity: O(text) to find `[^`, plus O(blocks holding one).
    static func resolve(_ document: inout Block, text: [UInt8]) {
        var sites = FootnoteSites()
        sites.scan(text)
        guard !sites.isEmpty else { return }
        var numbering = FootnoteNumbering()
        var keys: [String] = []
        let occurrences = document.children.map { numbering.freeze($0, sites: sites, keys: &keys) }
        for top in document.children.indices where sites.holds(document.children[top].range) {
            document.children[top] = FootnoteLedger.resolved(
                document.children[top], occurrences: occurrences[top], numbering: numbering, sites: sites)
        }
        if let section = numbering.section { document.children.append(section) }
    }

    /// The key two labels match by: cmark's `normalize_map_label` (trimmed,
    /// inner whitespace runs collapsed, case folded); labels over 1,000
    /// bytes match nothing (nil).
    static func key(_ label: String) -> String? {
        guard label.utf8.count <= 1000 else { return nil }
        var out: [UInt8] = []
        var pendingSpace = false
        var ascii = true
        for byte in label.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                pendingSpace = !out.isEmpty
            default:
                if pendingSpace { out.append(0x20) }
                pendingSpace = false
                if byte >= 0x80 { ascii = false }
                out.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
            }
        }
        let key = String(decoding: out, as: UTF8.self)
        return ascii ? key : key.lowercased().uppercased().lowercased()
    }
}
