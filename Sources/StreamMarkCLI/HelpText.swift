/// The text of `streammark --help` and the version.
enum HelpText {
    /// The program version.
    static let version = "0.1.0"

    /// The full help.
    static let text = """
        streammark — render Markdown as it streams

        usage: streammark [options] [FILE]
               streammark verify [--chunking every-byte|lines|random:SEED|mixed:SEED|N]
                                 [--full-checks N] FILE...
               streammark apply [--format html|tree|patches] [--protocol 1|2] [FILE]
               streammark template TEMPLATE (--data D.json | --data-sequence S.ndjson) …
               streammark verify --template TEMPLATE --data-sequence S.ndjson …

        Reads FILE (or stdin, or `-`) as bytes arrive — it never waits for the end —
        and feeds every read to the streaming engine. Every option that takes a
        value takes it as --name=value or --name value (in every subcommand).

        Output:
          --format terminal   rendered for a terminal (default). On a terminal the
                              finished blocks go to the scrollback once and only the
                              open tail is redrawn; when stdout is not a terminal,
                              finished blocks are printed as they close and the rest
                              at the end, with no escape sequences (unless
                              --color always).
          --format patches    NDJSON: one patch per line, written after every chunk
            --protocol 2|1    patch protocol version: 2 (deltas, default) or 1
                              (whole values; deprecated). See docs/patches.md.
          --format html       the final document as HTML.
            --fragments       with html: NDJSON {"id":…,"html":…} for every top-level
                              block whose HTML changed, after every chunk.
          --format tree       the final tree: ids, kinds, byte ranges.
          --partial           render the input as a stream that has not finished
                              (html, terminal or tree): the open block shows its
                              provisional display, unfinished markup completed
                              (docs/provisional.md). The live terminal and
                              --fragments show the display while streaming.
          --display           with patches: also a "display" line when the open
                              block's provisional display changes (opt-in).

        Terminal:
          --width N           wrap at N columns (default: the terminal's, $COLUMNS, 80)
          --color WHEN        never, always or auto (default; off if NO_COLOR is set)
          --theme THEME       dark (default) or light: colors for a dark or a light
                              background; auto: light if $COLORFGBG names a light
                              background color (7, 9-15), else dark. Code blocks
                              in a known language are syntax highlighted whenever
                              there is color
          --no-hyperlinks     show URLs after link text instead of OSC 8 hyperlinks
                              (always so when stdout is not a terminal)
        Input:
          --input FORMAT      text (default): Markdown; openai: server-sent events
                              of Chat Completions or the Responses API; anthropic:
                              Messages streaming events; ollama: NDJSON of
                              /api/chat or /api/generate. Deltas are rendered as
                              they arrive (curl -N … | streammark --input openai).
                              Error events, malformed or cut streams and unknown
                              event types: a message on stderr, exit 1, with
                              everything received so far rendered.
          --replay BYTES[:MS] replay the input in chunks of BYTES with MS
                              milliseconds between them, as if it were streaming
        Parsing and rendering:
          --unsafe            keep raw HTML (html output; dimmed in the terminal)
          --smart             smart punctuation
          --no-gfm            plain CommonMark: no GitHub extensions, alerts,
                              math or footnotes
          --extensions LIST   only these of table,tasklist,strikethrough,autolink,
                              alerts,math,footnotes (default: all; without
                              alert or math syntax the HTML is what
                              cmark-gfm -e footnotes -e table -e strikethrough
                              -e autolink -e tasklist renders)
          --stats             print the engine's and the render cache's counters
                              (appends, parsed bytes, patches, blocks, renders)
                              to stderr at the end
          --help, --version

        apply: reads a patch stream (version 1 or 2) from FILE or stdin and
        prints the final document as html (default), tree or patches.
        template: program output through a template (docs/templates.md); with
        --data-sequence it writes patches (protocol 2, --protocol 1) that apply
        reads. Each subcommand's --help prints its options.

        Exit status: 0 success, 1 unreadable input, a failed wire stream or
        failed verification, a bad patch stream (apply), a template or data
        error, 64 bad arguments (one line on stderr). See docs/cli.md.

        """
}
