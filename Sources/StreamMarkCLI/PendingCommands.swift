// Temporary stand-ins until Sources/StreamMarkCLI/TemplateCommand.swift
// lands: they lose overload resolution to the real functions
// (@_disfavoredOverload, an extra defaulted parameter), so both can exist
// at once. Delete this file once the real ones are committed.

/// Stand-in for `streammark template …`: not available yet (exit 70).
@_disfavoredOverload
func runTemplateCommand(_ arguments: [String], pending: Void = ()) -> Int32 {
    OutputSink.standardError.write("streammark: template: not available in this build\n")
    return 70
}

/// Stand-in for `streammark verify --template …`: not available yet (exit 70).
@_disfavoredOverload
func runTemplateVerify(_ arguments: [String], pending: Void = ()) -> Int32 {
    OutputSink.standardError.write("streammark: verify --template: not available in this build\n")
    return 70
}
