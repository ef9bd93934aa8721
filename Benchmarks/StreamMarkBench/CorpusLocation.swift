import Foundation

/// Where the repository's `Corpus` folder is.
enum CorpusLocation {
    /// The repository root: the current directory if it holds `Corpus/`,
    /// otherwise the root this source file was compiled from.
    static var repositoryRoot: URL {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if FileManager.default.fileExists(atPath: current.appendingPathComponent("Corpus/llm").path) { return current }
        // …/Benchmarks/StreamMarkBench/CorpusLocation.swift → …
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `Corpus/<folder>` of the repository.
    static func folder(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Corpus").appendingPathComponent(name)
    }

    /// The `.md` files directly inside a folder, sorted by name.
    static func markdownFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
