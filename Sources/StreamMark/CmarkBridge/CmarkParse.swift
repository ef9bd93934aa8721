internal import CCmark

/// `cmark_parse_document` over a byte buffer (empty buffers included). The
/// caller owns the returned tree and must `cmark_node_free` it.
func cmarkParseDocument(_ bytes: UnsafeBufferPointer<UInt8>, options: Int32) -> OpaquePointer? {
    if let base = bytes.baseAddress, bytes.count > 0 {
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            cmark_parse_document($0, bytes.count, options)
        }
    }
    return cmark_parse_document("", 0, options)
}
