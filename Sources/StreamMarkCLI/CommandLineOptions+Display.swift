import StreamMarkOptions

extension CommandLineOptions {
    /// `--partial` renders one final picture (html, terminal or tree), so it
    /// takes neither patches nor fragments; `--display` adds display lines to
    /// the patch stream only.
    func validateDisplayOptions() throws(OptionError) {
        if partial && (format == .patches || fragments) {
            throw OptionError("--partial needs --format html, terminal or tree (without --fragments)")
        }
        if display && format != .patches { throw OptionError("--display needs --format patches") }
    }
}
