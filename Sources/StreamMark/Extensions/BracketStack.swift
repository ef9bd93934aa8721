/// The `[` and `![` openers cmark-gfm's inline parser holds while it scans a
/// block's text, as far as its autolink extension asks about them: no
/// `www.` or `scheme://` link starts while the top opener is "in a
/// bracket" (`cmark_inline_parser_in_bracket`, for links or for images).
///
/// Read from cmark's finished inline tree, which keeps the openers that
/// never formed a link as text: a `[` or `![` in text opens, a `]` in text
/// closes the last opener (cmark pops it whether or not a link forms). A
/// link made from brackets (not an `<…>` autolink) ends the image
/// openers' hold on the openers then open, as in Debian's cmark-gfm
/// (`![[]() www.a.com` links, `![ www.a.com` and `[[]() www.a.com` do not);
/// a link opener holds until it is closed.
///
/// - Complexity: O(1) per event; the stack holds the unclosed openers.
struct BracketStack {
    /// One open opener: whether a link opener is at or below it, and the
    /// latest epoch at which an image opener at or below it was opened
    /// (-1: none).
    private struct Entry {
        var linkBelow: Bool
        var imageEpoch: Int
    }

    private var entries: [Entry] = []
    /// How many bracket links were made so far.
    private var epoch = 0

    /// Whether an autolink may not start here.
    var blocksAutolinks: Bool {
        guard let top = entries.last else { return false }
        return top.linkBelow || top.imageEpoch == epoch
    }

    /// A `[` (or `![` when `image`) left as text.
    mutating func open(image: Bool) {
        var entry = entries.last ?? Entry(linkBelow: false, imageEpoch: -1)
        if image { entry.imageEpoch = epoch } else { entry.linkBelow = true }
        entries.append(entry)
    }

    /// A `]` left as text: it closed the last opener.
    mutating func close() {
        _ = entries.popLast()
    }

    /// A link formed from brackets.
    mutating func linkMade() {
        epoch += 1
    }
}
