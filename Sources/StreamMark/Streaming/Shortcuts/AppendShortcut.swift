/// An append the engine can answer without parsing its whole window: the
/// common ways a stream grows (a word, a code line, a table row, a
/// paragraph's last lines) whose result cmark's rules already decide.
///
/// ## The contract
/// ``IncrementalEngine`` tries its shortcuts (``IncrementalEngine/shortcuts``)
/// in order on every append that is not the last, once the shared
/// precondition holds: the tree was current before the append (it equals
/// cmark's parse of the text without the new bytes) and the new bytes are
/// not empty. The first shortcut that answers wins; the others are not
/// asked. A shortcut
/// - states its *guard*: the CommonMark reason its result equals the window
///   parse's, checked in O(chunk) or O(its own small window);
/// - does its *work* only when the guard holds: it updates the tree and
///   appends exactly the patches the window parse and its diff would emit,
///   in their order, and counts the bytes it handed to cmark;
/// - returns false, having changed nothing, when the guard fails;
/// - never relies on another shortcut having declined: each guard stands
///   alone, so the order of the list is only a matter of cost.
///
/// The engine then *commits* the append for all of them alike (the tree
/// ends at the new end and is current, the statistic named ``name`` counts
/// it), and in builds with internal checks (``InternalChecks``) parses the
/// window anyway and requires the same tree and patches.
///
/// ## Adding a shortcut
/// Write one type in its own file in this folder: its guard and work in
/// ``answer(_:engine:root:parsed:patches:)``, its state (if any) as stored
/// properties, kept up to date after window parses in
/// ``didParseWindow(engine:root:text:parsed:)``; add one line to
/// ``IncrementalEngine/shortcuts``; give it a test that checks each rule of
/// its guard both ways and a seeded stream through the harness.
protocol AppendShortcut: Sendable {
    /// The name its appends are counted under
    /// (``StreamingDocument/Statistics/shortcutAppends``).
    static var name: String { get }

    /// Whether it hands bytes to cmark (a small parse instead of the
    /// window's); appends answered by the others count as ``StreamingDocument/Statistics/inPlaceAppends``.
    static var parses: Bool { get }

    /// Answers the append, or returns false having changed nothing but
    /// `parsed`.
    ///
    /// - Parameter parsed: bytes handed to cmark, to add to (bytes tried
    ///   by a shortcut that then declined count too).
    mutating func answer(
        _ append: Append, engine: inout IncrementalEngine, root: inout Block, parsed: inout Int,
        patches: inout [Patch]
    ) -> Bool

    /// Keeps the shortcut's state after an append the window parse
    /// answered (not called after appends a shortcut answered).
    ///
    /// - Parameter parsed: bytes handed to cmark, to add to.
    mutating func didParseWindow(
        engine: inout IncrementalEngine, root: Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int)
}

extension AppendShortcut {
    static var parses: Bool { false }

    mutating func didParseWindow(
        engine: inout IncrementalEngine, root: Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int
    ) {}
}

/// One append as the shortcuts see it: the text with the new bytes at its
/// end, where it ended before (where the current tree ends), and where its
/// last line started before.
struct Append {
    /// The whole text, the new bytes at its end.
    let text: UnsafeBufferPointer<UInt8>
    /// Where the text ended before the append: `root.range.upperBound`.
    let oldEnd: Int
    /// Where the text's last line started before the append.
    let lineStart: Int

    /// The new bytes (never empty).
    var new: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: text[oldEnd...]) }

    /// Whether the new bytes hold a line feed or a carriage return.
    var endsLine: Bool { new.contains(0x0A) || new.contains(0x0D) }
}
