import Foundation

/// Reads an NDJSON patch stream line by line, in either protocol version
/// (told by the first line: `{"v":2}` is version 2, an object with `"v":1`
/// is version 1). See `docs/patches.md`.
///
/// ```swift
/// var decoder = PatchStreamDecoder()
/// for line in lines {
///     switch try decoder.decode(line: line) {
///     case .patch(let patch): try patch.apply(to: &tree)          // v1
///     case .delta(let delta): try delta.apply(to: &tree)          // v2
///     case .header, nil: break
///     }
/// }
/// ```
///
/// Version 2 lines may be in the short form (arrays, what
/// ``PatchStreamWriter`` writes) or the long form (objects).
/// Continuation lines (bare strings) come out as complete
/// ``DeltaPatch/append(id:cell:drop:before:text:)`` values: the decoder follows the
/// continuation target.
public struct PatchStreamDecoder {
    /// One decoded line.
    public enum Line: Hashable, Sendable {
        /// The version-2 header `{"v":2}`.
        case header
        /// A version-1 patch.
        case patch(Patch)
        /// A version-2 patch.
        case delta(DeltaPatch)
    }

    /// The stream's version, once its first line was read.
    public private(set) var version: Int?
    private var target = ContinuationTarget()
    private var ids = IDRegister()
    private let decoder = JSONDecoder()

    /// Creates a decoder for a new stream.
    public init() {}

    /// Decodes one line (without its newline); `nil` for a blank line.
    ///
    /// - Complexity: O(line).
    public mutating func decode(line: some Collection<UInt8>) throws(PatchStreamError) -> Line? {
        let bytes = Data(line)
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        if version == nil {
            let header = try? decoder.decode(Header.self, from: bytes)
            switch header?.v {
            case 2?:
                version = 2
                return .header
            case 1?:
                version = 1
            case let other?:
                throw PatchStreamError(description: "unsupported patch protocol version \(other)")
            case nil:
                throw PatchStreamError(description: "the first line is not a patch stream header or version-1 patch")
            }
        }
        if version == 1 {
            do {
                return .patch(try decoder.decode(Patch.self, from: bytes))
            } catch {
                throw PatchStreamError(description: "bad version-1 patch: \(Self.describe(error))")
            }
        }
        let delta: DeltaPatch
        if first == UInt8(ascii: "\"") {
            guard let id = target.id else {
                throw PatchStreamError(description: "a continuation line with no append target before it")
            }
            guard case .string(let text)? = try? ShortForm.parse(bytes) else {
                throw PatchStreamError(description: "bad continuation line (not a JSON string)")
            }
            delta = .append(id: id, cell: target.cell, drop: target.drop, before: target.before, text: text)
        } else if first == UInt8(ascii: "[") {
            // A line that does not read leaves the register as it was.
            var register = ids
            delta = try DeltaPatch.short(try ShortForm.parse(bytes), target: target, ids: &register)
            ids = register
        } else {
            do {
                delta = try decoder.decode(WireOp.self, from: bytes).patch()
            } catch let error as PatchStreamError {
                throw error
            } catch {
                throw PatchStreamError(description: "bad version-2 patch: \(Self.describe(error))")
            }
        }
        target.advance(past: delta)
        return .delta(delta)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private struct Header: Decodable {
        var v: Int
    }
}
