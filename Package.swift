// swift-tools-version: 6.0
// StreamMark — a streaming Markdown engine on libcmark.
import PackageDescription

let package = Package(
    name: "StreamMark",
    products: [
        .library(name: "StreamMark", targets: ["StreamMark"]),
        .library(name: "StreamMarkHTML", targets: ["StreamMarkHTML"]),
        .library(name: "StreamMarkTerminal", targets: ["StreamMarkTerminal"]),
        .library(name: "StreamMarkTemplates", targets: ["StreamMarkTemplates"]),
        .library(name: "StreamMarkObservation", targets: ["StreamMarkObservation"]),
        .library(name: "StreamMarkAsync", targets: ["StreamMarkAsync"]),
        .library(name: "StreamMarkWire", targets: ["StreamMarkWire"]),
        .library(name: "StreamMarkHighlight", targets: ["StreamMarkHighlight"]),
        .executable(name: "streammark", targets: ["StreamMarkCLI"]),
        .executable(name: "streammark-bench", targets: ["StreamMarkBench"]),
    ],
    targets: [
        // The C module: libcmark (CommonMark 0.30) found through pkg-config.
        .systemLibrary(
            name: "CCmark",
            path: "Sources/CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // The engine: tree, one-shot parse, identity, streaming, diff, GFM layer.
        // The only target that imports CCmark.
        .target(name: "StreamMark", dependencies: ["CCmark", "StreamMarkHighlight"]),
        // Renderers: they never parse, they render the engine's values.
        .target(name: "StreamMarkHTML", dependencies: ["StreamMark", "StreamMarkHighlight"]),
        .target(name: "StreamMarkTerminal", dependencies: ["StreamMark"]),
        // Program output: templates with keyed identities.
        .target(name: "StreamMarkTemplates", dependencies: ["StreamMark"]),
        // The UI data layer: an @Observable model of stable, per-block nodes.
        .target(name: "StreamMarkObservation", dependencies: ["StreamMark", "StreamMarkHighlight"]),
        // Backends: async sequences of chunks to patch batches and NDJSON lines.
        .target(name: "StreamMarkAsync", dependencies: ["StreamMark"]),
        // LLM wire formats (OpenAI/Anthropic SSE, Ollama NDJSON) to text; Foundation only.
        .target(name: "StreamMarkWire"),
        // The option scanner shared by the two executables (package access,
        // no dependencies, not a product).
        .target(name: "StreamMarkOptions"),
        // Syntax highlighting of code blocks, line by line with carried state; pure Swift.
        .target(name: "StreamMarkHighlight"),
        // The `streammark` command.
        .executableTarget(
            name: "StreamMarkCLI",
            dependencies: [
                "StreamMark", "StreamMarkHTML", "StreamMarkTerminal", "StreamMarkTemplates", "StreamMarkWire",
                "StreamMarkOptions",
            ]
        ),
        // The `streammark-bench` benchmark.
        .executableTarget(
            name: "StreamMarkBench",
            dependencies: ["StreamMark", "StreamMarkHTML", "StreamMarkOptions", "StreamMarkHighlight"],
            path: "Benchmarks/StreamMarkBench"
        ),
        // Test-only helpers shared by the test targets (never in the product).
        .target(
            name: "StreamMarkTestSupport", dependencies: ["StreamMark", "StreamMarkWire"],
            path: "Tests/StreamMarkTestSupport"),
        // Test tools (never in a product): seeded documentation-shaped
        // documents for the chunk sweep and the fuzz seeds, and the
        // differential fuzzer (scripts/fuzz-diff.sh, docs/fuzzing.md).
        .executableTarget(
            name: "StreamMarkFuzzTools", dependencies: ["StreamMark", "StreamMarkHTML", "StreamMarkTestSupport"],
            path: "Tests/StreamMarkFuzzTools"),
        .testTarget(name: "StreamMarkTests", dependencies: ["StreamMark", "StreamMarkTestSupport"]),
        .testTarget(
            name: "StreamMarkHTMLTests", dependencies: ["StreamMark", "StreamMarkHTML", "StreamMarkTestSupport"]),
        .testTarget(
            name: "StreamMarkTerminalTests",
            dependencies: ["StreamMark", "StreamMarkTerminal", "StreamMarkTestSupport"]
        ),
        .testTarget(
            name: "StreamMarkTemplatesTests",
            dependencies: ["StreamMark", "StreamMarkTemplates", "StreamMarkHTML", "StreamMarkTestSupport"]
        ),
        .testTarget(
            name: "StreamMarkObservationTests",
            dependencies: [
                "StreamMark", "StreamMarkObservation", "StreamMarkHTML", "StreamMarkAsync", "StreamMarkTestSupport",
            ]
        ),
        .testTarget(name: "StreamMarkAsyncTests", dependencies: ["StreamMark", "StreamMarkAsync"]),
        .testTarget(
            name: "StreamMarkWireTests", dependencies: ["StreamMark", "StreamMarkWire", "StreamMarkTestSupport"]),
        .testTarget(name: "StreamMarkHighlightTests", dependencies: ["StreamMarkHighlight", "StreamMark"]),
        .testTarget(
            name: "StreamMarkCLITests",
            dependencies: [
                "StreamMark", "StreamMarkHTML", "StreamMarkWire", "StreamMarkOptions", "StreamMarkTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
