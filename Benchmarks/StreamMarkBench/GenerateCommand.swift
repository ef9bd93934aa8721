import Foundation
import StreamMarkOptions

/// `streammark-bench generate [--out DIR] [--scale small|full] [--check]`.
///
/// Writes the full-size documents into DIR (default `Corpus/generated`) and
/// the small ones into DIR/small. `--check` regenerates into a temporary
/// folder and compares byte for byte with `Corpus/generated`.
enum GenerateCommand {
    /// The one-line usage.
    static let usage = "usage: streammark-bench generate [--out DIR] [--scale small|full] [--check]"

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        UsageError.run(usage: usage) { () throws(OptionError) -> Int32 in
            var out = CorpusLocation.folder("generated")
            var scales = CorpusGenerator.Scale.allCases
            var check = false
            var scanner = OptionScanner(arguments)
            while let argument = try scanner.next() {
                switch argument {
                case .option("--out"): out = URL(fileURLWithPath: try scanner.value())
                case .option("--scale"): scales = [try scanner.choice()]
                case .option("--check"): check = true
                case .option("--help"), .option("-h"): throw .help
                case .operand(let operand): throw OptionError("unexpected argument \(OptionError.quoted(operand))")
                case .option: throw scanner.unknownOption()
                }
            }
            return run(out: out, scales: scales, check: check)
        }
    }

    /// Writes (or with `check`, compares) the documents of `scales`.
    static func run(out: URL, scales: [CorpusGenerator.Scale], check: Bool) -> Int32 {
        if check { return self.check(against: CorpusLocation.folder("generated"), scales: scales) }
        do {
            for scale in scales {
                let folder = self.folder(out, scale)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for document in CorpusGenerator.documents(scale: scale) {
                    try Data(document.text.utf8).write(to: folder.appendingPathComponent(document.name))
                    print("wrote \(folder.lastPathComponent)/\(document.name) (\(document.text.utf8.count) bytes)")
                }
            }
        } catch {
            FileHandle.standardError.write(Data("streammark-bench: generate: \(error)\n".utf8))
            return 1
        }
        return 0
    }

    /// Compares freshly generated documents with the committed ones,
    /// reporting missing, extra and different files.
    static func check(against committed: URL, scales: [CorpusGenerator.Scale]) -> Int32 {
        var problems: [String] = []
        for scale in scales {
            let folder = self.folder(committed, scale)
            let documents = CorpusGenerator.documents(scale: scale)
            for document in documents {
                let path = folder.appendingPathComponent(document.name)
                guard let data = FileManager.default.contents(atPath: path.path) else {
                    problems.append("missing \(path.path)")
                    continue
                }
                let expected = Array(document.text.utf8)
                if Array(data) != expected {
                    let firstDifference = zip(Array(data), expected).enumerated().first {
                        $0.element.0 != $0.element.1
                    }?.offset
                    problems.append(
                        "differs \(path.path): \(data.count) bytes committed, \(expected.count) generated, "
                            + "first difference at byte \(firstDifference ?? min(data.count, expected.count))")
                }
            }
            let names = Set(documents.map(\.name))
            for file in CorpusLocation.markdownFiles(in: folder) where !names.contains(file.lastPathComponent) {
                problems.append("not made by the generator: \(file.path)")
            }
        }
        for problem in problems { print(problem) }
        print(
            problems.isEmpty ? "generate --check: Corpus/generated matches the generator" : "generate --check: FAILED")
        return problems.isEmpty ? 0 : 1
    }

    /// DIR for the full scale, DIR/small for the small one.
    static func folder(_ base: URL, _ scale: CorpusGenerator.Scale) -> URL {
        scale == .full ? base : base.appendingPathComponent("small")
    }
}
