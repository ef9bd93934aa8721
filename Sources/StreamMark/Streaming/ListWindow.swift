/// The window inside an open top-level list: it starts at the first item
/// that is not closed, and the frozen items' share of the list's looseness
/// is kept.
struct ListWindow: NestedWindow {
    /// Items frozen before the window.
    var frozenItems: Int
    /// Whether the frozen items make the list loose (a blank line between
    /// them, or inside one of them between its blocks).
    var frozenLoose: Bool

    var frozenChildren: Int { frozenItems }

    func accepts(_ window: [Block], container: Block, text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .list(let old) = container.kind, let first = window.first,
            case .list(let new) = first.kind, old.kind == new.kind, old.delimiter == new.delimiter,
            frozenItems < container.children.count, let item = first.children.first
        else { return false }
        return item.range.lowerBound == container.children[frozenItems].range.lowerBound
    }

    func graft(_ window: Block, into list: inout Block, text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard case .list(var attributes) = list.kind, case .list(let windowAttributes) = window.kind else { return nil }
        attributes.tight = !frozenLoose && windowAttributes.tight
        list.kind = .list(attributes)
        list.graftChildren(of: window, from: frozenItems)
        return nil
    }
}
