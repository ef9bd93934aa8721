import Foundation

/// The checks of one input, each a process on a scratch file: our one-shot
/// HTML (`StreamMarkFuzzTools html`: `MarkdownParser` and `HTMLRenderer`,
/// what `streammark --format html` prints when the file arrives in one
/// read) against cmark-gfm's, and our streamed tree against our one-shot
/// tree (`streammark verify`).
struct Oracles {
    /// The release `streammark`.
    let streammark: String
    /// This tool, for the one-shot HTML in a process of its own.
    let tool: String
    /// `cmark-gfm`.
    let cmarkGFM: String
    /// Runs them.
    let runner: ProcessRunner
    /// Where the input under test is written.
    let file: URL

    /// The extensions cmark-gfm runs with: the four GitHub ones and
    /// footnotes, as `streammark`'s default (without alerts and math, which
    /// cmark-gfm does not have).
    static let extensions = [
        "-e", "footnotes", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist",
    ]

    /// A failed check: what kind, and what must stay true of a smaller input
    /// for it to be the same failure.
    struct Failure: Hashable {
        /// The kind of finding.
        var kind: FindingKind
        /// The chunking of a streaming failure.
        var chunking: String?
        /// The violation's first words (`streamed tree differs from one-shot
        /// parse`), for a violation.
        var category: String?
    }

    func write(_ bytes: [UInt8]) {
        try? Data(bytes).write(to: file)
    }

    /// The one-shot HTML check: nil when it holds.
    func checkHTML(_ bytes: [UInt8]) -> Failure? {
        write(bytes)
        let ours = runner.run(tool, ["html", file.path])
        switch ours.ending {
        case .exit(0): break
        case .timeout: return Failure(kind: .timeout, chunking: "one-shot")
        default: return Failure(kind: .oneShotCrash)
        }
        // cmark-gfm 0.29.0.gfm.6 copies invalid UTF-8 to its output where
        // libcmark 0.30 writes U+FFFD: no oracle for such input.
        guard InputMaker.isValidUTF8(bytes) else { return nil }
        let theirs = runner.run(cmarkGFM, Self.extensions + [file.path])
        guard theirs.ending == .exit(0), ours.output != theirs.output else { return nil }
        // The same difference without the extensions is a core one: cmark-gfm
        // is CommonMark 0.29, libcmark 0.30.
        let oursCore = runner.run(tool, ["html", "--no-gfm", file.path])
        let theirsCore = runner.run(cmarkGFM, [file.path])
        return Failure(kind: oursCore.output == theirsCore.output ? .html : .htmlCore)
    }

    /// At most this many full-tree checks per streamed input (the patch
    /// checks run at every boundary): keeps a one-byte chunking of a 4 KB
    /// input at milliseconds.
    static let fullChecks = "32"

    /// The streaming check with `chunking`: nil when it holds.
    func checkStream(_ bytes: [UInt8], chunking: String) -> Failure? {
        write(bytes)
        let result = runner.run(streammark, Self.verify(chunking, file.path))
        switch result.ending {
        case .exit(0): return nil
        case .exit(1):
            return Failure(kind: .streamViolation, chunking: chunking, category: Self.category(result.errors))
        case .timeout: return Failure(kind: .timeout, chunking: chunking)
        default: return Failure(kind: .streamCrash, chunking: chunking)
        }
    }

    /// `verify`'s arguments.
    static func verify(_ chunking: String, _ path: String) -> [String] {
        ["verify", "--chunking", chunking, "--full-checks", fullChecks, path]
    }

    /// Whether `bytes` fails as `failure` did (the reducer's predicate).
    func fails(_ bytes: [UInt8], as failure: Failure) -> Bool {
        switch failure.kind {
        case .html, .htmlCore, .oneShotCrash: return checkHTML(bytes) == failure
        case .streamViolation, .streamCrash: return checkStream(bytes, chunking: failure.chunking ?? "1") == failure
        case .timeout: return false
        }
    }

    /// The first words of `verify`'s violation message: after `bytes: ` and
    /// an optional `block ID: `, up to the next colon.
    static func category(_ errors: String) -> String {
        guard let line = errors.split(separator: "\n").first(where: { $0.hasPrefix("streammark: ") }),
            let marker = line.range(of: " bytes: ")
        else { return "unknown" }
        var rest = line[marker.upperBound...]
        if rest.hasPrefix("block "), let colon = rest.firstIndex(of: ":") {
            rest = rest[(rest.index(colon, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex)...]
        }
        return String(rest.prefix { $0 != ":" })
    }

    /// What a reader of the finding needs: both HTML outputs, or the
    /// violation and the fixed chunk sizes at which it fails, or the crash site.
    func details(_ bytes: [UInt8], _ failure: Failure) -> String {
        write(bytes)
        switch failure.kind {
        case .html, .htmlCore:
            let ours = runner.run(tool, ["html", file.path]).output
            let theirs = runner.run(cmarkGFM, Self.extensions + [file.path]).output
            var text = "ours (one-shot):\n" + String(decoding: ours.prefix(3000), as: UTF8.self)
            text += "\ncmark-gfm -e footnotes -e table -e strikethrough -e autolink -e tasklist:\n"
            text += String(decoding: theirs.prefix(3000), as: UTF8.self)
            if failure.kind == .htmlCore {
                let ours = runner.run(tool, ["html", "--no-gfm", file.path]).output
                let theirs = runner.run(cmarkGFM, [file.path]).output
                text +=
                    "\nwithout extensions, streammark --no-gfm (CommonMark 0.30):\n"
                    + String(decoding: ours, as: UTF8.self)
                text += "\ncmark-gfm without extensions (CommonMark 0.29):\n" + String(decoding: theirs, as: UTF8.self)
            }
            return text
        case .oneShotCrash:
            return crashSite(tool, ["html", file.path])
        case .streamViolation, .streamCrash:
            let chunking = failure.chunking ?? "1"
            var text = ""
            if failure.kind == .streamCrash {
                text += crashSite(streammark, Self.verify(chunking, file.path))
            } else {
                let result = runner.run(streammark, Self.verify(chunking, file.path))
                text += result.errors.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
            }
            var failing: [String] = []
            for size in ["every-byte"] + (1...64).map(String.init) where checkStream(bytes, chunking: size) != nil {
                failing.append(size)
            }
            write(bytes)
            text +=
                "fails with --chunking: "
                + (failing.isEmpty ? "none of every-byte, 1…64" : failing.joined(separator: " "))
            return text + "\n"
        case .timeout:
            return "slower than \(runner.timeout) s\n"
        }
    }

    /// Where a crash of `bytes` as `failure` happens (``signature(_:)`` of
    /// its backtrace), or nil for other kinds.
    func crashSignature(_ bytes: [UInt8], _ failure: Failure) -> String? {
        write(bytes)
        switch failure.kind {
        case .oneShotCrash: return Self.signature(crashSite(tool, ["html", file.path]))
        case .streamCrash: return Self.signature(crashSite(streammark, Self.verify(failure.chunking ?? "1", file.path)))
        default: return nil
        }
    }

    /// The failure and its source line in a backtrace (`Range requires
    /// lowerBound <= upperBound in streammark at Sources/…/File.swift:53:27`),
    /// without addresses or absolute paths: two crashes with the same
    /// signature are one finding.
    static func signature(_ backtrace: String) -> String? {
        for marker in ["runtime failure: ", "Fatal error: "] {
            guard let line = backtrace.split(separator: "\n").first(where: { $0.contains(marker) }),
                let start = line.range(of: marker)
            else { continue }
            var text = String(line[start.upperBound...])
            if let path = text.range(of: " at /"),
                let sources = text.range(of: "Sources/", range: path.upperBound..<text.endIndex)
            {
                text.replaceSubrange(path.upperBound..<sources.lowerBound, with: "")
                text = text.replacingOccurrences(of: " at /Sources/", with: " at Sources/")
            }
            return text.trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The lines of a backtrace that name the failure and the frame.
    func crashSite(_ executable: String, _ arguments: [String]) -> String {
        var environmentRunner = runner
        environmentRunner.backtrace = true
        let result = environmentRunner.run(executable, arguments)
        let lines = result.errors.split(separator: "\n").filter {
            $0.contains("Fatal error") || $0.contains("runtime failure") || $0.contains(" crashed:")
                || $0.contains("IncrementalEngine") || $0.contains("StreamingDocument.")
        }
        return "\(result.ending)\n" + lines.prefix(8).map { String($0) + "\n" }.joined()
    }
}

/// What kind of finding an input is.
enum FindingKind: String, Hashable, CaseIterable {
    /// Our one-shot HTML differs from cmark-gfm's with the extensions, not without.
    case html
    /// Our one-shot HTML differs from cmark-gfm's even without the
    /// extensions: CommonMark 0.30 (libcmark) against 0.29 (cmark-gfm), or a core bug.
    case htmlCore = "html-core"
    /// The one-shot parse or rendering crashed.
    case oneShotCrash = "oneshot-crash"
    /// `streammark verify` crashed.
    case streamCrash = "stream-crash"
    /// `streammark verify` reported a violation (streamed ≠ one-shot, patches, ids, closed blocks).
    case streamViolation = "stream-violation"
    /// A check took longer than the time limit.
    case timeout
}
