import Foundation

/// The model answers of `Corpus/llm`, for tests that stream real text.
public enum CorpusAnswers {
    /// The repository root, found from this file's path.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The file names of the answers, sorted.
    public static let names: [String] = {
        let directory = root.appendingPathComponent("Corpus/llm")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted()
    }()

    /// The bytes of the answer `name` (empty if it cannot be read).
    public static func bytes(_ name: String) -> [UInt8] {
        let url = root.appendingPathComponent("Corpus/llm").appendingPathComponent(name)
        return (try? [UInt8](Data(contentsOf: url))) ?? []
    }

    /// `bytes` cut into chunks of `size`.
    public static func chunks(_ bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
        stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min(bytes.count, $0 + size)] }
    }
}
