import Foundation
import Testing

@testable import StreamMark

/// The package's one JSON reader: what the patch decoder (strict) and the
/// templates (lenient strings) get from it, checked against Foundation's
/// `JSONSerialization` on random texts and by hand on the edges.
@Suite struct JSONElementTests {
    static func parse(_ text: String, strict: Bool = true) throws(JSONSyntaxError) -> JSONElement {
        try JSONElement.parse(Array(text.utf8), maximumDepth: 64, strict: strict)
    }

    @Test func numbersKeepIntegersExact() throws {
        #expect(try Self.parse("9007199254740993") == .int(9_007_199_254_740_993))
        #expect(try Self.parse("-0") == .int(0))
        #expect(try Self.parse("1.5e3") == .number(1500))
        #expect(try Self.parse("10E-1") == .number(1))
        // Beyond Int: a Double, as Foundation reads it.
        #expect(try Self.parse("18446744073709551616") == .number(18_446_744_073_709_551_616))
    }

    @Test func loneSurrogatesAreErrorsOnlyWhenStrict() throws {
        for text in [#""\ud800""#, #""\udc00x""#, #""\ud800\u0041""#] {
            #expect(throws: JSONSyntaxError.self) { try Self.parse(text) }
            guard case .string(let lenient) = try Self.parse(text, strict: false) else {
                Issue.record("not a string: \(text)")
                continue
            }
            #expect(lenient.hasPrefix("\u{FFFD}"), "\(text)")
        }
        #expect(try Self.parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    @Test(arguments: [
        ("[1,]", 3), ("{\"a\" 1}", 5), ("01", 1), ("\"\\q\"", 2), ("[1] x", 4), ("\"a\u{1}\"", 2),
        ("tru", 0), ("[", 1), ("{\"a\":", 5),
    ])
    func errorsNameTheOffendingByte(_ text: String, _ offset: Int) {
        #expect(throws: JSONSyntaxError.self) { try Self.parse(text) }
        do { _ = try Self.parse(text) } catch { #expect(error.offset == offset, "\(text): \(error)") }
    }

    @Test func depthIsLimited() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try Self.parse(ok) != .null)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONSyntaxError.self) { try Self.parse(deep) }
    }

    /// Random values written by Foundation's `JSONSerialization`: read back,
    /// they are the values that were written. (Foundation's own reader is no
    /// oracle for doubles on Linux: it is off by an ulp on some.)
    @Test(arguments: [1, 2, 3])
    func agreesWithFoundation(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let object = Self.randomValue(depth: 4, using: &random)
            let data = try JSONSerialization.data(withJSONObject: ["v": object], options: [.fragmentsAllowed])
            let ours = try JSONElement.parse(Array(data), maximumDepth: 64, strict: true)
            #expect(Self.same(ours, ["v": object]), "\(String(decoding: data, as: UTF8.self))")
        }
    }

    static func randomValue(depth: Int, using random: inout SplitMix64) -> Any {
        let pick = depth == 0 ? random.next() % 4 : random.next() % 6
        switch pick {
        case 0: return Int(truncatingIfNeeded: random.next() >> UInt64(random.next() % 64))
        case 1: return Double(Int64(truncatingIfNeeded: random.next() >> 20)) / 64
        case 2:
            let alphabet = Array("a\"\\/\n\t\u{1}\u{7F}é😀 ")
            return String(
                (0..<Int(random.next() % 8)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        case 3: return random.next() % 2 == 0
        case 4: return (0..<Int(random.next() % 4)).map { _ in randomValue(depth: depth - 1, using: &random) }
        default:
            var members: [String: Any] = [:]
            for i in 0..<Int(random.next() % 4) { members["k\(i)"] = randomValue(depth: depth - 1, using: &random) }
            return members
        }
    }

    static func same(_ ours: JSONElement, _ written: Any) -> Bool {
        switch ours {
        case .null: return false
        case .bool(let value): return written as? Bool == value
        case .int(let value):
            return written as? Int == value || (written as? Double).map { $0 == Double(value) } == true
        case .number(let value): return written as? Double == value
        case .string(let value): return written as? String == value
        case .array(let elements):
            guard let list = written as? [Any], list.count == elements.count else { return false }
            return zip(elements, list).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let dictionary = written as? [String: Any], dictionary.count == members.count else { return false }
            return members.allSatisfy { key, value in dictionary[key].map { same(value, $0) } ?? false }
        }
    }
}
