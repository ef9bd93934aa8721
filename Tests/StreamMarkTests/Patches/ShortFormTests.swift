import Foundation
import StreamMarkTestSupport
import Testing

@testable import StreamMark

/// The short form of version 2 (arrays): every op, kind, inline and optional
/// field survives writer → decoder; bad lines are rejected with a message;
/// nesting far beyond `JSONDecoder`'s limit decodes.
@Suite struct ShortFormTests {
    /// Writes `deltas` with a version-2 writer and decodes them back.
    static func roundTrip(_ deltas: [DeltaPatch]) throws -> (decoded: [DeltaPatch], lines: [String]) {
        var writer = PatchStreamWriter(version: 2)
        for delta in deltas { writer.write(delta) }
        let text = String(decoding: writer.takeBytes(), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        var decoder = PatchStreamDecoder()
        var decoded: [DeltaPatch] = []
        for line in lines {
            if case .delta(let delta)? = try decoder.decode(line: Array(line.utf8)) { decoded.append(delta) }
        }
        return (decoded, lines)
    }

    static func leaf(_ id: BlockID, _ kind: BlockKind) -> Block { Block(id: id, kind: kind, range: 0..<0) }

    static var cell: TableCell { TableCell(inlines: [.text("c"), .code("x")], range: 0..<0) }

    // Computed, not stored: a lazily initialized static holding class-backed
    // arrays is reported by LeakSanitizer (scripts/sanitize.sh address).
    static var kinds: [BlockKind] {
        [
            .blockQuote, .thematicBreak, .item(task: nil), .item(task: .checked), .item(task: .unchecked),
            .list(ListAttributes(kind: .bullet, start: 1, delimiter: .none, tight: true)),
            .list(ListAttributes(kind: .bullet, start: 1, delimiter: .none, tight: false)),
            .list(ListAttributes(kind: .ordered, start: 1, delimiter: .period, tight: true)),
            .list(ListAttributes(kind: .ordered, start: 7, delimiter: .period, tight: true)),
            .list(ListAttributes(kind: .ordered, start: 1, delimiter: .paren, tight: false)),
            .list(ListAttributes(kind: .ordered, start: 0, delimiter: .paren, tight: true)),
            .codeBlock(CodeBlockAttributes(info: "", literal: "x\n", fenced: true)),
            .codeBlock(CodeBlockAttributes(info: "swift", literal: "", fenced: true)),
            .codeBlock(CodeBlockAttributes(info: "", literal: "  y\n", fenced: false)),
            .htmlBlock(literal: "<div>\n"), .paragraph(inlines: []), .paragraph(inlines: [.text("p")]),
            .heading(level: 1, inlines: []), .heading(level: 6, inlines: [.strong([.text("h")])]),
            .table(TableAttributes(alignments: [.none, .left, .center, .right], header: [cell, cell, cell, cell])),
            .tableRow(cells: [cell, TableCell(inlines: [], range: 0..<0)]),
        ]
    }

    static var inlines: [Inline] {
        [
            .text("plain \"quoted\" \\ \u{1} \u{1F} tab\t 😀 é"), .softBreak, .lineBreak, .code("c`"), .html("<b>"),
            .emphasis([.text("e"), .strong([.text("s")])]), .strikethrough([]),
            .link(destination: "https://a.b/?q=1&x", title: "t", children: [.text("l"), .code("c")]),
            .image(source: "i.png", title: "", children: [.text("alt")]),
        ]
    }

    static var ids: [BlockID] {
        [
            "e0", "e12", "e0.list", "e345.list", "doc", "e812+2", "t40:sku-1", "e007", "e", "e1.list.list",
        ]
    }

    @Test func everyOpKindInlineAndIdRoundTrips() throws {
        var deltas: [DeltaPatch] = []
        for (i, kind) in Self.kinds.enumerated() {
            let id = Self.ids[i % Self.ids.count]
            deltas.append(.insert(parent: .document, index: i % 3 == 0 ? nil : i, block: Self.leaf(id, kind)))
            deltas.append(.update(id: id, kind: kind))
        }
        let nested = Block(
            id: "e1.list", kind: Self.kinds[5], range: 0..<0,
            children: [
                Block(
                    id: "e1", kind: .item(task: nil), range: 0..<0,
                    children: [Self.leaf("e3", .paragraph(inlines: Self.inlines))])
            ])
        deltas += [
            .insert(parent: "e9", index: nil, block: nested),
            .retype(id: "e3", kind: .heading(level: 3, inlines: [])), .retype(id: "e3", kind: .paragraph(inlines: [])),
            .remove(id: "e0.list"), .move(id: "t40:sku-1", parent: "t0", index: 2), .close(id: "e12"),
            .append(id: "e3", cell: nil, drop: 0, before: 0, text: "x"),
            .append(id: "e4", cell: nil, drop: 2, before: 0, text: "&"),
            .append(id: "e5", cell: nil, drop: 0, before: 1, text: "y\n"),
            .append(id: "e6", cell: 2, drop: 0, before: 0, text: "z"),
            .splice(id: "e3", cell: nil, keep: 1, inlines: Self.inlines),
            .splice(id: "e6", cell: 0, keep: 0, inlines: []),
        ]
        let (decoded, lines) = try Self.roundTrip(deltas)
        #expect(decoded == deltas)
        // Each op is one array line (no continuation here: no append follows its target).
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("[") })
    }

    /// Source ids are written relative to the one before (`2 × (N − R)`,
    /// plus 1 for a list), other ids as strings that leave the register.
    @Test func sourceIdsAreRelativeNumbers() throws {
        let (decoded, lines) = try Self.roundTrip([
            .close(id: "e0"), .close(id: "e345.list"), .close(id: "e007"), .close(id: "doc"), .close(id: "e12"),
            .close(id: "e12.list"), .close(id: "e999999999999999"),
        ])
        #expect(
            Array(lines.dropFirst()) == [
                "[3,0]", "[3,691]", #"[3,"e007"]"#, #"[3,"doc"]"#, "[3,-666]", "[3,1]", "[3,1999999999999974]",
            ])
        #expect(decoded.map(\.id) == ["e0", "e345.list", "e007", "doc", "e12", "e12.list", "e999999999999999"])
    }

    /// A line that fails after reading an id leaves the register as it was,
    /// as the web client's reader does: the next id counts from before it.
    @Test func aBadLineLeavesTheRegister() throws {
        var decoder = PatchStreamDecoder()
        _ = try decoder.decode(line: Array(#"{"v":2}"#.utf8))
        #expect(throws: PatchStreamError.self) { _ = try decoder.decode(line: Array("[3,20,1]".utf8)) }
        #expect(try decoder.decode(line: Array("[3,0]".utf8)) == .delta(.close(id: "e0")))
    }

    /// Random op sequences (seeded) over a small pool of ids, so that ids
    /// jump back and forth and updates, retypes and splices often name the
    /// continuation target (and go without their id), survive writer →
    /// decoder exactly.
    @Test(arguments: [UInt64(11), 12, 13])
    func randomOpSequencesRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pool: [BlockID] = ["e0", "e3", "e3.list", "e17", "e250", "e250.list", "e999999999999999", "doc", "t4:a"]
        var last: BlockID = "e0"
        func id() -> BlockID {
            let id = Bool.random(using: &random) ? last : pool.randomElement(using: &random)!
            last = id
            return id
        }
        func count(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }
        let kinds = Self.kinds
        let cell = [nil, 0, 2]
        var deltas: [DeltaPatch] = []
        for _ in 0..<2_000 {
            switch count(0..<8) {
            case 0:
                let child = Self.leaf(id(), .paragraph(inlines: [.text("c")]))
                let block = Block(
                    id: id(), kind: .blockQuote, range: 0..<0, children: count(0..<2) == 0 ? [] : [child])
                deltas.append(.insert(parent: id(), index: count(0..<2) == 0 ? nil : count(0..<9), block: block))
            case 1: deltas.append(.remove(id: id()))
            case 2: deltas.append(.move(id: id(), parent: id(), index: count(0..<9)))
            case 3: deltas.append(.close(id: id()))
            case 4: deltas.append(.update(id: id(), kind: kinds.randomElement(using: &random)!))
            case 5:
                let level = count(0..<7)
                let kind: BlockKind = level == 0 ? .paragraph(inlines: []) : .heading(level: level, inlines: [])
                deltas.append(.retype(id: id(), kind: kind))
            case 6:
                deltas.append(
                    .append(
                        id: id(), cell: cell.randomElement(using: &random)!, drop: count(0..<2), before: count(0..<2),
                        text: ["x", "é\n", "\""].randomElement(using: &random)!))
            default:
                deltas.append(
                    .splice(
                        id: id(), cell: cell.randomElement(using: &random)!, keep: count(0..<3),
                        inlines: Array(Self.inlines.prefix(count(0..<3)))))
            }
        }
        let (decoded, lines) = try Self.roundTrip(deltas)
        #expect(decoded == deltas)
        // Every form was written: id-less update, retype and splice, and continuations.
        let shapes = Set(
            lines.dropFirst().map { line -> String in
                guard let array = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any] else {
                    return "text"
                }
                return "\(array[0]):\(array.count)"
            })
        #expect(shapes.isSuperset(of: ["4:2", "4:3", "5:2", "5:3", "7:3", "7:4", "7:5", "text"]), "\(shapes.sorted())")
    }

    /// Random inline trees (seeded) survive the round trip.
    @Test(arguments: [UInt64(1), 2, 3])
    func randomInlineTreesRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func tree(_ depth: Int) -> Inline {
            let texts = ["a", "\"", "\\", "\u{0}", "é", "😀", "\n", "<&>", ""]
            switch depth == 0 ? Int.random(in: 0..<5, using: &random) : Int.random(in: 0..<10, using: &random) {
            case 0: return .text(texts.randomElement(using: &random)! + texts.randomElement(using: &random)!)
            case 1: return .softBreak
            case 2: return .lineBreak
            case 3: return .code(texts.randomElement(using: &random)!)
            case 4: return .html(texts.randomElement(using: &random)!)
            case 5: return .emphasis((0..<Int.random(in: 0..<3, using: &random)).map { _ in tree(depth - 1) })
            case 6: return .strong((0..<Int.random(in: 0..<3, using: &random)).map { _ in tree(depth - 1) })
            case 7: return .strikethrough([tree(depth - 1)])
            case 8:
                return .link(destination: texts.randomElement(using: &random)!, title: "t", children: [tree(depth - 1)])
            default:
                return .image(source: "s", title: texts.randomElement(using: &random)!, children: [tree(depth - 1)])
            }
        }
        let deltas = (0..<200).map { i in
            DeltaPatch.splice(
                id: .source(i), cell: i % 2 == 0 ? nil : i % 5, keep: i % 4, inlines: (0..<3).map { _ in tree(4) })
        }
        #expect(try Self.roundTrip(deltas).decoded == deltas)
    }

    /// A line nested `ShortForm.maximumDepth` (512) deep is written, read and
    /// destroyed on a 512 KiB stack (a secondary thread's default on macOS).
    @Test func deepNestingDecodesOnASmallStack() throws {
        // The line's arrays: the op, the inline list, then one per emphasis.
        let levels = ShortForm.maximumDepth - 2
        let result = LargeStack.run(stackSize: 512 << 10) { () -> Bool in
            var inline = Inline.text("x")
            for _ in 0..<levels { inline = .emphasis([inline]) }
            let delta = DeltaPatch.splice(id: "e0", cell: nil, keep: 0, inlines: [inline])
            return (try? Self.roundTrip([delta]).decoded == [delta]) ?? false
        }
        #expect(result)
    }

    /// One level deeper is refused with an error, not a crash.
    @Test func tooDeepALineIsRejected() throws {
        let levels = ShortForm.maximumDepth - 1
        let line =
            #"[7,0,0,["# + String(repeating: #"["i","#, count: levels) + #""x""#
            + String(repeating: "]", count: levels) + "]]"
        var decoder = PatchStreamDecoder()
        _ = try decoder.decode(line: Array(#"{"v":2}"#.utf8))
        let error = #expect(throws: PatchStreamError.self) { _ = try decoder.decode(line: Array(line.utf8)) }
        #expect(error?.description.contains("nested deeper than 512") == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        #"["zap",0]"#, #"["c",0]"#, #"["+","doc",[0,["p",["a"]]]]"#, #"[]"#, #"[8,2]"#, #"[-1,2]"#, #"[3]"#,
        #"[3,0,1]"#, #"[3,1.5]"#, #"[3,true]"#, #"[3,-2]"#, #"[3,4000000000000000]"#, #"[0,"doc",[0]]"#,
        #"[0,"doc",[0,99]]"#, #"[0,"doc",[0,"p"]]"#, #"[0,"doc",[0,[0,[["blink"]]]]]"#, #"[0,"doc",[0,[0,[2]]]]"#,
        #"[0,"doc",[0,0],-1]"#, #"[6,0]"#, #"[6,0,"x",-1]"#, #"[7,0,0,[],1,2]"#, #"[4,0,[14,7,[]]]"#,
        #"[4,0,[14,"nq",[[]]]]"#, #"[4,0,[10,true,1,"]"]]"#, #"[4,0,[8,"x"]]"#, #"[4,0,[7,1]]"#, #"[3,0"#,
        #"[3,0]x"#, #"[3,"\ud800"]"#, "[3,\"a\u{1}\"]", #"[3,01]"#, #"[4,0,[17,[]]]"#,
        // Ops that leave the id out need a continuation target (none after the header).
        #"[4,0]"#, #"[5,2]"#, #"[7,0,[]]"#,
        // A retype's tag is a paragraph's or a heading's, alone.
        #"[5,0,7]"#, #"[5,0,[2,[]]]"#,
    ])
    func badShortLinesAreRejected(_ line: String) throws {
        var decoder = PatchStreamDecoder()
        _ = try decoder.decode(line: Array(#"{"v":2}"#.utf8))
        #expect(throws: PatchStreamError.self) { _ = try decoder.decode(line: Array(line.utf8)) }
    }

    /// Text after an insert goes to the inserted block's last leaf.
    @Test func continuationAfterAnInsertTargetsTheLastLeaf() throws {
        var document = StreamingDocument()
        var writer = PatchStreamWriter()
        writer.write(document.append("- a"))
        writer.write(document.append("bc"))
        let lines = String(decoding: writer.takeBytes(), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines == [#"{"v":2}"#, #"[0,"doc",[1,9,[[0,8,[[4,[0,["a"]]]]]]]]"#, #""bc""#])
        var client = PatchStreamClient()
        for line in lines { try client.apply(line: Array(line.utf8)) }
        #expect(client.root == document.root.removingRanges())
    }
}
