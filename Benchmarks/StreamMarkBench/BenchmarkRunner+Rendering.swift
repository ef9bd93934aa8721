import StreamMark
import StreamMarkHTML

extension BenchmarkRunner {
    /// StreamMark streaming plus HTML rendering through a ``RenderCache``, as
    /// a client does it: apply the patches to the cache, then ask for the HTML
    /// of every top-level block that is still open (and, once, of each block
    /// as it closes, and of a closed block a patch updated). Blocks the
    /// patches did not touch come from the cache; `rendersPerAppend` counts
    /// the calls of the render function.
    mutating func streamingWithRendering(_ name: String, _ bytes: [UInt8], chunking: Chunking) -> BenchmarkRecord {
        let ends = chunking.ends(of: bytes)
        let renderer = HTMLRenderer()
        let cache = RenderCache<Int, String> { block, _, _ in renderer.render(block: block) }
        var document = StreamingDocument(options: options)
        var firstOpen = 0
        var renders = 0
        var patchCount = 0
        var localSink: UInt64 = 0
        let result = bytes.withUnsafeBufferPointer { buffer in
            drive(ends: ends, work: ends.map(Double.init)) { start, end in
                let patches = document.append(bytes: UnsafeBufferPointer(rebasing: buffer[start..<end]))
                patchCount += patches.count
                do { try cache.apply(patches) } catch { cache.update(to: document.root) }
                let before = cache.renderCount
                let children = cache.root.children
                firstOpen = min(firstOpen, children.count)
                let openStart = firstOpen < children.count ? children[firstOpen].range.lowerBound : Int.max
                for patch in patches {
                    // A closed top-level block updated by a late link reference definition.
                    guard case .update(let id, _) = patch, let offset = Self.offset(of: id), offset < openStart,
                        let block = children.first(where: { $0.id == id })
                    else { continue }
                    localSink &+= UInt64(cache.output(for: block, context: 0).utf8.count)
                }
                while firstOpen < children.count && cache.isClosed(children[firstOpen].id) {
                    localSink &+= UInt64(cache.output(for: children[firstOpen], context: 0).utf8.count)
                    firstOpen += 1
                }
                for index in firstOpen..<children.count {
                    localSink &+= UInt64(cache.output(for: children[index], context: 0).utf8.count)
                }
                renders += cache.renderCount - before
            }
        }
        sink &+= localSink
        return BenchmarkRecord(
            document: name, bytes: bytes.count, system: "streammark+html", chunking: chunking.description,
            appends: ends.count, measuredAppends: result.measured,
            measuredBytes: result.measured > 0 ? ends[result.measured - 1] : 0,
            seconds: result.seconds, extrapolated: result.extrapolated, estimatedSeconds: result.estimate,
            megabytesPerSecond: Self.throughput(bytes.count, result.estimate),
            latency: LatencySummary(nanoseconds: result.samples),
            parsedBytesPerAppend: nil, maxParsedBytesPerAppend: nil,
            patchesPerAppend: result.measured > 0 ? Double(patchCount) / Double(result.measured) : nil,
            rendersPerAppend: result.measured > 0 ? Double(renders) / Double(result.measured) : nil,
            peakMemoryBytes: nil, note: result.note)
    }

    /// The byte offset named by a block identity (`e<N>` or `e<N>.list`).
    static func offset(of id: BlockID) -> Int? {
        let raw = id.rawValue
        guard raw.hasPrefix("e") else { return nil }
        return Int(raw.dropFirst().prefix { $0 != "." })
    }
}
