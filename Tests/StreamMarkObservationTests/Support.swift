import Foundation
import StreamMark

/// Corpus paths and chunking for the observation tests.
enum Support {
    /// The repository root, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The names of the Corpus/llm answers, sorted.
    static let corpusNames: [String] = {
        let directory = root.appendingPathComponent("Corpus/llm")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted()
    }()

    /// The bytes of a Corpus/llm answer.
    static func corpus(_ name: String) -> [UInt8] {
        let url = root.appendingPathComponent("Corpus/llm").appendingPathComponent(name)
        return (try? [UInt8](Data(contentsOf: url))) ?? []
    }

    /// `bytes` cut into chunks of `size`.
    static func chunks(_ bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
        stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min(bytes.count, $0 + size)] }
    }

    /// What a block view reads, per id: the value and the children's ids.
    struct Viewed: Equatable {
        var value: BlockValue
        var childIDs: [BlockID]
    }

    /// Every block of a tree (the document excluded) by id, as a view sees it.
    static func viewed(_ root: Block) -> [BlockID: Viewed] {
        var result: [BlockID: Viewed] = [:]
        root.forEach { block in
            guard block.id != .document else { return }
            result[block.id] = Viewed(value: block.value, childIDs: block.children.map(\.id))
        }
        return result
    }

    /// The ids removed by a batch of patches (with their subtrees, found in
    /// the tree before the batch).
    static func removedIDs(_ patches: [Patch], before: Block) -> Set<BlockID> {
        var removed = Set<BlockID>()
        var subtrees: [BlockID: Block] = [:]
        before.forEach { subtrees[$0.id] = $0 }
        for patch in patches {
            guard case .remove(let id) = patch else { continue }
            subtrees[id]?.forEach { removed.insert($0.id) }
            removed.insert(id)
        }
        return removed
    }
}
