extension CommandLineOptions {
    /// `--partial` renders one final picture (html, terminal or tree), so it
    /// takes neither patches nor fragments; `--display` adds display lines to
    /// the patch stream only.
    func validateDisplayOptions() throws(UsageError) {
        if partial && (format == .patches || fragments) {
            throw UsageError(message: "--partial needs --format html, terminal or tree (without --fragments)")
        }
        if display && format != .patches { throw UsageError(message: "--display needs --format patches") }
    }
}
