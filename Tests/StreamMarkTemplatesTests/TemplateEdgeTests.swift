import StreamMark
import StreamMarkTemplates
import Testing

/// Templates where Markdown merges or splits the loop's output in unusual
/// ways: ids must stay unique and the harness checks must hold.
@Suite struct TemplateEdgeTests {
    static let templates: [String] = [
        // Raw interpolation of several blocks, twice from one tag position.
        "{{#each xs key=id}}\n{{{body}}}\n\n{{/each}}\n{{{body}}}\n",
        // An inline loop: all items in one paragraph (the paragraph is outside them).
        "Items: {{#each xs key=id}}{{title}}, {{/each}}end.\n",
        // Each item is a list of two items; the loop's lists merge.
        "{{#each xs key=id}}\n- {{title}}\n- second {{id}}\n{{/each}}\n",
        // Each item: a list then a paragraph, so lists do not merge.
        "{{#each xs key=id}}\n- {{title}}\n\nafter {{id}}\n\n{{/each}}\n",
        // Table rows from a loop.
        "| a | b |\n| - | - |\n{{#each xs key=id}}\n| {{id}} | {{title}} |\n{{/each}}\n",
        // One block quote per item, holding a list with a nested quote.
        "{{#each xs key=id}}\n> - {{title}}\n>   > {{id}}\n\n{{/each}}\n",
        // Items inside one static block quote.
        "> Steps:\n>\n{{#each xs key=id}}\n> - {{title}}\n{{/each}}\n",
        // Code block body from a loop (one block outside the items).
        "```\n{{#each xs key=id}}\n{{title}}\n{{/each}}\n```\n",
    ]

    static func state(_ keys: [Int], body: String = "para\n\n# heading\n\n- l") -> JSONValue {
        .object([
            "body": .string(body),
            "xs": .array(
                keys.map {
                    .object(["id": .string("k\($0)"), "title": .string("T *\($0)*"), "body": .string(body + "\($0)")])
                }),
        ])
    }

    @Test(arguments: templates.indices)
    func harnessHolds(_ index: Int) throws {
        var harness = TemplateHarness(template: try Template(Self.templates[index]))
        let sequence: [[Int]] = [
            [], [1], [1, 2, 3], [0, 1, 2, 3], [3, 0, 1, 2], [3, 1, 2], [3, 1, 2, 4], [2, 1, 3, 4], [2],
        ]
        for keys in sequence { try harness.check(Self.state(keys)) }
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(harness.statistics.states == sequence.count)
        #expect(harness.statistics.blocks > sequence.count)
    }

    @Test func rawBlocksFromOneTagAreNumbered() throws {
        let rendering = try Template("{{{body}}}\n").render(.object(["body": .string("a\n\nb\n\nc")]))
        #expect(rendering.document.children.map(\.id.rawValue) == ["t0", "t0+1", "t0+2"])
    }

    @Test func singleItemListBelongsToTheLoop() throws {
        // One item, then two: the list keeps its id (`-` at offset 20).
        var session = try TemplateSession(template: "{{#each xs key=id}}\n- {{title}}\n{{/each}}\n")
        _ = try session.render(data: Self.state([1]))
        #expect(session.root.children.map(\.id.rawValue) == ["t20.list"])
        let patches = try session.render(data: Self.state([1, 2]))
        #expect(session.root.children.map(\.id.rawValue) == ["t20.list"])
        #expect(Support.describe(patches, ignoringUpdatesOf: ["t20.list"]) == ["insert t0:k2@t20.list[1]"])
    }
}
