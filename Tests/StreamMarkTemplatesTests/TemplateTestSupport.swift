import StreamMark
import StreamMarkTemplates

/// Helpers shared by the template tests.
enum Support {
    /// The checklist of the identity tests. Offsets (counted by hand):
    /// heading `t0`; `{{#each}}` at 8; the list's `-` at 31 (`t31.list`);
    /// `{{title}}` at 33 (each item's paragraph is `t8:<key>/t33`);
    /// "Between the loops." at 54; notes `{{#each}}` at 74, their quote's
    /// paragraph `{{text}}` at 99; "Done" at 134.
    static let plan = """
        # Plan

        {{#each steps key=id}}
        - {{title}}
        {{/each}}

        Between the loops.

        {{#each notes key=id}}
        > {{text}}

        {{/each}}
        {{#if footer}}
        Done: {{footer}}
        {{/if}}

        """

    /// JSON for `plan` with the given step keys (title `Step <key>`) and notes.
    static func planData(
        _ steps: [String], notes: [String] = [], footer: String? = nil,
        titles: [String: String] = [:]
    ) -> JSONValue {
        var object: [String: JSONValue] = [
            "steps": .array(steps.map { .object(["id": .string($0), "title": .string(titles[$0] ?? "Step \($0)")]) }),
            "notes": .array(notes.map { .object(["id": .string($0), "text": .string("Note \($0)")]) }),
        ]
        if let footer { object["footer"] = .string(footer) }
        return .object(object)
    }

    /// Every id in the tree, depth first.
    static func ids(_ block: Block) -> [String] {
        var result: [String] = []
        block.forEach { result.append($0.id.rawValue) }
        return result
    }

    /// The ids of the children of the block with id `id`.
    static func childIDs(_ root: Block, of id: String) -> [String] {
        var result: [String] = []
        root.forEach { if $0.id.rawValue == id { result = $0.children.map(\.id.rawValue) } }
        return result
    }

    /// A compact description of patches: `insert t8:x@t31.list[0]`,
    /// `remove t8:b`, `move t8:a@t31.list[3]`, `update t8:b/t33`.
    static func describe(_ patches: [Patch]) -> [String] {
        patches.map { patch in
            switch patch {
            case .insert(let parent, let index, let block): "insert \(block.id)@\(parent)[\(index)]"
            case .remove(let id): "remove \(id)"
            case .move(let id, let parent, let index): "move \(id)@\(parent)[\(index)]"
            case .update(let id, _): "update \(id)"
            case .close(let id): "close \(id)"
            }
        }
    }

    /// The patches other than updates of the document and of the given
    /// containers (whose range grows or shrinks with their items).
    static func describe(_ patches: [Patch], ignoringUpdatesOf containers: Set<String>) -> [String] {
        describe(patches).filter { line in
            !(line.hasPrefix("update ") && (containers.contains(String(line.dropFirst(7))) || line == "update doc"))
        }
    }
}
