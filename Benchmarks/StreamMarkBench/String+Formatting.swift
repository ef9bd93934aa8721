extension String {
    /// The string with its first character upper-cased (ASCII words only).
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }

    /// The string without trailing spaces.
    var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
