/// `--color never|always|auto` (also spelled `--colour`): when terminal
/// output uses color, the same in every command.
package enum ColorMode: String, CaseIterable, Hashable, Sendable {
    /// Never.
    case never
    /// Always, even when standard output is not a terminal.
    case always
    /// On a terminal, unless `NO_COLOR` is set to a non-empty value.
    case auto

    /// Whether to use color.
    ///
    /// - Parameters:
    ///   - isTerminal: standard output is a terminal.
    ///   - noColor: the value of `NO_COLOR`, if set.
    package func usesColor(isTerminal: Bool, noColor: String?) -> Bool {
        switch self {
        case .never: false
        case .always: true
        case .auto: isTerminal && (noColor ?? "").isEmpty
        }
    }
}
