import StreamMark

extension HTMLWriter {
    /// A GitHub table as cmark-gfm's table extension writes it: `<thead>`
    /// with the header row, `<tbody>` only when there are body rows, and an
    /// `align` attribute on every cell of an aligned column. Every row has
    /// exactly as many cells as the header: missing cells are written
    /// empty, extra cells are dropped (as cmark-gfm does).
    mutating func writeTable(_ table: TableAttributes, rows: [Block]) {
        let columns = table.header.count
        cr()
        put("<table>")
        cr()
        put("<thead>")
        cr()
        put("<tr>")
        writeCells(table.header, columns: columns, alignments: table.alignments, header: true)
        cr()
        put("</tr>")
        cr()
        put("</thead>")
        var bodyOpen = false
        for row in rows {
            guard case .tableRow(let cells) = row.kind else { continue }
            cr()
            if !bodyOpen {
                put("<tbody>")
                cr()
                bodyOpen = true
            }
            put("<tr>")
            writeCells(cells, columns: columns, alignments: table.alignments, header: false)
            cr()
            put("</tr>")
        }
        if bodyOpen {
            cr()
            put("</tbody>")
            cr()
        }
        cr()
        put("</table>")
        cr()
    }

    /// A table row rendered on its own, outside its table (its column
    /// alignments are unknown): `<tr>` with one `<td>` per cell.
    mutating func writeStandaloneRow(_ cells: [TableCell]) {
        cr()
        put("<tr>")
        writeCells(cells, columns: cells.count, alignments: [], header: false)
        cr()
        put("</tr>")
        cr()
    }

    private mutating func writeCells(
        _ cells: [TableCell], columns: Int, alignments: [TableAlignment], header: Bool
    ) {
        for column in 0..<columns {
            cr()
            put(header ? "<th" : "<td")
            switch column < alignments.count ? alignments[column] : .none {
            case .left: put(" align=\"left\"")
            case .center: put(" align=\"center\"")
            case .right: put(" align=\"right\"")
            case .none: break
            }
            put(">")
            if column < cells.count { writeInlines(cells[column].inlines) }
            put(header ? "</th>" : "</td>")
        }
    }
}
