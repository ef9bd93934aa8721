import Foundation
import StreamMark
import StreamMarkOptions

/// `streammark-bench flicker [--cost-only] [FILES...]`: the provisional display (issue 13).
/// For every Corpus answer (or FILES), streamed one byte at a time (every
/// prefix), with ``FlickerMeter``:
///
/// - visible characters shown and then withdrawn, with the truth shown and
///   with the provisional display shown, total and per KB of input
///   (`docs/provisional.md`, "Flicker");
/// - the display's cost: bytes of completed open-block text parsed per
///   append (mean and largest, from ``StreamingDocument/Statistics``) and
///   the time of `provisionalDisplay()` per append (mean, largest), measured
///   apart from the engine's append.
enum FlickerCommand {
    struct Row {
        var name: String
        var flicker: FlickerMeter.Result
        var displayBytes = 0
        var maxDisplayBytes = 0
        var appends = 0
        var nanoseconds: UInt64 = 0
        var maxNanoseconds: UInt64 = 0
    }

    /// The one-line usage.
    static let usage = "usage: streammark-bench flicker [--cost-only] [FILES...]"

    /// Parses the arguments and measures; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        UsageError.run(usage: usage) { () throws(OptionError) -> Int32 in
            // `--cost-only`: the display's cost without the flicker meter (whose
            // visible-text comparison is quadratic in one huge open block, such
            // as the generated 100 KB list).
            var costOnly = false
            var paths: [String] = []
            var scanner = OptionScanner(arguments)
            while let argument = try scanner.next() {
                switch argument {
                case .option("--cost-only"): costOnly = true
                case .option("--help"), .option("-h"): throw .help
                case .operand(let path): paths.append(path)
                case .option: throw scanner.unknownOption()
                }
            }
            return run(paths: paths, costOnly: costOnly)
        }
    }

    /// Measures every file (default: the Corpus answers); returns the exit status.
    static func run(paths: [String], costOnly: Bool) -> Int32 {
        let files = paths.isEmpty ? CorpusLocation.markdownFiles(in: CorpusLocation.folder("llm")).map(\.path) : paths
        var rows: [Row] = []
        for file in files {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(file)
            } catch {
                return UsageError.cannotRead(error)
            }
            rows.append(measure(name: URL(fileURLWithPath: file).lastPathComponent, bytes: bytes, flicker: !costOnly))
        }
        print(table(rows))
        return 0
    }

    static func measure(name: String, bytes: [UInt8], flicker: Bool = true) -> Row {
        let result = flicker ? FlickerMeter().measure(bytes) : FlickerMeter.Result(bytes: bytes.count)
        var row = Row(name: name, flicker: result)
        var document = StreamingDocument()
        for byte in bytes {
            document.append(bytes: CollectionOfOne(byte))
            let start = Clock.now()
            _ = document.provisionalDisplay()
            let elapsed = Clock.now() - start
            row.appends += 1
            row.nanoseconds += elapsed
            row.maxNanoseconds = max(row.maxNanoseconds, elapsed)
            row.maxDisplayBytes = max(row.maxDisplayBytes, document.statistics.lastDisplayParsedBytes)
        }
        row.displayBytes = document.statistics.totalDisplayParsedBytes
        return row
    }

    static func table(_ rows: [Row]) -> String {
        var out =
            "| answer | KB | withdrawn (truth) | withdrawn (display) | per KB truth → display | display parse B/append (mean, max) | display µs/append (mean, max) |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|\n"
        var total = Row(name: "**all**", flicker: FlickerMeter.Result())
        for row in rows {
            out += line(row)
            total.flicker.bytes += row.flicker.bytes
            total.flicker.truthWithdrawn += row.flicker.truthWithdrawn
            total.flicker.displayWithdrawn += row.flicker.displayWithdrawn
            total.displayBytes += row.displayBytes
            total.maxDisplayBytes = max(total.maxDisplayBytes, row.maxDisplayBytes)
            total.appends += row.appends
            total.nanoseconds += row.nanoseconds
            total.maxNanoseconds = max(total.maxNanoseconds, row.maxNanoseconds)
        }
        out += line(total)
        return out
    }

    static func line(_ row: Row) -> String {
        let f = row.flicker
        let appends = max(1, row.appends)
        let kilobytes = String(format: "%.1f", Double(f.bytes) / 1024)
        let perKB = String(format: "%.1f → %.1f", f.perKilobyte(f.truthWithdrawn), f.perKilobyte(f.displayWithdrawn))
        let parse = String(format: "%.0f, %d", Double(row.displayBytes) / Double(appends), row.maxDisplayBytes)
        let time = String(
            format: "%.1f, %.0f", Double(row.nanoseconds) / Double(appends) / 1000, Double(row.maxNanoseconds) / 1000)
        return
            "| \(row.name) | \(kilobytes) | \(f.truthWithdrawn) | \(f.displayWithdrawn) | \(perKB) | \(parse) | \(time) |\n"
    }
}
