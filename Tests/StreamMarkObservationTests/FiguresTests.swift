import StreamMark
import StreamMarkObservation
import StreamMarkTestSupport
import Testing

/// The figures quoted in docs/swiftui.md: notifications per block kind (open
/// vs closed) and body evaluations against the naive model, for three
/// answers in 4-byte chunks. Printed; the exactness of every count is
/// checked append by append by ``ObservedStream``.
@Suite("Observation figures")
@MainActor
struct FiguresTests {
    @Test(arguments: [
        "008-python-mock-bytesio.md", "022-keras-csv-classifier.md", "030-zh-rectangle-area-segment-tree.md",
    ])
    func figures(name: String) {
        let bytes = CorpusAnswers.bytes(name)
        let stream = ObservedStream(name: name)
        for chunk in CorpusAnswers.chunks(bytes, size: 4) { stream.append(chunk) }
        stream.finish()
        let kinds = Set(stream.openNotifications.keys).union(stream.closedNotifications.keys).sorted()
        let perKind = kinds.map { "\($0) \(stream.openNotifications[$0] ?? 0)/\(stream.closedNotifications[$0] ?? 0)" }
        print(
            "figures \(name): appends=\(stream.appends) nodes=\(stream.model.nodeCount - 1) "
                + "notifications open/closed: \(perKind.joined(separator: ", ")) "
                + "list=\(stream.listNotifications) evaluations=\(stream.evaluations) naive=\(stream.naiveEvaluations)")
        #expect(stream.closedNotifications.values.allSatisfy { $0 == 0 })
        #expect(stream.evaluations * 5 < stream.naiveEvaluations)
    }
}
