internal import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Direct access to libcmark's own output, for differential tests and
/// benchmarks: the oracle StreamMark's results are compared with.
///
/// Nothing here is used by the streaming engine or the renderers. It is
/// `package`, not public API: it must stay next to the C module (only this
/// target imports `CCmark`), and the tests and `streammark-bench`
/// (`cmark-oneshot`) use it.
package enum CmarkReference {
    /// Options of cmark's HTML renderer and parser.
    package struct Options: OptionSet, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }
        /// `CMARK_OPT_UNSAFE`: keep raw HTML and dangerous URLs.
        package static let unsafe = Options(rawValue: CMARK_OPT_UNSAFE)
        /// `CMARK_OPT_SMART`: smart punctuation.
        package static let smart = Options(rawValue: CMARK_OPT_SMART)
        /// `CMARK_OPT_HARDBREAKS`: render soft breaks as hard breaks.
        package static let hardBreaks = Options(rawValue: CMARK_OPT_HARDBREAKS)
        /// `CMARK_OPT_NOBREAKS`: render soft breaks as spaces.
        package static let noBreaks = Options(rawValue: CMARK_OPT_NOBREAKS)
        /// `CMARK_OPT_VALIDATE_UTF8`: replace invalid UTF-8 with U+FFFD.
        package static let validateUTF8 = Options(rawValue: CMARK_OPT_VALIDATE_UTF8)
    }

    /// `cmark_render_html(cmark_parse_document(bytes))`, as a string.
    ///
    /// - Complexity: O(n) in the length of `bytes`.
    package static func html(_ bytes: [UInt8], options: Options = []) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            guard let root = cmarkParseDocument(buffer, options: options.rawValue) else { return "" }
            defer { cmark_node_free(root) }
            guard let rendered = cmark_render_html(root, options.rawValue) else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }

    /// `cmark_render_html` for a string.
    package static func html(_ text: String, options: Options = []) -> String {
        html(Array(text.utf8), options: options)
    }

    /// Parses `bytes` with cmark and frees the tree without converting it:
    /// the floor a one-shot parse cannot beat. Returns the number of
    /// top-level blocks, so the work cannot be optimised away.
    package static func parseOnly(_ bytes: UnsafeBufferPointer<UInt8>, options: Options = []) -> Int {
        guard let root = cmarkParseDocument(bytes, options: options.rawValue) else { return 0 }
        defer { cmark_node_free(root) }
        var count = 0
        var node = cmark_node_first_child(root)
        while let current = node {
            count += 1
            node = cmark_node_next(current)
        }
        return count
    }

    /// The libcmark version string, for example `0.30.2`.
    package static var version: String { String(cString: cmark_version_string()) }
}
