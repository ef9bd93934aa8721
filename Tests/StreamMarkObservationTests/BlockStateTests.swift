import Observation
import StreamMark
import StreamMarkObservation
import Testing

/// Per-id user state lives in the model and survives streaming.
@Suite("Block state")
@MainActor
struct BlockStateTests {
    /// Expanding a code block while it streams notifies only views reading
    /// the state; streaming notifies only views reading the value; the state
    /// is still there at the end.
    @Test func stateSurvivesStreamingAndIsObservedSeparately() {
        let model = DocumentModel<Never>()
        model.append("Intro\n\n```swift\nlet a")
        guard let code = model.node(for: "e7") else {
            Issue.record("no code block e7: \(model.blocks.map(\.id))")
            return
        }
        #expect(code.kind.name == "code_block")
        let valueView = ViewTracker(node: code)
        var stateNotifications = 0
        func watchState() {
            withObservationTracking {
                _ = code.state
            } onChange: {
                MainActor.assumeIsolated { stateNotifications += 1 }
            }
        }
        watchState()
        code.state.isExpanded = true
        #expect(stateNotifications == 1)
        #expect(valueView.notifications == 0)
        watchState()
        for chunk in [" = 1\n", "let b = 2\n", "```\n", "\nAfter\n"] { model.append(chunk) }
        model.finish()
        #expect(stateNotifications == 1)
        #expect(valueView.notifications == 1)
        #expect(model.node(for: "e7") === code)
        #expect(code.state == BlockState(isExpanded: true))
        #expect(code.isClosed)
    }

    /// A block removed and inserted again under the same id is a new node
    /// with the old node's state.
    @Test func stateIsKeptByIDAcrossRemoval() throws {
        let model = DocumentModel<Never>()
        let paragraph = Block(id: "e0", kind: .paragraph(inlines: [.text("x")]), range: 0..<1)
        try model.apply([.insert(parent: .document, index: 0, block: paragraph)])
        let first = try #require(model.node(for: "e0"))
        first.state.isCopied = true
        first.state.values["note"] = "kept"
        try model.apply([.remove(id: "e0")])
        #expect(model.node(for: "e0") == nil)
        #expect(first.parent == nil)
        try model.apply([.insert(parent: .document, index: 0, block: paragraph)])
        let second = try #require(model.node(for: "e0"))
        #expect(second !== first)
        #expect(second.state == BlockState(isCopied: true, values: ["note": "kept"]))
    }

    /// A patch that does not fit the tree throws and changes nothing after it.
    @Test func patchThatDoesNotFitThrows() {
        let model = DocumentModel<Never>()
        #expect(throws: PatchError.self) { try model.apply([.remove(id: "e5")]) }
        #expect(throws: PatchError.self) {
            try model.apply([
                .insert(parent: "e9", index: 0, block: Block(id: "e10", kind: .thematicBreak, range: 10..<13))
            ])
        }
        #expect(model.nodeCount == 1)
    }

    /// Moves keep the node and notify the old and new parents' views only.
    @Test func moveKeepsTheNode() throws {
        let model = DocumentModel<Never>()
        let a = Block(id: "t1:a", kind: .paragraph(inlines: [.text("a")]), range: 0..<1)
        let b = Block(id: "t1:b", kind: .paragraph(inlines: [.text("b")]), range: 2..<3)
        try model.apply([
            .insert(parent: .document, index: 0, block: a), .insert(parent: .document, index: 1, block: b),
        ])
        let nodeA = try #require(model.node(for: "t1:a"))
        let viewA = ViewTracker(node: nodeA)
        let list = ListTracker(model: model)
        try model.apply([.move(id: "t1:a", parent: .document, index: 1)])
        #expect(model.blocks.map(\.id) == ["t1:b", "t1:a"])
        #expect(model.node(for: "t1:a") === nodeA)
        #expect(list.notifications == 1)
        #expect(viewA.notifications == 0)
    }
}
