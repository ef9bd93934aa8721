import StreamMark
import StreamMarkTemplates
import Testing

/// Identity rules (docs/templates.md) on hand-counted template offsets.
@Suite struct TemplateIdentityTests {
    /// Renders `states` in one session; returns the patches of each state.
    private func run(_ template: String, _ states: [JSONValue]) throws -> (session: TemplateSession, patches: [[Patch]])
    {
        var session = try TemplateSession(template: template)
        var all: [[Patch]] = []
        for state in states {
            let before = session.root
            let patches = try session.render(data: state)
            var replayed = before
            try Patch.apply(patches, to: &replayed)
            #expect(replayed == session.root)
            all.append(patches)
        }
        return (session, all)
    }

    @Test func checklistIDs() throws {
        let (session, _) = try run(Support.plan, [Support.planData(["a", "b"], notes: ["n1"], footer: "yes")])
        #expect(
            Support.ids(session.root) == [
                "doc", "t0", "t31.list", "t8:a", "t8:a/t33", "t8:b", "t8:b/t33", "t54", "t74:n1", "t74:n1/t99", "t134",
            ])
    }

    @Test func insertAtTop() throws {
        let (session, patches) = try run(
            Support.plan, [Support.planData(["a", "b", "c"]), Support.planData(["x", "a", "b", "c"])])
        #expect(Support.describe(patches[1], ignoringUpdatesOf: ["t31.list"]) == ["insert t8:x@t31.list[0]"])
        #expect(Support.childIDs(session.root, of: "t31.list") == ["t8:x", "t8:a", "t8:b", "t8:c"])
    }

    @Test func insertInTheMiddle() throws {
        let (_, patches) = try run(
            Support.plan, [Support.planData(["a", "b", "c"]), Support.planData(["a", "x", "b", "c"])])
        #expect(Support.describe(patches[1], ignoringUpdatesOf: ["t31.list"]) == ["insert t8:x@t31.list[1]"])
    }

    @Test func delete() throws {
        let (session, patches) = try run(
            Support.plan, [Support.planData(["a", "b", "c"]), Support.planData(["a", "c"])])
        #expect(Support.describe(patches[1], ignoringUpdatesOf: ["t31.list"]) == ["remove t8:b"])
        #expect(Support.childIDs(session.root, of: "t31.list") == ["t8:a", "t8:c"])
    }

    @Test func reverse() throws {
        let (session, patches) = try run(
            Support.plan, [Support.planData(["a", "b", "c", "d"]), Support.planData(["d", "c", "b", "a"])])
        let ops = Support.describe(patches[1])
        #expect(ops.count == 3)
        #expect(ops.allSatisfy { $0.hasPrefix("move t8:") })
        #expect(Support.childIDs(session.root, of: "t31.list") == ["t8:d", "t8:c", "t8:b", "t8:a"])
    }

    @Test func rotate() throws {
        let (_, patches) = try run(
            Support.plan, [Support.planData(["a", "b", "c", "d"]), Support.planData(["b", "c", "d", "a"])])
        #expect(Support.describe(patches[1]) == ["move t8:a@t31.list[3]"])
    }

    @Test func swapTwo() throws {
        let (session, patches) = try run(
            Support.plan, [Support.planData(["a", "b", "c", "d"]), Support.planData(["a", "c", "b", "d"])])
        let ops = Support.describe(patches[1])
        #expect(ops == ["move t8:b@t31.list[2]"] || ops == ["move t8:c@t31.list[1]"])
        #expect(Support.childIDs(session.root, of: "t31.list") == ["t8:a", "t8:c", "t8:b", "t8:d"])
    }

    @Test func editOneItem() throws {
        // Same length title, so only the paragraph's inlines change.
        let (_, patches) = try run(
            Support.plan,
            [Support.planData(["a", "b", "c"]), Support.planData(["a", "b", "c"], titles: ["b": "Step B"])])
        #expect(Support.describe(patches[1]) == ["update t8:b/t33"])
        guard case .update(_, let value) = patches[1].first else { return }
        #expect(value.kind.inlines?.plainText == "Step B")
    }

    @Test func unchangedDataGivesNoPatches() throws {
        let data = Support.planData(["a", "b"], notes: ["n1", "n2"], footer: "f")
        let (_, patches) = try run(Support.plan, [data, data])
        #expect(patches[1].isEmpty)
    }

    /// Offsets: groups `{{#each}}` at 0, items `{{#each}}` at 39, the
    /// item's `{{label}}` at 64.
    static let groups = """
        {{#each groups key=name}}
        ## {{name}}

        {{#each items key=id}}
        - {{label}}
        {{/each}}

        {{/each}}

        """

    static func groupsData(_ groups: [(String, [String])]) -> JSONValue {
        .object([
            "groups": .array(
                groups.map { group in
                    .object([
                        "name": .string(group.0),
                        "items": .array(group.1.map { .object(["id": .string($0), "label": .string("Item \($0)")]) }),
                    ])
                })
        ])
    }

    @Test func nestedLoops() throws {
        let (session, patches) = try run(
            Self.groups,
            [
                Self.groupsData([("g1", ["x", "y"]), ("g2", ["z"])]),
                Self.groupsData([("g0", []), ("g1", ["x", "y"]), ("g2", ["z"])]),
                Self.groupsData([("g0", []), ("g1", ["x"]), ("g2", ["z", "y"])]),
            ])
        // State 0 ids.
        #expect(
            Support.describe(patches[0]).filter { !$0.hasPrefix("update") } == [
                "insert t0:g1@doc[0]", "insert t0:g1+1.list@doc[1]", "insert t0:g2@doc[2]",
                "insert t0:g2+1.list@doc[3]",
            ])
        guard case .insert(_, _, let firstList) = patches[0][2] else {
            Issue.record("expected an insert")
            return
        }
        #expect(
            Support.ids(firstList) == [
                "t0:g1+1.list", "t0:g1/t39:x", "t0:g1/t39:x/t64", "t0:g1/t39:y", "t0:g1/t39:y/t64",
            ])
        // A new group at the top renames nothing.
        #expect(Support.describe(patches[1], ignoringUpdatesOf: []) == ["insert t0:g0@doc[0]"])
        // y moves from g1 to g2: it is another item (its path names its group).
        #expect(
            Support.describe(patches[2], ignoringUpdatesOf: ["t0:g1+1.list", "t0:g2+1.list"]) == [
                "remove t0:g1/t39:y", "insert t0:g2/t39:y@t0:g2+1.list[1]",
            ])
        #expect(Support.childIDs(session.root, of: "t0:g2+1.list") == ["t0:g2/t39:z", "t0:g2/t39:y"])
    }

    /// Offsets: `{{#each}}` at 0.
    static let notes = """
        {{#each notes key=id}}
        ### {{title}}

        {{body}}

        Second paragraph.

        {{/each}}

        """

    static func notesData(_ keys: [String]) -> JSONValue {
        .object([
            "notes": .array(
                keys.map {
                    .object(["id": .string($0), "title": .string("Title \($0)"), "body": .string("Body \($0)")])
                })
        ])
    }

    @Test func itemWithSeveralUnkeyedParagraphs() throws {
        let (session, patches) = try run(
            Self.notes,
            [Self.notesData(["n1", "n2"]), Self.notesData(["n0", "n1", "n2"]), Self.notesData(["n0", "n2", "n1"])])
        #expect(
            Support.ids(session.root) == [
                "doc", "t0:n0", "t0:n0+1", "t0:n0+2", "t0:n2", "t0:n2+1", "t0:n2+2", "t0:n1", "t0:n1+1", "t0:n1+2",
            ])
        #expect(
            Support.describe(patches[1], ignoringUpdatesOf: []) == [
                "insert t0:n0@doc[0]", "insert t0:n0+1@doc[1]", "insert t0:n0+2@doc[2]",
            ])
        // Swapping two three-block items moves one item's three blocks.
        let ops = Support.describe(patches[2])
        #expect(ops.count == 3 && ops.allSatisfy { $0.hasPrefix("move ") })
    }

    @Test func outputAppendedAfterTheLastLoop() throws {
        let (session, patches) = try run(
            Support.plan,
            [Support.planData(["a", "b"], notes: ["n1"]), Support.planData(["a", "b"], notes: ["n1"], footer: "all")])
        #expect(Support.describe(patches[1], ignoringUpdatesOf: []) == ["insert t134@doc[4]"])
        #expect(Support.ids(session.root).last == "t134")
    }

    @Test func outputBetweenLoopsKeepsItsID() throws {
        let (session, patches) = try run(
            Support.plan,
            [Support.planData(["a", "b"], notes: ["n1"]), Support.planData(["a", "b", "c"], notes: ["n0", "n1"])])
        #expect(
            Support.describe(patches[1], ignoringUpdatesOf: ["t31.list"]) == [
                "insert t74:n0@doc[3]", "insert t8:c@t31.list[2]",
            ])
        #expect(Support.childIDs(session.root, of: "doc") == ["t0", "t31.list", "t54", "t74:n0", "t74:n1"])
    }

    @Test func aSingleMoveAmongAThousandItemsIsOneMove() throws {
        let keys = (0..<1000).map(padded)
        var moved = keys
        let item = moved.remove(at: 700)
        moved.insert(item, at: 12)
        let (session, patches) = try run(Support.plan, [Support.planData(keys), Support.planData(moved)])
        #expect(patches[1].count == 1)
        guard case .move(let id, let parent, let index) = patches[1].first else {
            Issue.record("expected one move, got \(Support.describe(patches[1]))")
            return
        }
        #expect(id == "t8:700" && parent == "t31.list" && index == 12)
        #expect(Support.childIDs(session.root, of: "t31.list").map { String($0.dropFirst(3)) } == moved)
    }

    @Test func duplicateKeysMadeUniqueOnRequest() throws {
        var session = try TemplateSession(
            template: "{{#each xs key=.}}\n- {{.}}\n{{/each}}\n", options: TemplateOptions(uniqueKeys: true))
        _ = try session.render(json: #"{"xs":["a","b","a","a#2","a"]}"#)
        #expect(Support.childIDs(session.root, of: "t19.list") == ["t0:a", "t0:b", "t0:a#3", "t0:a#2", "t0:a#4"])
    }

    @Test func keysAreEncodedInIDs() throws {
        var session = try TemplateSession(template: "{{#each xs key=k}}\n- {{k}}\n{{/each}}\n")
        _ = try session.render(json: #"{"xs":[{"k":"a/b"},{"k":"c+d e"},{"k":7}]}"#)
        #expect(Support.childIDs(session.root, of: "t19.list") == ["t0:a%2Fb", "t0:c%2Bd%20e", "t0:7"])
    }
}

/// Three-digit zero-padded decimal (`7` → `007`).
private func padded(_ value: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
}
