import Foundation

/// Formats records as a plain-text table (terminal) or Markdown table.
enum TableFormatter {
    /// Column titles of the per-record table.
    static let columns = [
        "document", "KB", "system", "chunk", "total ms", "MB/s", "mean µs", "p50 µs", "p90 µs", "p99 µs", "max µs",
        "cmark B/append", "patches/append", "renders/append", "note",
    ]

    /// The cells of one record. An extrapolated total is marked `~` and
    /// `(extrapolated)` in the note.
    static func cells(_ record: BenchmarkRecord) -> [String] {
        let latency = record.latency
        return [
            record.document,
            number(Double(record.bytes) / 1024, digits: 1),
            record.system,
            record.chunking,
            (record.extrapolated ? "~" : "") + number(record.estimatedSeconds * 1000, digits: 2),
            (record.extrapolated ? "~" : "") + number(record.megabytesPerSecond, digits: 2),
            latency.map { number($0.mean, digits: 2) } ?? "",
            latency.map { number($0.p50, digits: 2) } ?? "",
            latency.map { number($0.p90, digits: 2) } ?? "",
            latency.map { number($0.p99, digits: 2) } ?? "",
            latency.map { number($0.max, digits: 1) } ?? "",
            record.parsedBytesPerAppend.map { number($0, digits: 0) } ?? "",
            record.patchesPerAppend.map { number($0, digits: 2) } ?? "",
            record.rendersPerAppend.map { number($0, digits: 2) } ?? "",
            record.extrapolated
                ? "extrapolated: measured \(record.measuredAppends) of \(record.appends) appends"
                : (record.peakMemoryBytes.map { "peak \(number(Double($0) / 1_048_576, digits: 1)) MB" } ?? ""),
        ]
    }

    /// Fixed-width text rows: pads every column to its widest cell.
    static func text(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        var widths = Array(repeating: 0, count: first.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            row.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 || index == 2 || index == row.count - 1 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingTrailingSpaces
        }.joined(separator: "\n")
    }

    /// A Markdown pipe table.
    static func markdown(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        var lines = ["| " + header.joined(separator: " | ") + " |"]
        lines.append("|" + header.map { _ in " --- |" }.joined())
        for row in rows.dropFirst() {
            lines.append(
                "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// A number with a fixed count of decimals.
    static func number(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
