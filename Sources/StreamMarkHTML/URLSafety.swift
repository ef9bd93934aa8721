/// cmark's URL rules for `href` and `src`: which bytes are written as they
/// are, and which URLs safe output drops.
enum URLSafety {
    /// Whether `houdini_escape_href` copies `byte` unchanged: ASCII letters
    /// and digits and `-_.+!*(),%#@?=;:/$~`. Every other byte is written as
    /// `%XX`, except `&` (`&amp;`) and `'` (`&#x27;`).
    static func isHrefSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"),
            UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: ","), UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "@"),
            UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ":"),
            UInt8(ascii: "/"), UInt8(ascii: "$"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// cmark's `_scan_dangerous_url`: whether `url` begins (ASCII
    /// case-insensitively) with `javascript:`, `vbscript:`, `file:` or
    /// `data:`, unless it begins with `data:image/png`, `data:image/gif`,
    /// `data:image/jpeg` or `data:image/webp`.
    static func isDangerous(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        func hasPrefix(_ prefix: String) -> Bool {
            let prefix = Array(prefix.utf8)
            guard url.count >= prefix.count else { return false }
            for (index, expected) in prefix.enumerated() {
                var byte = url[index]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
                if byte != expected { return false }
            }
            return true
        }
        for image in ["png", "gif", "jpeg", "webp"] where hasPrefix("data:image/" + image) {
            return false
        }
        return hasPrefix("javascript:") || hasPrefix("vbscript:") || hasPrefix("file:") || hasPrefix("data:")
    }
}
