/// The nesting limit of inline containers (emphasis, strong,
/// strikethrough, links, images) in the trees StreamMark builds.
///
/// A block of any depth is handled without recursion (``Block``), but
/// `Inline` is a public indirect enum: Swift compares, hashes and destroys
/// it recursively, about 130–250 bytes of stack per level, and it has no
/// place for a `deinit` that could take it apart. So the parser keeps
/// inline nesting at most ``maximumDepth`` levels deep, far beyond any real
/// text (CommonMark's own renderers treat such nesting as an attack).
/// Deeper containers are *dissolved*: their content stays, in order, in
/// the container at the limit, and only their own markup (the `<em>`, a
/// link's destination) is dropped, so no text is lost. A document whose
/// inline nesting stays within the limit parses exactly as cmark does.
public enum InlineNesting {
    /// Inline containers nested deeper than this are dissolved into the one
    /// at this depth.
    public static let maximumDepth = 100

    /// The depth of the deepest inline container in `inlines` (0 when there
    /// is none).
    ///
    /// - Complexity: O(number of inlines), without recursion.
    public static func depth(of inlines: [Inline]) -> Int {
        var deepest = 0
        // Allocates only when some container holds inlines.
        var pending: [(inlines: [Inline], depth: Int)] = []
        var (list, depth) = (inlines, 0)
        while true {
            for inline in list {
                guard let children = inline.containerChildren else { continue }
                deepest = max(deepest, depth + 1)
                if !children.isEmpty { pending.append((children, depth + 1)) }
            }
            guard let next = pending.popLast() else { return deepest }
            (list, depth) = next
        }
    }

    /// `inlines` with every container nested deeper than ``maximumDepth``
    /// dissolved into its parent (its content kept in place; adjacent text
    /// merged). Returns `inlines` unchanged when nothing is that deep.
    ///
    /// - Complexity: O(number of inlines), without recursion.
    public static func capped(_ inlines: [Inline]) -> [Inline] {
        guard depth(of: inlines) > maximumDepth else { return inlines }
        // Rebuild bottom-up: one frame per open container (the root list
        // has none); frames past the limit are dissolved when they close.
        var frames: [(container: Inline?, rest: ArraySlice<Inline>, built: [Inline])] = [(nil, inlines[...], [])]
        while true {
            let top = frames.count - 1
            if let inline = frames[top].rest.popFirst() {
                if let children = inline.containerChildren, !children.isEmpty {
                    frames.append((inline, children[...], []))
                } else {
                    frames[top].built.append(inline)
                }
                continue
            }
            let (container, _, built) = frames.removeLast()
            guard let container else { return merged(built) }
            // `frames.count` is now the closed container's depth.
            if frames.count > maximumDepth {
                frames[frames.count - 1].built.append(contentsOf: built)
            } else {
                frames[frames.count - 1].built.append(container.replacingChildren(with: merged(built)))
            }
        }
    }

    /// Adjacent text inlines joined; empty ones dropped.
    private static func merged(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        result.reserveCapacity(inlines.count)
        for inline in inlines {
            guard case .text(let next) = inline else {
                result.append(inline)
                continue
            }
            if next.isEmpty { continue }
            if case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else {
                result.append(inline)
            }
        }
        return result
    }
}

extension Inline {
    /// The children of an emphasis, strong, strikethrough, link or image;
    /// `nil` for the other inlines.
    var containerChildren: [Inline]? {
        switch self {
        case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c), .image(_, _, let c): c
        case .text, .softBreak, .lineBreak, .code, .html, .math, .footnoteReference: nil
        }
    }

    /// The same container with `children`; other inlines unchanged.
    func replacingChildren(with children: [Inline]) -> Inline {
        switch self {
        case .emphasis: .emphasis(children)
        case .strong: .strong(children)
        case .strikethrough: .strikethrough(children)
        case .link(let destination, let title, _): .link(destination: destination, title: title, children: children)
        case .image(let source, let title, _): .image(source: source, title: title, children: children)
        case .text, .softBreak, .lineBreak, .code, .html, .math, .footnoteReference: self
        }
    }
}
