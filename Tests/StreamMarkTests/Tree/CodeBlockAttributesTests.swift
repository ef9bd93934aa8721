import StreamMark
import Testing

/// `CodeBlockAttributes.fenced`, which cmark does not report: decided from
/// the block's first line, literal and info string.
@Suite struct CodeBlockAttributesTests {
    /// Fenced and indented blocks whose first content line repeats or
    /// resembles the opening line (the expected kinds are the CommonMark
    /// syntax's, by hand).
    @Test(arguments: [
        ("```\nx\n```\n", true), ("```a\n```a\n", true), ("~~~~\n~~~\n~~~~\n", true), ("  ```\n  ```x\n", true),
        ("> ```b\n> ```b\n", true), ("- ```\n  x\n", true), ("    ```\n    x\n", false), ("    code\n", false),
        ("    ```a\n", false), ("```\n", true),
    ])
    func fencedIsTheSyntaxUsed(_ text: String, fenced: Bool) throws {
        var blocks = MarkdownParser().parse(text).children
        var code: CodeBlockAttributes?
        while code == nil, let first = blocks.first {
            if case .codeBlock(let attributes) = first.kind { code = attributes }
            blocks = first.children + blocks.dropFirst()
        }
        #expect(try #require(code).fenced == fenced)
    }
}
