import Foundation
import StreamMark

@testable import StreamMarkTerminal

/// Paths and inputs shared by the terminal tests.
enum TestSupport {
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

    /// Removes CSI and OSC escape sequences.
    static func strippingEscapes(_ text: String) -> String {
        var out = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\u{1B}" else {
                out.append(character)
                continue
            }
            guard let kind = iterator.next() else { break }
            if kind == "[" {
                while let c = iterator.next() {
                    if let ascii = c.asciiValue, (0x40...0x7E).contains(ascii) { break }
                }
            } else if kind == "]" {
                while let c = iterator.next() {
                    if c == "\u{07}" { break }
                    if c == "\u{1B}" {
                        _ = iterator.next()
                        break
                    }
                }
            }
        }
        return out
    }
}
