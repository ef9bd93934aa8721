import Observation
import StreamMark
import StreamMarkObservation

/// A stand-in for a SwiftUI block view: its "body" reads exactly what a block
/// view reads — the node's value and its children's ids — under
/// `withObservationTracking`, and registers again after every change, as
/// SwiftUI does. It counts notifications and body evaluations.
@MainActor
final class ViewTracker<Output: Equatable> {
    let node: BlockNode<Output>
    /// Reads the node's output instead of its value (a view showing rendered output).
    let readsOutput: Bool
    private(set) var notifications = 0
    private(set) var evaluations = 0
    private(set) var isDirty = false

    init(node: BlockNode<Output>, readsOutput: Bool = false) {
        self.node = node
        self.readsOutput = readsOutput
        evaluate()
    }

    /// The "body": reads, registers, counts.
    func evaluate() {
        evaluations += 1
        isDirty = false
        withObservationTracking {
            if readsOutput {
                _ = node.output
            } else {
                _ = node.value
                _ = node.children.map(\.id)
            }
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.notifications += 1
                self.isDirty = true
            }
        }
    }
}

/// The top-level `ForEach`: reads the ids of ``DocumentModel/blocks``.
@MainActor
final class ListTracker<Output: Equatable> {
    let model: DocumentModel<Output>
    private(set) var notifications = 0
    private(set) var isDirty = false

    init(model: DocumentModel<Output>) {
        self.model = model
        evaluate()
    }

    func evaluate() {
        isDirty = false
        withObservationTracking {
            _ = model.blocks.map(\.id)
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.notifications += 1
                self.isDirty = true
            }
        }
    }
}

/// The naive model the counts are compared with: the whole block array is
/// replaced after every chunk, so every view reading it is notified. (The
/// array is wrapped in a non-Equatable box: `@Observable` skips the
/// notification when an Equatable property is set to an equal value.)
@MainActor
@Observable
final class NaiveModel {
    struct Snapshot {
        var blocks: [Block]
    }

    var snapshot = Snapshot(blocks: [])
}
