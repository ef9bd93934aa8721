/// The opt-in `display` line of the patch stream (`docs/provisional.md`,
/// "In the patch stream"): the open block's provisional display, for
/// clients that do not complete markup themselves.
///
/// ```json
/// ["d","e40",[["e40",[0,["Here is ",["b","bold te"]]]]]]   (version 2)
/// ["d","e40",null]
/// {"v":1,"op":"display","id":"e40","blocks":[…]}      (version 1)
/// ```
///
/// Blocks use the stream's own block encoding (version 2: the short form,
/// no ranges, ids as strings so that the line leaves the stream's id
/// register alone; version 1: objects with ranges). A
/// display line stands for block `id` until the next display line, a line
/// with `"blocks":null`, or a `close`/`remove` of `id`; the client then
/// shows the truth again. It never changes the client's tree and does not
/// change the continuation target of version 2.
public enum DisplayLine {
    /// One NDJSON line (with its `\n`) announcing `blocks` in place of `id`,
    /// or the end of the display of `id` when `blocks` is `nil`.
    ///
    /// - Complexity: O(size of the blocks).
    public static func encode(id: BlockID, blocks: [Block]?, version: Int) -> [UInt8] {
        var json = JSONWriter()
        if version == 1 {
            json.raw(#"{"v":1,"op":"display","id":"#)
            json.id(id)
            json.raw(#","blocks":"#)
        } else {
            json.raw(#"["d","#)
            json.id(id)
            json.byte(UInt8(ascii: ","))
        }
        if let blocks {
            var strings: IDRegister? = nil
            json.array(blocks) { json, block in
                version == 1 ? json.blockV1(block) : json.shortBlock(block, ids: &strings)
            }
        } else {
            json.raw("null")
        }
        json.raw(version == 1 ? "}\n" : "]\n")
        return json.bytes
    }
}
