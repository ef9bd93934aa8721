import Foundation
import StreamMark
import StreamMarkHTML
import Testing

/// GitHub's implementation as the oracle: the `cmark-gfm` command
/// (CommonMark 0.29 + GitHub extensions), run with the four extensions.
enum GFMOracle {
    /// Where `cmark-gfm` is, or `nil` if it is not installed.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let url = URL(fileURLWithPath: folder).appendingPathComponent("cmark-gfm")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }()

    /// The four extensions and `footnotes` (an option bit for cmark-gfm,
    /// in any order): the footnote differential's oracle, beside
    /// ``footnoteOptions`` on our side.
    static let withFootnotes = ["footnotes", "table", "strikethrough", "autolink", "tasklist"]

    /// Our extensions matching ``withFootnotes``.
    static let footnoteOptions: ParseOptions.Extensions = [.gfm, .footnotes]

    /// cmark-gfm's HTML for `markdown` with the given extensions (safe output).
    static func html(
        _ markdown: [UInt8], extensions: [String] = ["table", "strikethrough", "autolink", "tasklist"],
        smart: Bool = false
    ) throws -> String {
        try output(markdown, arguments: extensions.flatMap { ["-e", $0] } + (smart ? ["--smart"] : []))
    }

    /// What `cmark-gfm` with `arguments` writes for `markdown`.
    static func output(_ markdown: [UInt8], arguments: [String]) throws -> String {
        guard let executable else { throw OracleError.missing }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Write from another thread so a large output cannot deadlock.
        let writer = input.fileHandleForWriting
        let data = Data(markdown)
        let thread = Thread {
            writer.write(data)
            try? writer.close()
        }
        thread.start()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw OracleError.failed(process.terminationStatus) }
        return String(decoding: result, as: UTF8.self)
    }

    /// Our HTML with the given extensions.
    static func ours(_ markdown: [UInt8], extensions: ParseOptions.Extensions = .gfm, smart: Bool = false) -> String {
        let tree = MarkdownParser(options: ParseOptions(smartPunctuation: smart, extensions: extensions))
            .parse(bytes: markdown)
        return HTMLRenderer().render(tree)
    }

    /// Both renderings of `markdown` with the four extensions: ours and
    /// cmark-gfm's.
    static func both(_ markdown: String) throws -> (ours: String, theirs: String) {
        let bytes = Array(markdown.utf8)
        return (ours(bytes), try html(bytes))
    }

    /// Expects every document `document` makes of `seeds` to render, with
    /// footnotes on, as cmark-gfm renders it (``withFootnotes``): a seeded
    /// differential. The failure names how many differ, and the first.
    static func expectMatchWithFootnotes(
        seeds: Range<UInt64>, _ document: (UInt64) -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var failures: [String] = []
        for seed in seeds {
            let markdown = Array(document(seed).utf8)
            if ours(markdown, extensions: footnoteOptions) != (try html(markdown, extensions: withFootnotes)) {
                failures.append(document(seed))
            }
        }
        #expect(
            failures.isEmpty,
            "\(failures.count) of \(seeds.count) differ; first: \(failures.first?.debugDescription ?? "")",
            sourceLocation: sourceLocation)
    }

    /// Expects `markdown` to render, with the four extensions, as cmark-gfm
    /// renders it; the failure names the first difference.
    static func expectMatch(_ markdown: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (ours, theirs) = try both(markdown)
        #expect(
            ours == theirs, "\(markdown.debugDescription): \(GFMDifferentialTests.firstDifference(ours, theirs))",
            sourceLocation: sourceLocation)
    }

    /// Expects every document `document` makes of `seeds` to render, with
    /// the four extensions, as cmark-gfm renders it; the failure names how
    /// many differ, and the first.
    static func expectMatch(
        seeds: some Sequence<Int>, _ document: (Int) -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var failures: [String] = []
        var count = 0
        for seed in seeds {
            count += 1
            let markdown = document(seed)
            let (ours, theirs) = try both(markdown)
            if ours != theirs { failures.append(markdown) }
        }
        #expect(
            failures.isEmpty, "\(failures.count) of \(count) differ; first: \(failures.first?.debugDescription ?? "")",
            sourceLocation: sourceLocation)
    }

    /// The extension constructs of an HTML string, in order: every table,
    /// `<del>` element, task checkbox and link start tag. Used where core
    /// CommonMark 0.29 and 0.30 differ elsewhere in the same input.
    static func extensionConstructs(_ html: String) -> [String] {
        var result: [String] = []
        let scalars = Array(html.unicodeScalars)
        var i = 0
        func starts(_ s: String, _ at: Int) -> Bool {
            let pattern = Array(s.unicodeScalars)
            return at + pattern.count <= scalars.count && Array(scalars[at..<at + pattern.count]) == pattern
        }
        func capture(from start: Int, through end: String) -> Int {
            var j = start
            while j < scalars.count, !starts(end, j) { j += 1 }
            let stop = min(scalars.count, j + end.unicodeScalars.count)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start..<stop])
            result.append(String(view))
            return stop
        }
        while i < scalars.count {
            if starts("<table>", i) {
                i = capture(from: i, through: "</table>")
            } else if starts("<del>", i) {
                i = capture(from: i, through: "</del>")
            } else if starts("<input ", i) || starts("<a href=", i) {
                i = capture(from: i, through: ">")
            } else {
                i += 1
            }
        }
        return result
    }

    enum OracleError: Error, CustomStringConvertible {
        case missing
        case failed(Int32)

        var description: String {
            switch self {
            case .missing: "cmark-gfm is not installed (apt-get install cmark-gfm)"
            case .failed(let status): "cmark-gfm exited with status \(status)"
            }
        }
    }
}
