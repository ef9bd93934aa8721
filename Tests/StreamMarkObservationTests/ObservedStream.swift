import Observation
import StreamMark
import StreamMarkObservation
import Testing

/// Streams a document through a ``DocumentModel`` with one ``ViewTracker``
/// per node and a ``ListTracker`` on the top level, and checks after every
/// append that exactly the views whose input changed were notified. The
/// expected changes come from the engine's trees (`StreamingDocument.root`
/// before and after the append), not from the model.
@MainActor
final class ObservedStream {
    let name: String
    let model = DocumentModel<Never>()
    private var trackers: [BlockID: ViewTracker<Never>] = [:]
    private var list: ListTracker<Never>
    private var previousTree = Block(id: .document, kind: .document, range: 0..<0)
    private var previousViewed: [BlockID: Support.Viewed] = [:]
    private let naive = NaiveModel()
    private var naiveNotified = false

    /// Notifications received by nodes that were still open, per block kind.
    private(set) var openNotifications: [String: Int] = [:]
    /// Notifications received by nodes after they closed, per block kind.
    private(set) var closedNotifications: [String: Int] = [:]
    /// Body evaluations: each view's first one plus one per notification.
    private(set) var evaluations = 0
    /// Body evaluations of the naive model (every view, every chunk).
    private(set) var naiveEvaluations = 0
    /// Notifications of the top-level list.
    private(set) var listNotifications = 0
    /// Appends (and the finish) so far.
    private(set) var appends = 0
    /// Appends whose patches were empty.
    private(set) var emptyAppends = 0
    /// Appends that notified no view and not the list.
    private(set) var quietAppends = 0

    init(name: String) {
        self.name = name
        list = ListTracker(model: model)
        watchNaive()
    }

    /// Appends a chunk and checks the notifications.
    func append(_ chunk: ArraySlice<UInt8>) { step { $0.append(bytes: chunk) } }

    /// Finishes the stream and checks the notifications.
    func finish() { step { $0.finish() } }

    private func step(_ body: (DocumentModel<Never>) -> [Patch]) {
        appends += 1
        let before = trackers.mapValues(\.notifications)
        let wasClosed = Set(trackers.values.filter { $0.node.isClosed }.map(\.node.id))
        let listBefore = list.notifications
        let nodesBefore = trackers.mapValues(\.node)
        let patches = body(model)
        let tree = model.document.root
        #expect(model.tree == tree, "\(name) append \(appends): the model's tree differs from the engine's")
        let viewed = Support.viewed(tree)
        let removed = Support.removedIDs(patches, before: previousTree)
        var notified = 0
        for (id, tracker) in trackers {
            let delta = tracker.notifications - before[id]!
            notified += delta
            let alive = model.node(for: id) === tracker.node
            let changed = alive && previousViewed[id] != nil && previousViewed[id] != viewed[id]
            #expect(
                delta == (changed ? 1 : 0), "\(name) append \(appends): \(id) notified \(delta)×, changed: \(changed)")
            let kind = tracker.node.kind.name
            if wasClosed.contains(id) {
                closedNotifications[kind, default: 0] += delta
                #expect(delta == 0, "\(name) append \(appends): closed \(id) notified")
            } else {
                openNotifications[kind, default: 0] += delta
            }
        }
        if patches.isEmpty {
            emptyAppends += 1
            #expect(notified == 0 && list.notifications == listBefore, "\(name): an empty append notified")
        }
        let listDelta = list.notifications - listBefore
        if notified == 0 && listDelta == 0 { quietAppends += 1 }
        let topChanged = previousTree.children.map(\.id) != tree.children.map(\.id)
        #expect(listDelta == (topChanged ? 1 : 0), "\(name) append \(appends): list notified \(listDelta)×")
        let structural = patches.contains { patch in
            switch patch {
            case .insert, .remove, .move: true
            case .update, .close: false
            }
        }
        if listDelta > 0 { #expect(structural, "\(name): list notified without insert/remove/move") }
        listNotifications += listDelta
        for (id, node) in nodesBefore where viewed[id] != nil && !removed.contains(id) {
            #expect(model.node(for: id) === node, "\(name) append \(appends): node \(id) replaced")
        }
        rerender()
        naiveStep(tree)
        previousTree = tree
        previousViewed = viewed
    }

    /// Re-evaluates notified views, drops removed ones, creates new ones.
    private func rerender() {
        if list.isDirty { list.evaluate() }
        var alive = Set<BlockID>()
        model.root.forEach { node in
            guard node.id != .document else { return }
            alive.insert(node.id)
            if let tracker = trackers[node.id], tracker.node === node {
                if tracker.isDirty {
                    tracker.evaluate()
                    evaluations += 1
                }
            } else {
                trackers[node.id] = ViewTracker(node: node)
                evaluations += 1
            }
        }
        for id in trackers.keys where !alive.contains(id) { trackers[id] = nil }
    }

    /// The naive model: the whole tree replaced, every view evaluated.
    private func naiveStep(_ tree: Block) {
        naiveNotified = false
        naive.snapshot = NaiveModel.Snapshot(blocks: tree.children)
        #expect(naiveNotified, "the naive model's replacement notifies")
        watchNaive()
        naiveEvaluations += tree.subtreeCount - 1
    }

    private func watchNaive() {
        withObservationTracking {
            _ = naive.snapshot
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.naiveNotified = true }
        }
    }

    /// The notification counts of the view of every node alive now.
    var notificationsByID: [BlockID: Int] { trackers.mapValues(\.notifications) }

    /// Total notifications of block views.
    var totalNotifications: Int {
        openNotifications.values.reduce(0, +) + closedNotifications.values.reduce(0, +)
    }
}
