import StreamMark
import StreamMarkTemplates
import Testing

/// Seeded random data-state sequences through ``TemplateHarness``.
@Suite struct TemplateRandomTests {
    static let checklist = """
        # Plan

        {{#each steps key=id}}
        - [{{#if done}}x{{else}} {{/if}}] {{title}}
        {{/each}}

        {{#if note}}
        Note: {{note}}
        {{/if}}

        """

    static let notes = """
        {{#each steps key=id}}
        ### {{title}}

        Step {{id}} body.
        {{#if done}}

        Done.
        {{/if}}

        {{/each}}
        Footer.

        """

    static let nested = """
        {{#each steps key=id}}
        ## {{title}}

        {{#each steps key=id}}
        1. {{title}}{{#if done}} ✓{{/if}}
        {{/each}}

        {{/each}}

        """

    static let words = [
        "alpha", "*beta*", "#gamma", "d|e", "<x>", "`f`", "g\nh", "1. i", "  j  ", "k_l", "[m](n)", "ü",
    ]

    struct Item {
        var id: String
        var title: String
        var done: Bool
        var children: [Item]

        var json: JSONValue {
            .object([
                "id": .string(id), "title": .string(title), "done": .bool(done),
                "steps": .array(children.map(\.json)),
            ])
        }
    }

    struct Generator {
        var random: SplitMix64
        var counter = 0

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

        mutating func title() -> String {
            (0..<int(1...3)).map { _ in Self.pick(TemplateRandomTests.words, &random) }.joined(separator: " ")
        }

        static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T {
            values[Int.random(in: 0..<values.count, using: &random)]
        }

        mutating func item(depth: Int) -> Item {
            counter += 1
            let children = depth > 0 ? (0..<int(0...4)).map { _ in item(depth: depth - 1) } : []
            return Item(id: "k\(counter)", title: title(), done: int(0...3) == 0, children: children)
        }

        /// One random insert, delete, move or edit on `items`.
        mutating func mutate(_ items: inout [Item], depth: Int) {
            switch int(0...9) {
            case 0...2:
                items.insert(item(depth: depth), at: int(0...items.count))
            case 3...4 where !items.isEmpty:
                items.remove(at: int(0...items.count - 1))
            case 5...6 where !items.isEmpty:
                let moved = items.remove(at: int(0...items.count - 1))
                items.insert(moved, at: int(0...items.count))
            case 7...8 where !items.isEmpty:
                let index = int(0...items.count - 1)
                if int(0...1) == 0 { items[index].title = title() } else { items[index].done.toggle() }
            case 9 where !items.isEmpty && depth > 0:
                let index = int(0...items.count - 1)
                mutate(&items[index].children, depth: depth - 1)
            default:
                items.insert(item(depth: depth), at: int(0...items.count))
            }
        }
    }

    @Test func thousandRandomSequences() throws {
        let templates = [try Template(Self.checklist), try Template(Self.notes), try Template(Self.nested)]
        var generator = Generator(random: SplitMix64(seed: 0x5EED_7E37))
        var totals = TemplateHarness.Statistics()
        var failures: [String] = []
        var sequences = 0
        var outsideChecks = 0
        for sequence in 0..<1000 {
            let kind = sequence % 3
            let depth = kind == 2 ? 1 : 0
            var harness = TemplateHarness(template: templates[kind])
            // Lists of up to 200 items; most sequences are shorter to keep
            // the debug-build run time reasonable.
            let size = kind == 2 ? generator.int(0...40) : generator.int(0...(sequence % 4 == 0 ? 200 : 50))
            var items = (0..<size).map { _ in generator.item(depth: depth) }
            var note: String? = nil
            var previousOutside: [BlockID]? = nil
            for state in 0..<5 {
                var noteChanged = false
                if state > 0 {
                    for _ in 0..<generator.int(1...4) { generator.mutate(&items, depth: depth) }
                    if generator.int(0...5) == 0 {
                        note = note == nil ? generator.title() : nil
                        noteChanged = true
                    }
                }
                var object: [String: JSONValue] = ["steps": .array(items.map(\.json))]
                if let note { object["note"] = .string(note) }
                try harness.check(.object(object))
                // Blocks outside every item keep their ids when only items change.
                let rendering = harness.session.rendering!
                let inItems = Set(rendering.items.flatMap(\.blockIDs))
                var outside: [BlockID] = []
                rendering.document.forEach { if !inItems.contains($0.id) { outside.append($0.id) } }
                if let previousOutside, !noteChanged, !items.isEmpty, previousOutside != outside {
                    failures.append(
                        "sequence \(sequence) state \(state): blocks outside items renamed: \(previousOutside) -> \(outside)"
                    )
                }
                previousOutside = items.isEmpty ? nil : outside
                outsideChecks += 1
            }
            sequences += 1
            failures += harness.failures.map { "sequence \(sequence): \($0)" }
            totals.add(harness.statistics)
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
        #expect(sequences == 1000 && totals.states == 5000 && outsideChecks == 5000)
        #expect(totals.inserts > 0 && totals.removes > 0 && totals.moves > 0 && totals.updates > 0)
        #expect(totals.unchangedItems > totals.keptItems / 2)
        print(
            "template random sequences: \(sequences) sequences, \(totals.states) states, \(totals.blocks) blocks checked, "
                + "\(totals.inserts) inserts, \(totals.removes) removes, \(totals.moves) moves, \(totals.updates) updates, "
                + "\(totals.keptItems) kept items, \(totals.unchangedItems) unchanged items, \(failures.count) failures"
        )
    }
}
