import Foundation
import StreamMark

@testable import StreamMarkTerminal

/// Paths and inputs shared by the terminal tests.
enum TestSupport {
    /// Removes CSI and OSC escape sequences.
    static func strippingEscapes(_ text: String) -> String {
        var out = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\u{1B}" else {
                out.append(character)
                continue
            }
            guard let kind = iterator.next() else { break }
            if kind == "[" {
                while let c = iterator.next() {
                    if let ascii = c.asciiValue, (0x40...0x7E).contains(ascii) { break }
                }
            } else if kind == "]" {
                while let c = iterator.next() {
                    if c == "\u{07}" { break }
                    if c == "\u{1B}" {
                        _ = iterator.next()
                        break
                    }
                }
            }
        }
        return out
    }
}
