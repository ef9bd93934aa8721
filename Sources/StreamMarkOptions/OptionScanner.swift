/// The one option scanner of the `streammark` and `streammark-bench`
/// commands and subcommands: every command reads its arguments through it,
/// so the forms and the errors are the same everywhere.
///
/// - `--name=value` and `--name value` are the same option (a separate
///   value that starts with `--` is taken as a missing value, so
///   `--width --color never` is an error, not a width of `--color`);
/// - `-` and arguments that do not start with `-` are operands (files);
/// - an option that takes no value given one (`--smart=yes`) is an error,
///   found when the next argument is read (the command takes a value only
///   for the options that have one).
///
/// ```swift
/// var scanner = OptionScanner(arguments)
/// while let argument = try scanner.next() {
///     switch argument {
///     case .option("--width"): width = try scanner.width()
///     case .option("--smart"): smart = true
///     case .operand(let path): files.append(path)
///     case .option: throw scanner.unknownOption()
///     }
/// }
/// ```
///
/// `package`: command-line plumbing of the two executables, not API.
package struct OptionScanner {
    /// One argument: an option's name (`--width`, `-h`) or an operand.
    package enum Argument: Hashable, Sendable {
        /// An option, without its `=value`.
        case option(String)
        /// A file name (or `-`, standard input).
        case operand(String)
    }

    private let arguments: [String]
    private var index = 0
    /// The option last returned by ``next()``.
    private var option: String?
    /// The value given after the option's `=`, until ``value()`` takes it.
    private var inlineValue: String?

    /// A scanner over `arguments` (without the program and subcommand name).
    package init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The next argument, or `nil` at the end.
    ///
    /// - Throws: ``OptionError/takesNoValue(_:)`` if the previous option
    ///   was given an `=value` that was not taken.
    package mutating func next() throws(OptionError) -> Argument? {
        if let option, inlineValue != nil { throw .takesNoValue(option) }
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if argument == "-" || !argument.hasPrefix("-") {
            option = nil
            return .operand(argument)
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            option = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        } else {
            option = argument
            inlineValue = nil
        }
        return .option(option!)
    }

    /// The value of the current option: after its `=`, or the next argument.
    ///
    /// - Throws: ``OptionError/missingValue(_:)`` when there is none.
    package mutating func value() throws(OptionError) -> String {
        let option = currentOption
        if let inline = inlineValue {
            inlineValue = nil
            return inline
        }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else { throw .missingValue(option) }
        index += 1
        return arguments[index - 1]
    }

    /// The value of the current option, converted by `parse`.
    ///
    /// - Parameters:
    ///   - expected: what a good value is, for the error (`1 or 2`).
    ///   - parse: the conversion; `nil` for a bad value.
    /// - Throws: ``OptionError/missingValue(_:)`` or
    ///   ``OptionError/badValue(_:_:expected:)``.
    package mutating func value<Value>(expected: String, _ parse: (String) -> Value?) throws(OptionError) -> Value {
        let text = try value()
        guard let value = parse(text) else { throw .badValue(currentOption, text, expected: expected) }
        return value
    }

    /// The value of the current option, one of `Choice`'s raw values.
    package mutating func choice<Choice: CaseIterable & RawRepresentable>(
        _ type: Choice.Type = Choice.self
    ) throws(OptionError) -> Choice where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return try value(expected: OptionError.list(names, conjunction: "or")) { Choice(rawValue: $0) }
    }

    /// The value of the current option, an integer in `range`.
    package mutating func integer(in range: ClosedRange<Int>) throws(OptionError) -> Int {
        try value(expected: "an integer from \(range.lowerBound) to \(range.upperBound)") {
            Int($0).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// The error for the current option when the command does not know it.
    package func unknownOption() -> OptionError {
        .unknownOption(currentOption)
    }

    private var currentOption: String {
        guard let option else { preconditionFailure("an option's value asked after an operand") }
        return option
    }
}
