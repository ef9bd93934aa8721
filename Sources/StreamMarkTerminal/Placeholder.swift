// placeholder until this module lands
enum StreamMarkTerminalPlaceholder {}
