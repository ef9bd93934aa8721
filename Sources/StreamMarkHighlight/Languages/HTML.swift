extension LanguageDefinition {
    /// HTML, with `<script>` as JavaScript and `<style>` as CSS.
    static let html = LanguageDefinition(
        names: ["html", "htm", "xhtml", "vue", "svelte"],
        grammar: .markup,
        blockComments: markupForms,
        strings: markupStrings,
        embeddedLanguages: ["script": "javascript", "style": "css"]
    )

    /// Comments, CDATA, `<!DOCTYPE …>` and `<?…?>`.
    static let markupForms = [
        DelimitedRule(open: "<!--", close: "-->"),
        DelimitedRule(open: "<![CDATA[", close: "]]>", kind: .meta),
        DelimitedRule(open: "<!", close: ">", kind: .meta),
        DelimitedRule(open: "<?", close: "?>", kind: .meta),
    ]

    /// Quoted attribute values.
    static let markupStrings = [
        StringRule(open: "\"", close: "\"", escapes: false, multiline: true),
        StringRule(open: "'", close: "'", escapes: false, multiline: true),
    ]
}
