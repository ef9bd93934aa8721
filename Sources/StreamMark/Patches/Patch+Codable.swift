// The JSON form of a patch: one object per patch, versioned, as sent over the
// wire one per line (NDJSON). See docs/patches.md.
//
//   {"v":1,"op":"insert","parent":"doc","index":0,"block":{…}}
//   {"v":1,"op":"update","id":"e0","value":{"kind":{…},"range":[0,12]}}
//   {"v":1,"op":"remove","id":"e4"}
//   {"v":1,"op":"move","id":"t40:a","parent":"doc","index":3}
//   {"v":1,"op":"close","id":"e0"}

extension Patch: Codable {
    /// The version of the JSON patch protocol written in every object's `v`.
    public static let protocolVersion = 1

    private enum CodingKeys: String, CodingKey {
        case v, op, parent, index, block, id, value
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decode(Int.self, forKey: .v)
        guard version == Patch.protocolVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .v, in: c, debugDescription: "unsupported patch protocol version \(version)")
        }
        switch try c.decode(String.self, forKey: .op) {
        case "insert":
            self = .insert(
                parent: try c.decode(BlockID.self, forKey: .parent),
                index: try c.decode(Int.self, forKey: .index),
                block: try c.decode(Block.self, forKey: .block))
        case "update":
            self = .update(
                id: try c.decode(BlockID.self, forKey: .id),
                value: try c.decode(BlockValue.self, forKey: .value))
        case "remove": self = .remove(id: try c.decode(BlockID.self, forKey: .id))
        case "move":
            self = .move(
                id: try c.decode(BlockID.self, forKey: .id),
                parent: try c.decode(BlockID.self, forKey: .parent),
                index: try c.decode(Int.self, forKey: .index))
        case "close": self = .close(id: try c.decode(BlockID.self, forKey: .id))
        case let op:
            throw DecodingError.dataCorruptedError(
                forKey: .op, in: c, debugDescription: "unknown patch op \(op)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Patch.protocolVersion, forKey: .v)
        switch self {
        case .insert(let parent, let index, let block):
            try c.encode("insert", forKey: .op)
            try c.encode(parent, forKey: .parent)
            try c.encode(index, forKey: .index)
            try c.encode(block, forKey: .block)
        case .update(let id, let value):
            try c.encode("update", forKey: .op)
            try c.encode(id, forKey: .id)
            try c.encode(value, forKey: .value)
        case .remove(let id):
            try c.encode("remove", forKey: .op)
            try c.encode(id, forKey: .id)
        case .move(let id, let parent, let index):
            try c.encode("move", forKey: .op)
            try c.encode(id, forKey: .id)
            try c.encode(parent, forKey: .parent)
            try c.encode(index, forKey: .index)
        case .close(let id):
            try c.encode("close", forKey: .op)
            try c.encode(id, forKey: .id)
        }
    }
}
