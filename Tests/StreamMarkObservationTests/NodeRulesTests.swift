import Observation
import StreamMark
import StreamMarkObservation
import Testing

/// The model's rules on patches the engine itself never sends (equal
/// updates, repeated closes) and on `isClosed` observers.
@Suite("Node rules")
@MainActor
struct NodeRulesTests {
    /// An update carrying the value the node already has assigns nothing:
    /// its observers stay silent.
    @Test func equalUpdateNotifiesNobody() throws {
        let model = DocumentModel<Never>()
        let block = Block(id: "e0", kind: .paragraph(inlines: [.text("same")]), range: 0..<4)
        try model.apply([.insert(parent: .document, index: 0, block: block)])
        let node = try #require(model.node(for: "e0"))
        let view = ViewTracker(node: node)
        try model.apply([.update(id: "e0", value: block.value)])
        #expect(view.notifications == 0)
        try model.apply([.update(id: "e0", value: BlockValue(kind: block.kind, range: 0..<5))])
        #expect(view.notifications == 1)
    }

    /// `close` sets `isClosed` once (a spinner view is notified once) and
    /// does not notify views of the value.
    @Test func closeNotifiesClosedObserversOnce() throws {
        let model = DocumentModel<Never>()
        model.append("Some text")
        let node = try #require(model.node(for: "e0"))
        let view = ViewTracker(node: node)
        var closedNotifications = 0
        func watch() {
            withObservationTracking {
                _ = node.isClosed
            } onChange: {
                MainActor.assumeIsolated { closedNotifications += 1 }
            }
        }
        watch()
        try model.apply([.close(id: "e0")])
        #expect(node.isClosed && closedNotifications == 1)
        watch()
        try model.apply([.close(id: "e0")])
        #expect(closedNotifications == 1)
        #expect(view.notifications == 0)
    }
}
