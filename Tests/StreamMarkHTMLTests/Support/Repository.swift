import Foundation

/// Paths of the repository the tests run in, found from this file's path.
enum Repository {
    /// The repository root (the folder holding `Package.swift`).
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Corpus/` in the repository.
    static var corpus: URL { root.appendingPathComponent("Corpus").resolvingSymlinksInPath() }

    /// The bytes of a file under the repository root.
    static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(relativePath)))
    }
}
