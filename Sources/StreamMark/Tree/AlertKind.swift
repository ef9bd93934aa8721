/// The kind of a GitHub alert (`> [!NOTE]` …): which of the five markers
/// its quote's first line names.
public enum AlertKind: String, CaseIterable, Hashable, Sendable, Codable {
    /// `[!NOTE]`: information to notice even when skimming.
    case note
    /// `[!TIP]`: advice for doing something better.
    case tip
    /// `[!IMPORTANT]`: information needed to succeed.
    case important
    /// `[!WARNING]`: something that needs attention now.
    case warning
    /// `[!CAUTION]`: risks or negative outcomes.
    case caution

    /// The title shown above the alert's content, as GitHub writes it
    /// (`Note`, `Tip`, `Important`, `Warning`, `Caution`).
    public var title: String {
        switch self {
        case .note: "Note"
        case .tip: "Tip"
        case .important: "Important"
        case .warning: "Warning"
        case .caution: "Caution"
        }
    }

    /// The number of letters in the longest marker name (`important`).
    static let longestName = allCases.map(\.rawValue.utf8.count).max() ?? 0
}
