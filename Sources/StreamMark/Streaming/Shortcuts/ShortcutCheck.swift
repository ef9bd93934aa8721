#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The engine's internal consistency checks (as swift-collections'
/// `_checkInvariants`): on in debug builds, and in any build whose process
/// has `STREAMMARK_INTERNAL_CHECKS=1` in its environment (`scripts/test.sh`
/// runs the whole suite so). Off, they cost one load of a constant per
/// append.
enum InternalChecks {
    /// Whether the checks run.
    static let isEnabled: Bool = {
        #if DEBUG
            return true
        #else
            guard let value = getenv("STREAMMARK_INTERNAL_CHECKS") else { return false }
            return String(cString: value) == "1"
        #endif
    }()
}

/// After a shortcut answered an append, the window parse's answer to the
/// same append from the same state: the tree's open part and the patches
/// must be the same, or the shortcut's guard is wrong (a trap names it).
///
/// A check re-parses the window and compares the open top-level block, so
/// it runs on every append while that block and the window are small and
/// the last check parsed little (``everyAppendLimit``), and beyond, each
/// time the text has grown by a quarter of what the check costs since the
/// last one: the checked stream stays linear. The cost counts every byte
/// the last check handed cmark: a window that defines labels also parses
/// their users again (what a definition run's shortcut saves), which can
/// be many times the window.
struct ShortcutCheck {
    /// Checked on every append up to this many bytes of open text.
    static let everyAppendLimit = 16 * 1024

    /// The engine and tree before the append.
    let engine: IncrementalEngine
    let root: Block
    /// Patches there were before the append.
    let patchCount: Int

    /// Traps unless the window parse from the state before the append
    /// gives the same open part of the tree and the same patches.
    func verify(
        answeredBy name: String, root answered: Block, patches: [Patch], text: UnsafeBufferPointer<UInt8>,
        engine current: inout IncrementalEngine
    ) {
        let top = engine.frozenTop
        let openStart = top < root.children.count ? root.children[top].range.lowerBound : text.count
        let cost = max(text.count - min(openStart, engine.windowStart), current.lastCheckCost)
        guard cost <= Self.everyAppendLimit || 4 * (text.count - current.lastCheckedCount) >= cost else { return }
        current.lastCheckedCount = text.count
        var expectedEngine = engine
        var expectedRoot = root
        var expectedPatches: [Patch] = []
        var parsed = 0
        expectedEngine.parseAndDiff(root: &expectedRoot, text: text, parsed: &parsed, patches: &expectedPatches)
        current.lastCheckCost = parsed
        let skip = engine.nested?.frozenChildren ?? 0
        let got = IncrementalEngine.tailView(answered, from: top, skip: skip)
        let expected = IncrementalEngine.tailView(expectedRoot, from: top, skip: skip)
        let gotPatches = Array(patches[patchCount...])
        guard got != expected || gotPatches != expectedPatches else { return }
        let shown = String(decoding: UnsafeBufferPointer(rebasing: text[max(0, text.count - 2048)...]), as: UTF8.self)
        fatalError(
            "shortcut \(name) differs from the window parse after \(text.count) bytes "
                + "(text ending \(String(reflecting: shown))): "
                + (got != expected ? "tree \(got) != \(expected)" : "patches \(gotPatches) != \(expectedPatches)"))
    }
}
