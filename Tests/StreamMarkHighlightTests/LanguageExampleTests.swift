import StreamMarkHighlight
import Testing

/// Hand-checked highlighting of each language's special cases.
@Suite struct LanguageExampleTests {
    @Test func pythonTripleQuotedStringAcrossLines() {
        #expect(
            spans("python", "def f(x):\n    \"\"\"Doc\n    more\"\"\"\n    return f\"{x:.2f}\" # done\n") == [
                Span("def", .keyword), Span("f", .titleFunction), Span("\"\"\"Doc", .string),
                Span("    more\"\"\"", .string),
                Span("return", .keyword), Span("f\"", .string), Span("{", .subst), Span(":.2f", .string),
                Span("}", .subst), Span("\"", .string), Span("# done", .comment),
            ])
    }

    @Test func pythonDecoratorsLiteralsAndNumbers() {
        #expect(
            spans("python", "@app.route('/')\nx = None if y else 0x1F + 1e-3\n") == [
                Span("@app.route", .meta), Span("'/'", .string), Span("None", .literal), Span("if", .keyword),
                Span("else", .keyword), Span("0x1F", .number), Span("1e-3", .number),
            ])
    }

    @Test func javascriptNestedTemplateLiterals() {
        #expect(
            spans("js", "const s = `a${ b ? `c${d}` : 'e' }\nf`; // g\n") == [
                Span("const", .keyword), Span("`a", .string), Span("${", .subst), Span("`c", .string),
                Span("${", .subst), Span("}", .subst), Span("`", .string), Span("'e'", .string), Span("}", .subst),
                Span("f`", .string), Span("// g", .comment),
            ])
    }

    @Test func javascriptRegexpOnlyWhereAValueStarts() {
        #expect(
            spans("javascript", "x = a / b / c; y = /ab+c/gi.test(s); <p>a</p>") == [
                Span("/ab+c/gi", .regexp)
            ])
    }

    @Test func bashHeredocVariablesAndPrompt() {
        #expect(
            spans("bash", "$ cat <<-EOF > out # c\nhello $USER\n\tEOF\necho \"${HOME}/x\" $1\n") == [
                Span("$", .meta), Span("<<-EOF", .string), Span("# c", .comment), Span("hello $USER", .string),
                Span("\tEOF", .string), Span("echo", .builtIn), Span("\"", .string), Span("${HOME}", .variable),
                Span("/x\"", .string), Span("$1", .variable),
            ])
    }

    @Test func phpHeredocAndHTMLAroundIt() {
        #expect(
            spans("php", "<?php $a = <<<EOT\nText\nEOT;\n?><b class=\"x\">\n<?php echo 1; ?>\n") == [
                Span("<?php", .meta), Span("$a", .variable), Span("<<<EOT", .string), Span("Text", .string),
                Span("EOT", .string), Span("?>", .meta), Span("<", .tag), Span("b", .name), Span("class", .attr),
                Span("\"x\"", .string), Span(">", .tag), Span("<?php", .meta), Span("echo", .keyword),
                Span("1", .number), Span("?>", .meta),
            ])
    }

    @Test func sqlQuotedIdentifierAcrossLinesAndDoubledQuotes() {
        #expect(
            spans("SQL", "SELECT \"a\nb\" FROM t WHERE s = 'it''s' -- c\n") == [
                Span("SELECT", .keyword), Span("\"a", .name), Span("b\"", .name), Span("FROM", .keyword),
                Span("WHERE", .keyword), Span("'it''s'", .string), Span("-- c", .comment),
            ])
    }

    @Test func htmlWithScriptAndStyle() {
        #expect(
            spans("html", "<!DOCTYPE html>\n<script>if (a < b) x = '</p>'</script>\n<style>p { color: red }</style>\n")
                == [
                    Span("<!DOCTYPE html>", .meta), Span("<", .tag), Span("script", .name), Span(">", .tag),
                    Span("if", .keyword), Span("'</p>'", .string), Span("</", .tag), Span("script", .name),
                    Span(">", .tag), Span("<", .tag), Span("style", .name), Span(">", .tag), Span("p", .selectorTag),
                    Span("color", .attribute), Span("</", .tag), Span("style", .name),
                    Span(">", .tag),
                ])
    }

    @Test func xmlCommentAndCDATAAcrossLines() {
        #expect(
            spans("xml", "<?xml version=\"1.0\"?>\n<a><!-- x\ny --><![CDATA[z]]></a>\n") == [
                Span("<?xml version=\"1.0\"?>", .meta), Span("<", .tag), Span("a", .name), Span(">", .tag),
                Span("<!-- x", .comment), Span("y -->", .comment), Span("<![CDATA[z]]>", .meta), Span("</", .tag),
                Span("a", .name), Span(">", .tag),
            ])
    }

    @Test func rustNestedCommentsRawStringsAndAttributes() {
        #expect(
            spans("rs", "#[derive(Debug)]\n/* a /* b */ c */ let s = r#\"q\"x\"#;\n") == [
                Span("#[derive(Debug)]", .meta), Span("/* a /* b */ c */", .comment), Span("let", .keyword),
                Span("r#\"q\"x\"#", .string),
            ])
    }

    @Test func cppRawStringAndPreprocessorContinuation() {
        #expect(
            spans("c++", "#define X \\\n  1\nauto s = R\"d()\")d\";\n") == [
                Span("#define X \\", .meta), Span("  1", .meta), Span("auto", .keyword), Span("R\"d()\")d\"", .string),
            ])
    }

    @Test func luaLongBracketsAndComments() {
        #expect(
            spans("lua", "local s = [==[a]]\n]==] --[[ c\n]]\n") == [
                Span("local", .keyword), Span("[==[a]]", .string), Span("]==]", .string), Span("--[[ c", .comment),
                Span("]]", .comment),
            ])
    }

    @Test func swiftInterpolationAttributesAndDirectives() {
        #expect(
            spans("swift", "@MainActor func f() { print(\"a \\(g(\"b\")) c\") }\n#if DEBUG\n") == [
                Span("@MainActor", .keyword), Span("func", .keyword), Span("f", .titleFunction),
                Span("print", .builtIn),
                Span("\"a ", .string), Span("\\(", .subst), Span("\"b\"", .string), Span(")", .subst),
                Span(" c\"", .string), Span("#if", .keyword),
            ])
    }

    @Test func jsonKeysAndValues() {
        #expect(
            spans("jsonc", "{\"a\": [1, \"b\", true], // c\n \"d\": null}") == [
                Span("\"a\"", .attr), Span("1", .number), Span("\"b\"", .string), Span("true", .literal),
                Span("// c", .comment), Span("\"d\"", .attr), Span("null", .literal),
            ])
    }

    @Test func hclLabelsKeysAndInterpolation() {
        #expect(
            spans("terraform", "resource \"aws_instance\" \"web\" {\n  ami = \"${var.a}-x\" # c\n}\n") == [
                Span("resource", .keyword), Span("\"aws_instance\"", .titleClass), Span("\"web\"", .titleClass),
                Span("ami", .attr),
                Span("\"", .string), Span("${", .subst), Span("}", .subst), Span("-x\"", .string),
                Span("# c", .comment),
            ])
    }

    @Test func diffLines() {
        #expect(
            spans("diff", "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n same\n") == [
                Span("--- a", .meta), Span("+++ b", .meta), Span("@@ -1 +1 @@", .meta), Span("-old", .deletion),
                Span("+new", .addition),
            ])
    }

    @Test func yamlTomlDockerfileNginx() {
        #expect(
            spans("yml", "key: 'v' # c\n- n: 3\n  url: http://x\n") == [
                Span("key", .attr), Span("'v'", .string), Span("# c", .comment), Span("n", .attr), Span("3", .number),
                Span("url", .attr),
            ])
        #expect(
            spans("toml", "[server]\nport = 80\n") == [
                Span("[server]", .section), Span("port", .attr), Span("80", .number),
            ])
        #expect(
            spans("dockerfile", "FROM alpine AS base\nRUN echo from\n") == [
                Span("FROM", .keyword), Span("RUN", .keyword),
            ])
        #expect(
            spans("nginx", "server { listen 80; root $root; }\n") == [
                Span("server", .attribute), Span("listen", .attribute), Span("80", .number), Span("root", .attribute),
                Span("$root", .variable),
            ])
    }

    @Test func rubyRPowerShellGoKotlinJavaCSharp() {
        #expect(
            spans("ruby", "def f = :sym\n=begin\nx\n=end\n") == [
                Span("def", .keyword), Span("f", .titleFunction), Span(":sym", .symbol), Span("=begin", .comment),
                Span("x", .comment), Span("=end", .comment),
            ])
        #expect(
            spans("r", "x <- c(1, NA) # c\n") == [
                Span("c", .builtIn), Span("1", .number), Span("NA", .literal), Span("# c", .comment),
            ])
        #expect(
            spans("ps1", "<# a #> $x = \"$y\"\n") == [
                Span("<# a #>", .comment), Span("$x", .variable), Span("\"", .string), Span("$y", .variable),
                Span("\"", .string),
            ])
        #expect(
            spans("go", "func main() { s := `a\nb` }\n") == [
                Span("func", .keyword), Span("main", .titleFunction), Span("`a", .string), Span("b`", .string),
            ])
        #expect(
            spans("kt", "val s = \"${a}\"\n") == [
                Span("val", .keyword), Span("\"", .string), Span("${", .subst), Span("}", .subst), Span("\"", .string),
            ])
        #expect(
            spans("java", "@Override public int f() { return 0; }\n") == [
                Span("@Override", .meta), Span("public", .keyword), Span("int", .type), Span("return", .keyword),
                Span("0", .number),
            ])
        #expect(
            spans("cs", "var s = $\"{a:N2}\" + @\"c\"\"d\";\n") == [
                Span("var", .keyword), Span("$\"", .string), Span("{", .subst), Span(":N2", .string), Span("}", .subst),
                Span("\"", .string), Span("@\"c\"\"d\"", .string),
            ])
    }

    @Test func cssSelectorsAndDeclarations() {
        #expect(
            spans("scss", "a.b:hover, #c { margin: 0 auto !important; color: #fff; }\n") == [
                Span("a", .selectorTag), Span(".b", .selectorClass), Span(":hover", .selectorPseudo),
                Span("#c", .selectorID), Span("margin", .attribute), Span("0", .number), Span("auto", .literal),
                Span("!important", .keyword), Span("color", .attribute), Span("#fff", .number),
            ])
    }
}
