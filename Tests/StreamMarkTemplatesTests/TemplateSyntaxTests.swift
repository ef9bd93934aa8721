import StreamMark
import StreamMarkTemplates
import Testing

/// Template syntax, data errors and Mustache details, with positions
/// counted by hand.
@Suite struct TemplateSyntaxTests {
    private func syntaxError(_ template: String) -> TemplateError? {
        do {
            _ = try Template(template)
            return nil
        } catch {
            return error
        }
    }

    private func renderError(_ template: String, _ json: String, options: TemplateOptions = TemplateOptions())
        -> TemplateError?
    {
        do {
            _ = try Template(template).render(JSONValue(parsing: json), options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func unclosedSection() {
        let error = syntaxError("# T\n\nx {{#each items key=id}}\n- {{a}}\n")
        #expect(error?.line == 3 && error?.column == 3)
        #expect(error?.message.contains("unclosed section") == true)
    }

    @Test func mismatchedClose() {
        let error = syntaxError("{{#if a}}\n  {{#each b key=id}}\n  x\n  {{/if}}\n{{/each}}\n")
        #expect(error?.line == 4 && error?.column == 3)
        #expect(error?.message.contains("does not match") == true)
        #expect(error?.message.contains("2:3") == true)
    }

    @Test func badKeyPath() {
        let error = syntaxError("ok\nthen {{#each items key=a..b}}x{{/each}}")
        #expect(error?.line == 2 && error?.column == 6)
        #expect(error?.message.contains("bad key path") == true)
    }

    @Test(arguments: [
        ("{{#each items}}x{{/each}}", 1, 1, "explicit key"),
        ("ab {{x", 1, 4, "unclosed tag"),
        ("ab {{{x}}", 1, 4, "unclosed tag"),
        ("é {{/if}}", 1, 3, "closes nothing"),
        ("{{else}}", 1, 1, "outside"),
        ("{{#if a}}{{else}}{{else}}{{/if}}", 1, 18, "second"),
        ("\n\n  {{#with a}}", 3, 3, "unknown section"),
        ("{{a b}}", 1, 1, "bad path"),
        ("{{}}", 1, 1, "empty tag"),
        ("{{#each a key=}}{{/each}}", 1, 1, "bad key path"),
    ])
    func positionedErrors(_ template: String, _ line: Int, _ column: Int, _ words: String) {
        let error = syntaxError(template)
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.message.contains(words) == true, "\(String(describing: error))")
    }

    @Test func missingKeyNamesTheItem() {
        let error = renderError(
            "x\n{{#each steps key=id}}- {{t}}\n{{/each}}", #"{"steps":[{"id":"a"},{"t":"no key"}]}"#)
        #expect(error?.line == 2 && error?.column == 1)
        #expect(error?.message.contains("item 1") == true)
        #expect(error?.message.contains("no key") == true)
    }

    @Test func duplicateKeyNamesTheItems() {
        let error = renderError(
            "{{#each steps key=id}}- x\n{{/each}}", #"{"steps":[{"id":"a"},{"id":"b"},{"id":"a"}]}"#)
        #expect(error?.message.contains("duplicate key 'a'") == true)
        #expect(error?.message.contains("items 0 and 2") == true)
        #expect(
            renderError(
                "{{#each steps key=id}}- x\n{{/each}}", #"{"steps":[{"id":"a"},{"id":"a"}]}"#,
                options: TemplateOptions(uniqueKeys: true)) == nil)
    }

    @Test func eachOverANonArray() {
        let error = renderError("\n {{#each steps key=id}}x{{/each}}", #"{"steps":"nope"}"#)
        #expect(error?.line == 2 && error?.column == 2)
    }

    @Test func missingDataRendersEmpty() throws {
        let rendering = try Template("a{{x.y.z}}b {{#each none key=id}}x{{/each}}{{#if no}}y{{/if}}\n").render(
            .object([:]))
        #expect(rendering.markdown == "ab \n")
    }

    @Test func standaloneLinesAreRemoved() throws {
        let template = "A\n  {{#if t}}  \nB\n{{! note }}\n{{else}}\nC\n{{/if}}\nD {{#if t}}E{{/if}}\n"
        #expect(try Template(template).render(.object(["t": .bool(true)])).markdown == "A\nB\nD E\n")
        #expect(try Template(template).render(.object(["t": .bool(false)])).markdown == "A\nC\nD \n")
    }

    @Test func contextLookupAndTruthiness() throws {
        let template = "{{#each xs key=id}}{{#if on}}[{{id}}:{{title}}]{{else}}({{id}}){{/if}}{{/each}}\n"
        let data = try JSONValue(
            parsing:
                #"{"title":"T","xs":[{"id":1,"on":true},{"id":2,"on":0},{"id":3,"on":""},{"id":4,"on":[]},{"id":5,"on":{}}]}"#
        )
        #expect(try Template(template).render(data).markdown == "[1:T](2)(3)(4)[5:T]\n")
    }

    @Test(arguments: [
        (#"{"a": [1, 2"#, 1, 12),
        ("{\n  \"a\": tru }", 2, 8),
        (#"{"a": 01}"#, 1, 8),
        (#"[1,]"#, 1, 4),
        (#""\x""#, 1, 3),
    ])
    func jsonErrorsArePositioned(_ json: String, _ line: Int, _ column: Int) {
        do {
            _ = try JSONValue(parsing: json)
            Issue.record("expected an error for \(json)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
        }
    }

    @Test func jsonValues() throws {
        let value = try JSONValue(
            parsing: #" {"s": "a\"\u00e9\ud83d\ude00\n", "n": -1.5e2, "b": [true, false, null], "o": {}} "#)
        #expect(
            value
                == .object([
                    "s": .string("a\"é😀\n"), "n": .number(-150), "b": .array([.bool(true), .bool(false), .null]),
                    "o": .object([:]),
                ]))
    }

    @Test func hostileInputNeverCrashes() {
        var generator = SplitMix64(seed: 7)
        let pieces = [
            "{{", "}}", "{{{", "}}}", "#each", "#if", "/each", "/if", "else", " key=", "x", ".", "!", "\n", "é", "\0",
            "&",
        ]
        var rendered = 0
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...20, using: &generator) {
                text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            if let template = try? Template(text),
                (try? template.render(.object(["x": .array([.object(["x": .string("v")])])]))) != nil
            {
                rendered += 1
            }
        }
        #expect(rendered > 0)
        #expect(syntaxError(String(repeating: "{{#if a}}", count: 10_000)) != nil)
        #expect((try? JSONValue(parsing: String(repeating: "[", count: 100_000))) == nil)
    }
}
