import Foundation
import StreamMark
import StreamMarkTestSupport

/// Paths of the repository's test data, found from this file's location.
enum CorpusFiles {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let corpus = root.appendingPathComponent("Corpus")

    static func bytes(_ relativePath: String) -> [UInt8] {
        let url = corpus.appendingPathComponent(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            fatalError("missing corpus file \(url.path)")
        }
        return [UInt8](data)
    }

    /// Every `.md` file under `Corpus/`, as paths relative to it, sorted.
    static func markdownFiles(under folder: String = "") -> [String] {
        let base = corpus.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var result: [String] = []
        for case let path as String in enumerator where path.hasSuffix(".md") && !path.hasSuffix("README.md") {
            result.append(folder.isEmpty ? path : folder + "/" + path)
        }
        return result.sorted()
    }

    static func specExamples(_ file: String) -> [SpecExample] {
        SpecExample.examples(in: String(decoding: bytes(file), as: UTF8.self))
    }
}
