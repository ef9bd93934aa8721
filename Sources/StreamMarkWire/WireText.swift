import Foundation

/// JSON and message helpers for the decoders.
enum WireText {
    /// Parses a JSON object, or returns `nil` if the bytes are not one.
    static func object(_ bytes: ArraySlice<UInt8>) -> [String: Any]? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: []) else { return nil }
        return value as? [String: Any]
    }

    /// The message of an error value: `{"message": …}`, a string, or the JSON.
    static func errorMessage(_ value: Any?) -> String {
        if let text = value as? String { return text }
        if let object = value as? [String: Any] {
            if let message = object["message"] as? String { return message }
            if let nested = object["error"] { return errorMessage(nested) }
        }
        if let value, JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        {
            return String(decoding: data, as: UTF8.self)
        }
        return "unknown error"
    }

    /// `text` on one line: control characters become spaces, and it is cut
    /// to `limit` characters.
    static func oneLine(_ text: String, limit: Int) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if out.unicodeScalars.count >= limit {
                out += "…"
                break
            }
            let control =
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}"
            out.unicodeScalars.append(control ? " " : scalar)
        }
        return out
    }

    /// A short, printable excerpt of a raw line for messages.
    static func excerpt(_ line: ArraySlice<UInt8>) -> String {
        oneLine(String(decoding: line.prefix(60), as: UTF8.self), limit: 40)
    }
}
