/// GitHub's extended autolinks (`www.`, `http://`, `https://`, `ftp://`,
/// e-mail addresses), scanned as the `cmark-gfm` 0.29.0.gfm.6 that Debian
/// ships scans them (its autolink extension carries later upstream fixes:
/// `mailto:`/`xmpp:` prefixes, the long-domain underscore guard): same
/// domain check, trailing punctuation, parenthesis balance and `&entity;`
/// rules.
///
/// Scanning works on one text node; `data` is the node's bytes from the
/// trigger position plus, when the node is followed by more inline content,
/// one byte standing for that content (never part of a link).
enum AutolinkScanner {
    /// cmark-gfm's `autolink_delim`: trims trailing punctuation, `&entity;`
    /// and unbalanced `)`; cuts at `<`.
    static func trimmedEnd(_ data: [UInt8], _ start: Int, _ end: Int) -> Int {
        var linkEnd = end - start
        for i in 0..<linkEnd where data[start + i] == UInt8(ascii: "<") {
            linkEnd = i
            break
        }
        while linkEnd > 0 {
            let last = data[start + linkEnd - 1]
            if "?!.,:*_~'\"".utf8.contains(last) {
                linkEnd -= 1
            } else if last == UInt8(ascii: ";") {
                var newEnd = linkEnd - 2
                while newEnd > 0, CharacterClass.isASCIIAlpha(data[start + newEnd]) { newEnd -= 1 }
                if newEnd < linkEnd - 2, newEnd >= 0, data[start + newEnd] == UInt8(ascii: "&") {
                    linkEnd = newEnd
                } else {
                    linkEnd -= 1
                }
            } else if last == UInt8(ascii: ")") {
                var opening = 0
                var closing = 0
                for i in 0..<linkEnd {
                    if data[start + i] == UInt8(ascii: "(") {
                        opening += 1
                    } else if data[start + i] == UInt8(ascii: ")") {
                        closing += 1
                    }
                }
                if closing <= opening { break }
                linkEnd -= 1
            } else {
                break
            }
        }
        return start + linkEnd
    }

    /// cmark-gfm's `check_domain` over `data[start..<start+size]`: the length
    /// of the domain, or 0 if it is invalid (an underscore in one of the
    /// last two labels, or no dot when `allowShort` is false). A backslash
    /// ends the domain like any punctuation, as in Debian's cmark-gfm
    /// (later versions skip the character after it): `www.a\_b.com` links.
    static func domainLength(_ data: [UInt8], _ start: Int, _ size: Int, allowShort: Bool) -> Int {
        var i = 1
        var dots = 0
        var underscore1 = 0
        var underscore2 = 0
        while i < size - 1 {
            let byte = data[start + i]
            if byte == UInt8(ascii: "_") {
                underscore2 += 1
            } else if byte == UInt8(ascii: ".") {
                underscore1 = underscore2
                underscore2 = 0
                dots += 1
            } else if !CharacterClass.isHostCharacter(data, at: start + i), byte != UInt8(ascii: "-") {
                break
            }
            i += 1
        }
        // Very long domains are accepted despite underscores (cmark-gfm's
        // guard against quadratic behaviour).
        if underscore1 > 0 || underscore2 > 0, dots <= 10 { return 0 }
        return allowShort || dots > 0 ? i : 0
    }

    /// A `www.` link starting at `position` of `data` (whose first
    /// `textCount` bytes are the text node). Returns the end of the link.
    static func wwwLink(_ data: [UInt8], at position: Int, textCount: Int) -> Int? {
        let size = data.count - position
        guard size >= 4, data[position..<position + 4].elementsEqual("www.".utf8) else { return nil }
        var linkEnd = domainLength(data, position, size, allowShort: false)
        guard linkEnd > 0 else { return nil }
        while linkEnd < size, !CharacterClass.isASCIISpace(data[position + linkEnd]),
            data[position + linkEnd] != UInt8(ascii: "<")
        {
            linkEnd += 1
        }
        let end = trimmedEnd(data, position, min(position + linkEnd, textCount))
        return end > position ? end : nil
    }

    /// A `scheme://` link whose `:` is at `colon`; the scheme may start no
    /// earlier than `lowerBound`. Returns the link's range.
    static func urlLink(_ data: [UInt8], colon: Int, lowerBound: Int, textCount: Int) -> Range<Int>? {
        let size = data.count - colon
        guard size >= 4, data[colon + 1] == UInt8(ascii: "/"), data[colon + 2] == UInt8(ascii: "/") else {
            return nil
        }
        var start = colon
        while start > lowerBound, CharacterClass.isASCIIAlpha(data[start - 1]) { start -= 1 }
        guard isSafe(data, start) else { return nil }
        let domain = domainLength(data, colon + 3, size - 3, allowShort: true)
        guard domain > 0 else { return nil }
        var linkEnd = 3 + domain
        while linkEnd < size, !CharacterClass.isASCIISpace(data[colon + linkEnd]),
            data[colon + linkEnd] != UInt8(ascii: "<")
        {
            linkEnd += 1
        }
        let end = trimmedEnd(data, colon, min(colon + linkEnd, textCount))
        return end > colon ? start..<end : nil
    }

    /// `sd_autolink_issafe`: `http://`, `https://` or `ftp://` (any case)
    /// followed by a host character.
    private static func isSafe(_ data: [UInt8], _ start: Int) -> Bool {
        for scheme in ["http://", "https://", "ftp://"] {
            let pattern = Array(scheme.utf8)
            guard data.count - start > pattern.count else { continue }
            var equal = true
            for k in 0..<pattern.count
            where data[start + k] | (CharacterClass.isASCIIAlpha(data[start + k]) ? 0x20 : 0) != pattern[k] {
                equal = false
                break
            }
            if equal, CharacterClass.isHostCharacter(data, at: start + pattern.count) { return true }
        }
        return false
    }

    /// `validate_protocol`: `protocol` (ending in `:`) ends just before the
    /// `rewind` bytes before `at`, and is not preceded by an alphanumeric.
    private static func validProtocol(_ scheme: String, _ data: [UInt8], at: Int, rewind: Int, maxRewind: Int) -> Bool {
        let pattern = Array(scheme.utf8)
        let length = pattern.count
        if length > maxRewind - rewind { return false }
        let begin = at - rewind - length
        if !data[begin..<begin + length].elementsEqual(pattern) { return false }
        if length == maxRewind - rewind { return true }
        return !CharacterClass.isASCIIAlphanumeric(data[begin - 1])
    }

    /// The local part before the `@` at `at`, read back at most
    /// `maxRewind` bytes: its length, and whether it began with `mailto:`
    /// or `xmpp:` (then no `mailto:` is added); `nil` if empty.
    private static func localPart(_ data: [UInt8], at: Int, maxRewind: Int) -> (
        rewind: Int, autoMailto: Bool, isXMPP: Bool
    )? {
        var autoMailto = true
        var isXMPP = false
        var rewind = 0
        while rewind < maxRewind {
            let c = data[at - rewind - 1]
            if CharacterClass.isASCIIAlphanumeric(c) || ".+-_".utf8.contains(c) {
                rewind += 1
                continue
            }
            if c == UInt8(ascii: ":") {
                if validProtocol("mailto:", data, at: at, rewind: rewind, maxRewind: maxRewind) {
                    autoMailto = false
                    rewind += 1
                    continue
                }
                if validProtocol("xmpp:", data, at: at, rewind: rewind, maxRewind: maxRewind) {
                    autoMailto = false
                    isXMPP = true
                    rewind += 1
                    continue
                }
            }
            break
        }
        return rewind == 0 ? nil : (rewind, autoMailto, isXMPP)
    }

    /// Where the address whose `@` is at `at` ends: its domain holds no
    /// other `@` and a dot followed by an alphanumeric, ends in a letter or
    /// a dot, and loses its trailing punctuation (``trimmedEnd(_:_:_:)``);
    /// `nil` if there is no such domain.
    private static func domainEnd(_ data: [UInt8], at: Int, isXMPP: Bool) -> Int? {
        var ats = 0
        var dots = 0
        var linkEnd = 0
        let size = data.count - at
        while linkEnd < size {
            let c = data[at + linkEnd]
            if CharacterClass.isASCIIAlphanumeric(c) {
            } else if c == UInt8(ascii: "@") {
                ats += 1
            } else if c == UInt8(ascii: "."), linkEnd < size - 1,
                CharacterClass.isASCIIAlphanumeric(data[at + linkEnd + 1])
            {
                dots += 1
            } else if c == UInt8(ascii: "/"), isXMPP {
            } else if c != UInt8(ascii: "-"), c != UInt8(ascii: "_") {
                break
            }
            linkEnd += 1
        }
        guard linkEnd >= 2, ats == 1, dots > 0 else { return nil }
        let last = data[at + linkEnd - 1]
        guard CharacterClass.isASCIIAlpha(last) || last == UInt8(ascii: ".") else { return nil }
        let end = trimmedEnd(data, at, at + linkEnd)
        return end == at ? nil : end
    }

    /// Splits a text node at e-mail addresses (with optional `mailto:` or
    /// `xmpp:`), as cmark-gfm 0.29.0.gfm.6's `postprocess_text` does: each
    /// `@` is tried with fresh state, its local part read back to the
    /// previous attempt's `@` (or the last link), its domain forward, with
    /// exactly one `@`; after 1,001 attempts in one text node it stops (the
    /// depth limit of its recursion).
    ///
    /// - Complexity: O(n) per attempt, at most 1,001 attempts.
    static func emails(in text: String) -> [Inline]? {
        let data = Array(text.utf8)
        guard data.contains(UInt8(ascii: "@")) else { return nil }
        var result: [Inline] = []
        var start = 0
        var from = 0
        var found = false
        for _ in 0...1000 {
            let searchStart = from
            guard searchStart < data.count, let at = data[searchStart...].firstIndex(of: UInt8(ascii: "@")) else {
                break
            }
            from = at + 1
            guard let local = localPart(data, at: at, maxRewind: at - searchStart),
                let end = domainEnd(data, at: at, isXMPP: local.isXMPP)
            else { continue }
            let (rewind, autoMailto) = (local.rewind, local.autoMailto)
            let prefix = data[start..<(at - rewind)]
            if !prefix.isEmpty { result.append(.text(String(decoding: prefix, as: UTF8.self))) }
            let address = String(decoding: data[(at - rewind)..<end], as: UTF8.self)
            result.append(
                .link(destination: (autoMailto ? "mailto:" : "") + address, title: "", children: [.text(address)]))
            found = true
            start = end
            from = end
        }
        guard found else { return nil }
        if start < data.count { result.append(.text(String(decoding: data[start...], as: UTF8.self))) }
        return result
    }
}
