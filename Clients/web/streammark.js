// StreamMark reference web client: applies StreamMark's NDJSON patches
// (docs/patches.md, protocol v1 and v2) to a DOM element, keyed by block id.
//
// No dependencies, no build step: `import { StreamMarkView } from "./streammark.js"`.
//
//   const view = new StreamMarkView(document.querySelector("#answer"));
//   for await (const line of lines) view.applyLine(line);
//   view.finish();
//
// The client never parses Markdown: it builds DOM from the block values the
// engine sends. After a stream ends, the element's HTML is the HTML of
// `streammark --format html` (same tags, attributes, text and newlines; the
// only additions are `data-id` attributes on block elements).
//
// What it promises, and the browser test (scripts/test-browser.sh) checks:
// - inserts, removes and moves touch only the nodes of those blocks;
// - an update of the open block changes only the DOM it must: a growing text
//   node is appended to (`appendData`), an inline splice replaces only the
//   tail inline nodes, a growing code block appends to its text node;
// - a closed block's nodes are never replaced or mutated again, with one
//   counted exception (`stats.closedUpdates`): an update caused by a link
//   reference definition that arrived later. (StreamMark closes an item of
//   a tight list only with its list, so a list turning loose re-wraps only
//   open items; `stats.loosenedClosed` counts it should another producer
//   close them earlier);
// - safe by construction: text goes through text nodes and attributes
//   through setAttribute, never innerHTML (only `unsafe: true` parses the
//   raw HTML itself, as `streammark --unsafe` emits it); URLs are filtered with the Swift
//   HTML renderer's rules (Sources/StreamMarkHTML/URLSafety.swift); raw HTML
//   becomes the comment `<!-- raw HTML omitted -->` unless `unsafe: true`.
// - syntax highlighting (v2 streams written with `--highlight`): the op
//   `[8, ID, FIRST, [LINE, …]]` turns a code block's completed lines into
//   `<span class="hljs-KIND">` runs, as highlight.js writes them; the open
//   last line stays plain text until its op arrives. An op for the next
//   line converts only that line; appends touch only the plain tail.
// - every code block gets a copy button (`<button class="sm-copy">` before
//   its `<code>`; `copyButtons: false` leaves it out) that copies the
//   block's literal.
// - math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, ```` ```math ```` blocks) is a
//   `<span class="math inline">` / `<span class="math display">` (a math
//   block's inside a `<p>`, as pandoc --mathjax writes it). The `math`
//   option renders its TeX into that span (KaTeX: `math: katex`); without a
//   renderer the span holds the TeX as text, `\(…\)` / `\[…\]`, which is
//   exactly `streammark --format html`. A formula is rendered once per
//   value: a closed block's math is never rendered again, and a splice
//   reuses the rendered span of any math inline whose TeX and mode did not
//   change.
// - footnotes: a reference is `<sup class="footnote-ref"><a href="#fn-L"
//   id="fnref-L" data-footnote-ref>N</a></sup>` (its source text `[^x]`
//   while undefined); a note (`footnote_definition`) shows nothing where it
//   was written: its `<li id="fn-L">` is moved, the same element, into the
//   `footnotes` section's `<section class="footnotes" data-footnotes><ol>`
//   when the section lists it, with its back-references (`↩`) at the end
//   of its last paragraph, as cmark-gfm writes them.

/// Renders a StreamMark patch stream into a DOM element.
export class StreamMarkView {
  /// v2: where a bare-string continuation line appends ({ id, cell, drop,
  /// before }), and what an update, retype or splice without an id names.
  #target = null;
  /// v2: reads short-form lines (keeps the id register of the stream).
  #reader = new ShortFormReader();
  /// While inlines are rebuilt: the rendered math spans of the inlines
  /// being replaced, by TeX and mode, for the new inlines to reuse.
  #mathPool = null;
  #nonce = "";
  /// The footnotes section's record while it exists, and whether a patch
  /// touched a note (the section then lays out its list again).
  #section = null;
  #notesTouched = false;

  /// `options`: `unsafe` (keep raw HTML and dangerous URLs, default false),
  /// `hardBreaks` (soft breaks as `<br />`), `noBreaks` (soft breaks as
  /// spaces) — the meanings of `streammark --unsafe` and cmark's options;
  /// `copyButtons` (default true): a copy button in every code block's
  /// `<pre>`, before its `<code>` (the only markup the view adds to
  /// `streammark --format html`'s, besides `data-id`);
  /// `math`: how TeX is rendered into its `<span class="math …">`: a
  /// function `(tex, displayMode, element) => void`, or a KaTeX object
  /// (anything with `render`: `katex.render(tex, element, { displayMode,
  /// throwOnError: false })`), or `false` for none (the TeX as text). The
  /// default is `globalThis.katex` if a page loaded KaTeX as a script, else
  /// none. The library never loads KaTeX itself.
  constructor(element, options = {}) {
    this.element = element;
    this.document = element.ownerDocument;
    this.options = {
      unsafe: !!options.unsafe,
      hardBreaks: !!options.hardBreaks,
      noBreaks: !!options.noBreaks,
      copyButtons: options.copyButtons !== false,
      math: mathRenderer(options.math),
    };
    /// Marks the math placeholders of raw-HTML runs (unsafe only) as ours.
    this.#nonce = Math.random().toString(36).slice(2);
    element.replaceChildren();
    this.root = this.#record("doc", { type: "document" }, [0, 0], null);
    this.root.el = element;
    this.root.box = element;
    this.blocks = new Map([["doc", this.root]]);
    this.finished = false;
    /// The protocol version of the stream: 1, or 2 after the `{"v":2}` header.
    this.version = null;
    /// Counters: patches applied by op, and the two kinds of change a
    /// closed block may still see.
    this.stats = {
      patches: 0,
      insert: 0,
      update: 0,
      retype: 0,
      append: 0,
      splice: 0,
      remove: 0,
      move: 0,
      close: 0,
      highlight: 0,
      highlightedLines: 0, // code lines turned into spans (a line again after a restart counts again)
      closedHighlights: 0, // highlight ops for a closed block (a producer should send them before the close)
      closedUpdates: 0, // updates of a closed block (link reference definitions)
      loosenedClosed: 0, // closed paragraphs re-wrapped because their list turned loose/tight
      reflowed: 0, // all paragraphs re-wrapped because their list turned loose/tight
      reshapedNodes: 0, // top-level DOM nodes removed and added by re-wraps, retypes and a note's back-references moving to its new last block (short patches, whole-block DOM work)
      rawNodes: 0, // unsafe only: top-level nodes of raw-HTML inline runs parsed or removed as a whole
      mathRenders: 0, // calls of the math renderer (one per formula value shown; 0 without a renderer)
      mathReused: 0, // math inlines whose rendered span a splice or rebuild kept (same TeX and mode)
      mathErrors: 0, // renderer calls that threw (the span then shows the TeX as text)
    };
  }

  /// Applies one NDJSON line (empty lines are ignored).
  applyLine(text) {
    const line = text.trim();
    if (line === "") return;
    this.apply(JSON.parse(line));
  }

  /// Applies one decoded patch: a v1 object (`"v":1`), the v2 header
  /// `{"v":2}`, a v2 short-form op (an array), a v2 long-form object (no
  /// `v`, after the header), or a v2 continuation (a bare string: append to
  /// the previous line's target).
  apply(patch) {
    if (this.finished) throw new Error("streammark: patch after finish()");
    if (typeof patch === "string") {
      const id = this.#target ? this.#target.id : null;
      const host = this.#noteOf(id);
      this.#continue(patch);
      this.#afterFootnotes(host, id);
      this.#count("append");
      return;
    }
    patch = this.expand(patch);
    if (patch === null || typeof patch !== "object") throw new Error("streammark: a patch must be an object or an array");
    if (patch.op === undefined) {
      if (patch.v !== 1 && patch.v !== 2) throw new Error(`streammark: unsupported patch version ${patch.v}`);
      this.version = patch.v; // the stream header: {"v":2}
      this.#target = null;
      this.#reader = new ShortFormReader();
      return;
    }
    const version = patch.v !== undefined ? patch.v : this.version;
    if (version !== 1 && version !== 2) throw new Error(`streammark: unsupported patch version ${version}`);
    const host = this.#noteOf(patch.op === "insert" ? patch.parent : patch.id);
    if (version === 1) this.#applyV1(patch);
    else this.#applyV2(patch);
    this.#afterFootnotes(host, patch.op === "insert" ? patch.parent : patch.id);
    this.#count(patch.op);
  }

  // MARK: Footnotes

  /// The note that holds block `id` as a direct child or is it (where its
  /// back-references may have to move), or null.
  #noteOf(id) {
    const rec = typeof id === "string" ? this.blocks.get(id) : undefined;
    if (!rec) return null;
    if (rec.kind.type === "footnote_definition") return rec;
    return rec.parent && rec.parent.kind.type === "footnote_definition" ? rec.parent : null;
  }

  /// After a patch: the back-references of the note it touched (before and
  /// after it applied) in place, and the section's list laid out again if a
  /// note or the section changed.
  #afterFootnotes(before, id) {
    const after = this.#noteOf(id);
    if (before && this.blocks.get(before.id) === before) this.#syncBackrefs(before);
    if (after && after !== before) this.#syncBackrefs(after);
    if (this.#notesTouched) {
      this.#notesTouched = false;
      this.#syncSection();
    }
  }

  /// A note's `<li id="fn-LABEL">` (its box): a newline, then its blocks;
  /// its nodes in its parent are none (it shows in the section).
  #buildNote(rec) {
    // Built again (a container around it rebuilt): the old <li> goes.
    if (rec.noteNodes) for (const node of rec.noteNodes) node.remove();
    const note = rec.kind.footnote || {};
    rec.el = rec.box = this.#el("li");
    rec.el.setAttribute("id", `fn-${escapeHref(String(note.label ?? ""))}`);
    rec.el.dataset.id = rec.id;
    rec.el.append(this.#nl());
    rec.noteNodes = [rec.el, this.#nl()];
    rec.refs = null;
    rec.nodes = [];
    this.#buildChildren(rec);
    this.#syncBackrefs(rec);
    this.#notesTouched = true;
  }

  /// The section: `<section class="footnotes" data-footnotes>`, `<ol>`.
  #buildSection(rec) {
    rec.el = this.#el("section");
    rec.el.setAttribute("class", "footnotes");
    rec.el.setAttribute("data-footnotes", "");
    rec.ol = this.#el("ol");
    rec.ol.append(this.#nl());
    rec.el.append(this.#nl(), rec.ol, this.#nl());
    rec.listed = [];
    this.#section = rec;
    this.#notesTouched = true;
  }

  /// The back-references of a note, as cmark-gfm writes them: inside its
  /// last block (notes nested in it aside) after a space when that is a
  /// paragraph, else at the end of its `<li>` before a newline. Built again
  /// only when the label or the reference count changed; moved (the same
  /// nodes) when the last block changed.
  #syncBackrefs(rec) {
    if (!rec.box || rec.kind.type !== "footnote_definition") return;
    const note = rec.kind.footnote || {};
    const label = escapeHref(String(note.label ?? ""));
    const count = Math.max(1, Number.isInteger(note.referenceCount) ? note.referenceCount : 1);
    const key = `${label}\u0000${count}`;
    if (!rec.refs || rec.refs.key !== key) {
      if (rec.refs) {
        this.stats.reshapedNodes += rec.refs.nodes.length;
        for (const node of rec.refs.nodes) node.remove();
      }
      const anchors = [];
      for (let k = 1; k <= count; k++) {
        if (k > 1) anchors.push(this.document.createTextNode(" "));
        const a = this.#el("a");
        a.setAttribute("href", `#fnref-${label}${k > 1 ? `-${k}` : ""}`);
        a.setAttribute("class", "footnote-backref");
        a.setAttribute("data-footnote-backref", "");
        a.setAttribute("aria-label", "Back to content");
        a.append(this.document.createTextNode("\u21A9"));
        if (k > 1) {
          const sup = this.#el("sup");
          sup.setAttribute("class", "footnote-ref");
          sup.append(this.document.createTextNode(String(k)));
          a.append(sup);
        }
        anchors.push(a);
      }
      rec.refs = { key, anchors, space: this.document.createTextNode(" "), nl: this.#nl(), nodes: [] };
    }
    let last = null;
    for (let i = rec.children.length - 1; i >= 0 && !last; i--) {
      if (rec.children[i].kind.type !== "footnote_definition") last = rec.children[i];
    }
    const inParagraph = !!last && last.kind.type === "paragraph" && !!last.el;
    const host = inParagraph ? last.el : rec.box;
    const nodes = inParagraph ? [rec.refs.space, ...rec.refs.anchors] : [...rec.refs.anchors, rec.refs.nl];
    const placed = nodes.length === rec.refs.nodes.length && nodes.every((node, i) => node === rec.refs.nodes[i]);
    if (placed && host.lastChild === nodes[nodes.length - 1] && nodes.every((node) => node.parentNode === host)) return;
    this.stats.reshapedNodes += rec.refs.nodes.length + nodes.length;
    for (const node of rec.refs.nodes) node.remove();
    host.append(...nodes);
    rec.refs.nodes = nodes;
  }

  /// Lays out the section's list: the `<li>` of each note it lists, in its
  /// order; notes no longer listed leave it. Elements are moved, never
  /// built again, and only from the first difference on.
  #syncSection() {
    const section = this.#section;
    if (!section || this.blocks.get(section.id) !== section) return;
    const wanted = [];
    for (const id of section.kind.notes || []) {
      const rec = this.blocks.get(id);
      if (rec && rec.kind.type === "footnote_definition" && rec.noteNodes && !wanted.includes(rec)) wanted.push(rec);
    }
    const listed = section.listed;
    let same = 0;
    while (same < wanted.length && same < listed.length && wanted[same] === listed[same]
      && wanted[same].noteNodes[0].parentNode === section.ol) same++;
    if (same === wanted.length && same === listed.length) return;
    for (const rec of listed.slice(same)) {
      if (!wanted.includes(rec) || this.blocks.get(rec.id) !== rec) for (const node of rec.noteNodes) node.remove();
    }
    const fragment = this.document.createDocumentFragment();
    for (const rec of wanted.slice(same)) fragment.append(...rec.noteNodes);
    section.ol.append(fragment);
    section.listed = wanted;
  }

  /// The long form of a decoded line: a short-form op (an array) is read
  /// with the stream's id register, which it advances, and the current
  /// continuation target; anything else is returned as it is. `apply` does
  /// this itself: call it only to look at a patch before it is applied, and
  /// then apply the object it returned, not the array (each short line must
  /// be read exactly once).
  expand(patch) {
    if (!Array.isArray(patch)) return patch;
    if (this.version !== 2) throw new Error("streammark: a short-form (array) patch outside a version-2 stream");
    return this.#reader.read(patch, this.#target);
  }

  #count(op) {
    this.stats.patches += 1;
    if (op in this.stats) this.stats[op] += 1;
  }

  #applyV1(patch) {
    this.#target = null;
    switch (patch.op) {
      case "insert": this.#insert(patch.parent, patch.index, patch.block, 1); break;
      case "remove": this.#remove(this.#get(patch.id)); break;
      case "move": this.#move(this.#get(patch.id), patch.parent, patch.index); break;
      case "close": this.#get(patch.id).closed = true; break;
      case "update": {
        const rec = this.#get(patch.id);
        if (!patch.value || !patch.value.kind) throw new Error("streammark: update without a value");
        rec.range = patch.value.range;
        this.#setKind(rec, patch.value.kind);
        break;
      }
      default: throw new Error(`streammark: unknown op ${patch.op}`);
    }
  }

  /// The id of the block a v2 continuation line would append to (and an
  /// update, retype or splice without an id would change), or null.
  get continuationTarget() {
    return this.#target ? this.#target.id : null;
  }

  /// Ends the stream. Further patches are rejected.
  finish() {
    this.finished = true;
    return this.stats;
  }

  /// Whether the block `id` is known and final: it or a container holding
  /// it was closed (a v2 `close` covers the whole subtree).
  isClosed(id) {
    const rec = this.blocks.get(id);
    return !!rec && this.#isFinal(rec);
  }

  #isFinal(rec) {
    for (let r = rec; r; r = r.parent) if (r.closed) return true;
    return false;
  }

  /// The DOM nodes block `id` contributes to its parent (its element, and
  /// the newline text nodes around it), or [] for an unknown id.
  nodesOf(id) {
    const rec = this.blocks.get(id);
    return rec ? rec.nodes.slice() : [];
  }

  // MARK: Records

  #record(id, kind, range, parent) {
    return {
      id, kind, range, parent, children: [], closed: false,
      el: null, // the block's element (null for a tight paragraph)
      box: null, // the element its children / inlines go into
      nodes: [], // its nodes in the parent's box, in order
      lead: null, // a leading "\n" text node (blocks inside an item)
      inl: null, // inline groups of paragraph / heading
      text: null, // the text node of a code block
      cells: null, // the cell elements' inline groups of a table row
    };
  }

  #get(id) {
    const rec = this.blocks.get(id);
    if (!rec) throw new Error(`streammark: unknown block ${id}`);
    return rec;
  }

  /// Throws before anything changes when a block of the subtree has no id
  /// or an id already in use.
  #checkIds(json) {
    const seen = new Set();
    const stack = [json];
    while (stack.length) {
      const block = stack.pop();
      if (!block || typeof block.id !== "string" || !block.kind) throw new Error("streammark: a block needs an id and a kind");
      if (this.blocks.has(block.id) || seen.has(block.id)) throw new Error(`streammark: duplicate block ${block.id}`);
      seen.add(block.id);
      if (block.children !== undefined && !Array.isArray(block.children)) throw new Error("streammark: bad children");
      stack.push(...(block.children || []));
    }
  }

  #adopt(json, parent, version) {
    if (!json || typeof json.id !== "string" || !json.kind) throw new Error("streammark: a block needs an id and a kind");
    if (this.blocks.has(json.id)) throw new Error(`streammark: duplicate block ${json.id}`);
    const kind = version === 2 ? kindFromV2(json.kind) : json.kind;
    const rec = this.#record(json.id, kind, json.range || null, parent);
    this.blocks.set(rec.id, rec);
    for (const child of json.children || []) rec.children.push(this.#adopt(child, rec, version));
    return rec;
  }

  #forget(rec) {
    const stack = [rec];
    while (stack.length) {
      const next = stack.pop();
      this.blocks.delete(next.id);
      if (next.noteNodes) {
        for (const node of next.noteNodes) node.remove();
        this.#notesTouched = true;
      }
      if (next === this.#section) this.#section = null;
      stack.push(...next.children);
    }
  }

  // MARK: Structure (insert, remove, move)

  #insert(parentId, index, json, version) {
    const parent = this.#get(parentId);
    if (version === 2 && index === undefined) index = parent.children.length;
    if (!(Number.isInteger(index) && index >= 0 && index <= parent.children.length)) throw new Error(`streammark: bad index ${index}`);
    this.#checkIds(json);
    const rec = this.#adopt(json, parent, version);
    try {
      this.#build(rec); // off-document: a bad kind throws before anything changed
    } catch (error) {
      this.#forget(rec);
      throw error;
    }
    parent.children.splice(index, 0, rec);
    this.#place(rec);
    this.#syncLeads(parent, index);
  }

  #remove(rec) {
    const parent = rec.parent;
    if (!parent) throw new Error("streammark: cannot remove the document");
    const index = parent.children.indexOf(rec);
    for (const node of rec.nodes) node.remove();
    parent.children.splice(index, 1);
    this.#forget(rec);
    this.#dropEmptyBody(parent);
    this.#syncLeads(parent, index);
  }

  #move(rec, parentId, index) {
    const from = rec.parent;
    const to = this.#get(parentId);
    const wasTight = this.#isTightParagraph(rec);
    const oldIndex = from.children.indexOf(rec);
    for (const node of rec.nodes) node.remove();
    from.children.splice(oldIndex, 1);
    this.#dropEmptyBody(from);
    this.#syncLeads(from, oldIndex);
    if (!(index >= 0 && index <= to.children.length)) throw new Error(`streammark: bad index ${index}`);
    rec.parent = to;
    to.children.splice(index, 0, rec);
    if (wasTight !== this.#isTightParagraph(rec) || rec.kind.type === "table_row") this.#rebuild(rec, false);
    this.#place(rec);
    this.#syncLeads(to, index);
  }

  /// Inserts `rec.nodes` at its position among its parent's children.
  #place(rec) {
    const parent = rec.parent;
    const box = this.#childBox(parent);
    const before = this.#nodeAfter(parent, parent.children.indexOf(rec) + 1);
    const fragment = this.document.createDocumentFragment();
    fragment.append(...rec.nodes);
    box.insertBefore(fragment, before);
  }

  /// The first node of the children of `parent` from `index` on, or the
  /// node that ends the parent's box content (null: its end).
  #nodeAfter(parent, index) {
    for (let i = index; i < parent.children.length; i++) {
      const nodes = parent.children[i].nodes;
      if (nodes.length) return nodes[0];
    }
    return null;
  }

  /// Where the children of `rec` go (a table's rows go into its `<tbody>`,
  /// created with the first row).
  #childBox(rec) {
    if (rec.kind.type !== "table") return rec.box;
    if (!rec.body) {
      rec.body = this.#el("tbody");
      rec.body.append(this.#nl());
      rec.bodyNl = this.#nl();
      rec.el.append(rec.body, rec.bodyNl);
    }
    return rec.body;
  }

  #dropEmptyBody(rec) {
    if (rec.kind.type === "table" && rec.body && rec.children.length === 0) {
      rec.body.remove();
      rec.bodyNl.remove();
      rec.body = null;
      rec.bodyNl = null;
    }
  }

  // MARK: Newlines inside list items

  /// cmark writes "\n" before a block inside an item unless the output
  /// already ends with one: before the item's first block (after `<li>` or
  /// its checkbox) and after a tight paragraph. Re-checks the blocks at
  /// `index - 1 … index + 1` of `parent`.
  #syncLeads(parent, index) {
    if (parent.kind.type !== "item") return;
    for (let i = Math.max(0, index - 1); i <= index + 1 && i < parent.children.length; i++) {
      this.#syncLead(parent.children[i], i);
    }
  }

  #syncLead(rec, index) {
    const parent = rec.parent;
    // A note draws nothing here: it takes no newline and is no block before.
    let previous = null;
    for (let i = index - 1; i >= 0 && !previous; i--) {
      if (parent.children[i].kind.type !== "footnote_definition") previous = parent.children[i];
    }
    const wanted = rec.kind.type !== "footnote_definition" && !this.#isTightParagraph(rec)
      && (previous === null || this.#isTightParagraph(previous));
    if (wanted && !rec.lead) {
      rec.lead = this.#nl();
      if (rec.nodes.length && rec.nodes[0].parentNode) rec.nodes[0].before(rec.lead);
      rec.nodes.unshift(rec.lead);
    } else if (!wanted && rec.lead) {
      rec.lead.remove();
      rec.nodes.shift();
      rec.lead = null;
    }
  }

  #isTightParagraph(rec) {
    if (rec.kind.type !== "paragraph") return false;
    const item = rec.parent;
    if (!item || item.kind.type !== "item") return false;
    const list = item.parent;
    return !!list && list.kind.type === "list" && !!list.kind.list.tight;
  }

  // MARK: Building blocks

  /// Builds the DOM of `rec` and its subtree (not yet in the document).
  #build(rec) {
    const kind = rec.kind;
    rec.lead = null;
    rec.el = null;
    rec.box = null;
    switch (kind.type) {
      case "paragraph":
        if (this.#isTightParagraph(rec)) {
          rec.inl = this.#buildInlines(kind.inlines || []);
          rec.nodes = flatten(rec.inl);
          return;
        }
        rec.el = this.#el("p");
        rec.inl = this.#fill(rec.el, kind.inlines || []);
        break;
      case "heading":
        rec.el = this.#el(`h${headingLevel(kind.level)}`);
        rec.inl = this.#fill(rec.el, kind.inlines || []);
        break;
      case "thematic_break":
        rec.el = this.#el("hr");
        break;
      case "code_block":
        this.#buildCode(rec);
        break;
      case "math":
        // `<p><span class="math display">…</span></p>`, as pandoc writes `$$…$$`.
        rec.el = this.#el("p");
        rec.tex = blockTeX(kind);
        rec.math = this.#mathElement(rec.tex, true);
        rec.el.append(rec.math);
        break;
      case "html_block":
        rec.nodes = this.#rawNodes(kind.literal || "", true);
        this.#tag(rec.nodes, rec.id);
        return;
      case "block_quote":
        rec.el = rec.box = this.#el("blockquote");
        rec.box.append(this.#nl());
        break;
      case "alert":
        this.#buildAlert(rec, kind.alert);
        break;
      case "list":
        rec.el = rec.box = this.#listElement(kind.list);
        rec.box.append(this.#nl());
        break;
      case "item":
        rec.el = rec.box = this.#el("li");
        this.#setTask(rec, kind.task);
        break;
      case "table":
        this.#buildTable(rec);
        break;
      case "table_row":
        rec.el = this.#el("tr");
        this.#fillRow(rec);
        rec.el.dataset.id = rec.id;
        rec.nodes = [rec.el, this.#nl()];
        return;
      case "footnote_definition":
        this.#buildNote(rec);
        return;
      case "footnotes":
        this.#buildSection(rec);
        break;
      case "document":
        throw new Error("streammark: a document inside a document");
      default:
        throw new Error(`streammark: unknown block type ${kind.type}`);
    }
    rec.el.dataset.id = rec.id;
    rec.nodes = [rec.el, this.#nl()];
    if (rec.box) this.#buildChildren(rec);
  }

  /// An alert as GitHub writes it: `<div class="markdown-alert
  /// markdown-alert-KIND">`, its title paragraph, then its children.
  #buildAlert(rec, alert) {
    const name = ALERT_TITLES[alert] ? alert : "note";
    rec.el = rec.box = this.#el("div");
    rec.el.className = `markdown-alert markdown-alert-${name}`;
    const title = this.#el("p");
    title.className = "markdown-alert-title";
    title.textContent = ALERT_TITLES[name];
    rec.box.append(this.#nl(), title, this.#nl());
  }

  #buildChildren(rec) {
    if (rec.children.length === 0) return;
    const box = this.#childBox(rec);
    rec.children.forEach((child) => {
      this.#build(child);
      box.append(...child.nodes);
    });
    if (rec.kind.type === "item") rec.children.forEach((child, i) => this.#syncLead(child, i));
  }

  /// Rebuilds `rec` in place (or detached when `inPlace` is false).
  #rebuild(rec, inPlace = true) {
    const old = rec.nodes;
    const anchor = inPlace && old.length ? old[old.length - 1].nextSibling : null;
    const box = inPlace && old.length ? old[0].parentNode : null;
    for (const node of old) node.remove();
    if (rec.noteNodes) {
      for (const node of rec.noteNodes) node.remove();
      rec.noteNodes = null;
      this.#notesTouched = true;
    }
    if (rec.kind.type === "table") { rec.body = null; rec.bodyNl = null; }
    // The rendered math of the old inlines (a paragraph gaining its <p>, a
    // retype, a row re-laid out) is reused by the new ones.
    const pool = new Map();
    if (rec.inl) poolMath(pool, rec.inl);
    if (rec.cells) for (const cell of rec.cells) poolMath(pool, cell.inl);
    this.#mathPool = pool.size ? pool : null;
    try {
      this.#build(rec);
    } finally {
      this.#mathPool = null;
    }
    if (!inPlace) return;
    if (box) {
      const fragment = this.document.createDocumentFragment();
      fragment.append(...rec.nodes);
      box.insertBefore(fragment, anchor);
    } else {
      this.#place(rec);
    }
    const parent = rec.parent;
    if (parent) this.#syncLeads(parent, parent.children.indexOf(rec));
  }

  /// `<pre>[<button class="sm-copy">]<code class="language-X">…</code></pre>`.
  /// The code's text is kept as `rec.head` (the highlighted lines, as
  /// spans and text nodes before the tail) and the plain rest, the tail:
  /// `rec.frozenText` (frozen text nodes `rec.frozen`, once the tail has
  /// grown long; see `#freezeTail`) then `rec.tail` (the text node
  /// `rec.text`, the last child of the `<code>`).
  #buildCode(rec) {
    const code = rec.kind.code || {};
    const pre = this.#el("pre");
    const element = this.#el("code");
    const language = infoLanguage(code.info || "");
    if (language) element.setAttribute("class", `language-${language}`);
    rec.head = "";
    rec.tail = code.literal || "";
    rec.hlLines = []; // highlighted lines: { start, end, segs } (UTF-16 offsets in the literal; segs per line)
    rec.hlGroups = []; // their DOM nodes, one group per highlight op: { first, nodes }
    rec.text = this.document.createTextNode(rec.tail);
    rec.frozen = []; // text nodes before rec.text, holding rec.frozenText
    rec.frozenText = "";
    element.append(rec.text);
    if (this.options.copyButtons) pre.append(this.#copyButton(rec));
    pre.append(element);
    rec.el = pre;
    rec.code = element;
  }

  // MARK: Code blocks: highlighting and the copy button

  /// v2 `highlight`: lines `first`, `first + 1`, … of the block's literal
  /// are complete and have these tokens (`[START, LENGTH, "KIND", …]`,
  /// UTF-8 bytes within the line). `first` equal to the lines already
  /// highlighted (the usual case) converts only the new lines, which are
  /// the first lines of the plain tail: their spans and text go before the
  /// tail's text node, which loses their text (one `deleteData`). A lower
  /// `first` (a restart) first removes the spans of lines `first…` and
  /// gives their text back to the tail. Everything is checked before the
  /// DOM changes. O(the lines converted), plus O(removed lines) on restart.
  #highlight(rec, first, lines) {
    if (rec.kind.type !== "code_block") throw new Error(`streammark: highlight ${rec.id}: not a code block`);
    const done = rec.hlLines;
    if (first > done.length) throw new Error(`streammark: highlight ${rec.id}: line ${first} after ${done.length} highlighted lines`);
    const restart = first < done.length;
    const from = restart ? done[first].start : rec.head.length;
    const text = restart ? rec.head.slice(from) + rec.tail : rec.tail; // the code from line `first` on
    const prepared = [];
    let at = 0;
    for (let i = 0; i < lines.length; i++) {
      if (at >= text.length) throw new Error(`streammark: highlight ${rec.id}: no line ${first + i} in the code`);
      const newline = text.indexOf("\n", at);
      const end = newline < 0 ? text.length : newline;
      const segs = tokenSegments(text, at, end, lines[i], rec.id, first + i);
      const next = newline < 0 ? end : end + 1;
      prepared.push({ start: from + at, end: from + next, segs });
      at = next;
    }
    if (this.#isFinal(rec)) this.stats.closedHighlights += 1;
    this.#thawTail(rec);
    if (restart) this.#unhighlight(rec, first);
    rec.head += text.slice(0, at);
    rec.tail = text.slice(at);
    if (lines.length > 0) {
      const nodes = this.#renderLines(text, from, prepared);
      const fragment = this.document.createDocumentFragment();
      fragment.append(...nodes);
      rec.code.insertBefore(fragment, rec.text);
      rec.hlGroups.push({ first, nodes });
      for (const line of prepared) done.push(line);
    }
    if (restart) rec.text.data = rec.tail;
    else if (at > 0) rec.text.deleteData(0, at);
    this.stats.highlightedLines += lines.length;
  }

  /// The nodes of highlighted lines (consecutive, `lines[i].start` and
  /// `.end` are offsets in the literal; `src` holds the literal from
  /// `offset` on): a span per token, the text between tokens (across line
  /// ends) as one text node.
  #renderLines(src, offset, lines) {
    const nodes = [];
    let cursor = lines[0].start - offset;
    for (const line of lines) {
      const base = line.start - offset;
      for (const [a, b, classes] of line.segs) {
        if (base + a > cursor) nodes.push(this.document.createTextNode(src.slice(cursor, base + a)));
        const span = this.#el("span");
        span.setAttribute("class", classes);
        span.append(this.document.createTextNode(src.slice(base + a, base + b)));
        nodes.push(span);
        cursor = base + b;
      }
    }
    const stop = lines[lines.length - 1].end - offset;
    if (stop > cursor) nodes.push(this.document.createTextNode(src.slice(cursor, stop)));
    return nodes;
  }

  /// Lines `k…` lose their highlighting: the DOM groups holding them are
  /// removed (lines of the same group before `k` are rendered again), the
  /// head is cut at line `k`. The caller sets the tail.
  #unhighlight(rec, k) {
    const lines = rec.hlLines;
    const groups = rec.hlGroups;
    let g = groups.length - 1;
    while (g > 0 && groups[g].first > k) g--;
    const regroup = groups[g].first;
    for (let i = g; i < groups.length; i++) for (const node of groups[i].nodes) node.remove();
    groups.length = g;
    if (regroup < k) {
      const again = lines.slice(regroup, k);
      const nodes = this.#renderLines(rec.head, 0, again);
      const fragment = this.document.createDocumentFragment();
      fragment.append(...nodes);
      rec.code.insertBefore(fragment, rec.text);
      groups.push({ first: regroup, nodes });
    }
    lines.length = k;
    rec.head = rec.head.slice(0, k > 0 ? lines[k - 1].end : 0);
  }

  /// A code block's literal became `literal`, equal to the old one in its
  /// first `same` characters: highlighted lines that changed (their text
  /// or the line feed ending them) lose their spans; the tail's text node
  /// changes from its first changed character on.
  #codeChanged(rec, literal, same) {
    this.#thawTail(rec);
    const lines = rec.hlLines;
    let keep = lines.length;
    while (keep > 0 && lines[keep - 1].end > same) keep--;
    if (keep < lines.length) {
      this.#unhighlight(rec, keep);
      rec.tail = literal.slice(rec.head.length);
      rec.text.data = rec.tail;
      return;
    }
    const from = same - rec.head.length;
    const tail = literal.slice(rec.head.length);
    if (from < rec.tail.length) rec.text.replaceData(from, rec.text.length - from, tail.slice(from));
    else if (tail.length > from) rec.text.appendData(tail.slice(from));
    rec.tail = tail;
  }

  /// v2 `append` to a code block: an edit of the plain tail is one
  /// `appendData`/`replaceData` on its text node (O(tail)); an edit reaching
  /// into highlighted lines un-highlights the lines that changed.
  #appendCode(rec, drop, before, text) {
    const code = rec.kind.code;
    if (drop + before <= rec.tail.length) {
      rec.tail = editTail(rec.tail, drop, before, text);
      editTextNode(rec.text, drop, before, text);
      if (rec.text.length > FROZEN_TAIL_THRESHOLD) this.#freezeTail(rec);
    } else {
      const old = rec.head + rec.frozenText + rec.tail;
      const literal = editTail(old, drop, before, text);
      let same = old.length - before - drop;
      const limit = Math.min(old.length, literal.length);
      while (same < limit && old.charCodeAt(same) === literal.charCodeAt(same)) same++;
      this.#codeChanged(rec, literal, same);
    }
    code.literal = rec.head + rec.frozenText + rec.tail;
  }

  /// A long plain tail (a code block streamed without highlighting, or a
  /// very long line) would make every append copy the whole tail: browsers
  /// keep a text node's text as one immutable string (`appendData` copies
  /// it), and an edit that keeps the final line feed slices the JS string.
  /// Once the tail's node passes `FROZEN_TAIL_THRESHOLD` characters, its
  /// first part becomes a frozen node (and `rec.frozenText`) that edits
  /// never touch; `FROZEN_TAIL_KEEP` characters stay in `rec.text` and
  /// `rec.tail` (never split inside a surrogate pair), so an append that
  /// drops or keeps up to that many characters still edits one small node
  /// and string. Amortised O(1) per appended character; an edit reaching
  /// into frozen text goes through `#codeChanged`, which thaws.
  #freezeTail(rec) {
    let at = rec.tail.length - FROZEN_TAIL_KEEP;
    const unit = rec.tail.charCodeAt(at);
    if (unit >= 0xdc00 && unit <= 0xdfff) at -= 1;
    const frozen = rec.text;
    rec.text = frozen.splitText(at);
    rec.frozen.push(frozen);
    rec.frozenText += rec.tail.slice(0, at);
    rec.tail = rec.tail.slice(at);
  }

  /// Joins the frozen text back into the tail's node and string (before an
  /// edit that may reach into it): O(tail).
  #thawTail(rec) {
    if (rec.frozen.length === 0) return;
    for (const node of rec.frozen) node.remove();
    rec.frozen = [];
    rec.tail = rec.frozenText + rec.tail;
    rec.frozenText = "";
    rec.text.data = rec.tail;
  }

  /// The copy button of a code block: copies the block's literal (its text
  /// without markup) when clicked or activated from the keyboard (a native
  /// `<button>`), then shows "Copied" for a moment. Its label is CSS
  /// generated content from `data-state` and its name `aria-label`, so the
  /// button adds no text to the page's text or to a selection, and its
  /// state changes only its own attributes (`data-state`, `aria-label`,
  /// `title`): the one change the view makes inside a closed block, which
  /// the browser test excludes by name.
  #copyButton(rec) {
    const button = this.#el("button");
    button.setAttribute("type", "button");
    button.setAttribute("class", "sm-copy");
    button.setAttribute("aria-label", COPY_LABEL);
    button.setAttribute("title", COPY_LABEL);
    let timer = null;
    button.addEventListener("click", async () => {
      const ok = await copyText(this.document, rec.kind.code ? rec.kind.code.literal : "");
      const label = ok ? "Copied" : "Copy failed";
      button.dataset.state = ok ? "copied" : "failed";
      button.setAttribute("aria-label", label);
      button.setAttribute("title", label);
      const view = this.document.defaultView;
      if (timer !== null) view.clearTimeout(timer);
      timer = view.setTimeout(() => {
        timer = null;
        delete button.dataset.state;
        button.setAttribute("aria-label", COPY_LABEL);
        button.setAttribute("title", COPY_LABEL);
      }, COPIED_MS);
    });
    return button;
  }

  #listElement(list) {
    if (list.kind === "bullet") return this.#el("ul");
    const element = this.#el("ol");
    if (list.start !== 1) element.setAttribute("start", String(list.start));
    return element;
  }

  /// The checkbox of a task item: `<input type="checkbox" [checked=""] disabled="" /> `.
  #setTask(rec, task) {
    if (rec.checkbox) {
      rec.checkbox.remove();
      rec.checkboxSpace.remove();
      rec.checkbox = rec.checkboxSpace = null;
    }
    if (task !== "checked" && task !== "unchecked") return;
    const input = this.#el("input");
    input.setAttribute("type", "checkbox");
    if (task === "checked") input.setAttribute("checked", "");
    input.setAttribute("disabled", "");
    rec.checkbox = input;
    rec.checkboxSpace = this.document.createTextNode(" ");
    rec.el.prepend(input, rec.checkboxSpace);
  }

  #buildTable(rec) {
    const table = this.#el("table");
    rec.el = table;
    rec.box = table; // rows go to the tbody (see #childBox)
    rec.body = null;
    rec.head = this.#el("thead");
    const row = this.#el("tr");
    this.#fillCells(row, rec.kind.table.header || [], rec.kind.table, "th");
    rec.head.append(this.#nl(), row, this.#nl());
    table.append(this.#nl(), rec.head, this.#nl());
  }

  #fillRow(rec) {
    const table = rec.parent && rec.parent.kind.type === "table" ? rec.parent.kind.table : null;
    const cells = rec.kind.cells || [];
    rec.cells = this.#fillCells(rec.el, cells, table, "td");
  }

  /// Writes one `<th>`/`<td>` per column (missing cells empty, extra cells
  /// dropped, as cmark-gfm); returns each cell's element and inline groups.
  #fillCells(row, cells, table, tag) {
    const columns = table ? (table.header || []).length : cells.length;
    const alignments = table ? table.alignments || [] : [];
    const out = [];
    for (let column = 0; column < columns; column++) {
      const cell = this.#el(tag);
      const alignment = alignments[column];
      if (alignment === "left" || alignment === "center" || alignment === "right") cell.setAttribute("align", alignment);
      const inl = this.#fill(cell, column < cells.length ? cells[column].inlines || [] : []);
      row.append(this.#nl(), cell);
      out.push({ el: cell, inl });
    }
    row.append(this.#nl());
    return out;
  }

  // MARK: Updates

  /// Gives `rec` a new kind (v1 `update`, v2 `update` and `retype`) and
  /// changes only the DOM that shows the difference.
  #setKind(rec, kind) {
    if (this.#isFinal(rec)) this.stats.closedUpdates += 1;
    const old = rec.kind;
    rec.kind = kind;
    if (rec === this.root) return;
    if (old.type !== kind.type) { this.#rebuild(rec); return; }
    switch (kind.type) {
      case "paragraph":
        this.#updateInlines(rec, kind.inlines || []);
        break;
      case "heading":
        if (headingLevel(old.level) !== headingLevel(kind.level)) this.#rebuild(rec);
        else this.#updateInlines(rec, kind.inlines || []);
        break;
      case "code_block":
        this.#updateCode(rec, old.code || {}, kind.code || {});
        break;
      case "html_block":
        if (this.options.unsafe && old.literal !== kind.literal) this.#rebuild(rec);
        break;
      case "list":
        this.#updateList(rec, old.list, kind.list);
        break;
      case "item":
        if ((old.task || null) !== (kind.task || null)) this.#setTask(rec, kind.task);
        break;
      case "table":
        this.#updateTable(rec, old.table, kind.table);
        break;
      case "table_row":
        this.#updateRow(rec);
        break;
      case "alert":
        if (old.alert !== kind.alert) this.#rebuild(rec);
        break;
      case "math":
        this.#updateMathBlock(rec);
        break;
      case "footnote_definition": {
        const label = escapeHref(String((kind.footnote || {}).label ?? ""));
        if (rec.el.getAttribute("id") !== `fn-${label}`) rec.el.setAttribute("id", `fn-${label}`);
        this.#syncBackrefs(rec);
        this.#notesTouched = true;
        break;
      }
      case "footnotes":
        this.#notesTouched = true;
        break;
      default:
        break; // block_quote, thematic_break: nothing to show but the range
    }
  }

  /// A new kind for a code block (v1 update, v2 update of the info string):
  /// the class follows the language; the text changes from its first
  /// changed character on (appended when it grew), and highlighted lines
  /// keep their spans unless their text changed. Highlighting is the
  /// producer's to restart (`[8, ID, 0, …]`) when the language changes.
  #updateCode(rec, old, code) {
    const oldLanguage = infoLanguage(old.info || "");
    const language = infoLanguage(code.info || "");
    if (oldLanguage !== language) {
      if (language) rec.code.setAttribute("class", `language-${language}`);
      else rec.code.removeAttribute("class");
    }
    const literal = code.literal || "";
    const current = rec.head + rec.frozenText + rec.tail;
    if (literal === current) return;
    let same = 0;
    const limit = Math.min(literal.length, current.length);
    while (same < limit && literal.charCodeAt(same) === current.charCodeAt(same)) same++;
    this.#codeChanged(rec, literal, same);
  }

  /// A math block's new TeX (it grows while the block is open): the span is
  /// rendered again, off-document, and replaces the old one; the same TeX
  /// (a final line feed more or less) changes nothing.
  #updateMathBlock(rec) {
    const tex = blockTeX(rec.kind);
    if (tex === rec.tex) return;
    const span = this.#mathElement(tex, true);
    rec.math.replaceWith(span);
    rec.math = span;
    rec.tex = tex;
  }

  #updateList(rec, old, list) {
    if (old.kind !== list.kind) {
      this.#replaceListElement(rec);
    } else if (list.kind === "ordered" && old.start !== list.start) {
      if (list.start !== 1) rec.el.setAttribute("start", String(list.start));
      else rec.el.removeAttribute("start");
    }
    if (!!old.tight !== !!list.tight) this.#reflowItems(rec);
  }

  #replaceListElement(rec) {
    const element = this.#listElement(rec.kind.list);
    element.dataset.id = rec.id;
    element.append(...rec.el.childNodes);
    rec.el.replaceWith(element);
    rec.nodes[rec.nodes.indexOf(rec.el)] = element;
    rec.el = rec.box = element;
  }

  /// A list turned loose (or tight): its items' paragraphs gain (or lose)
  /// their `<p>`, and the newlines between the items' blocks change.
  #reflowItems(list) {
    for (const item of list.children) {
      item.children.forEach((child) => {
        if (child.kind.type !== "paragraph") return;
        if (this.#isFinal(child)) this.stats.loosenedClosed += 1;
        this.stats.reflowed += 1;
        const before = child.nodes.length;
        this.#rebuild(child);
        this.stats.reshapedNodes += before + child.nodes.length;
      });
      item.children.forEach((child, i) => this.#syncLead(child, i));
    }
  }

  #updateTable(rec, old, table) {
    if (sameValue(old, table)) return;
    const row = this.#el("tr");
    this.#fillCells(row, table.header || [], table, "th");
    rec.head.replaceChildren(this.#nl(), row, this.#nl());
    if (sameValue(old.alignments, table.alignments) && (old.header || []).length === (table.header || []).length) return;
    for (const child of rec.children) this.#rebuild(child);
  }

  #updateRow(rec) {
    const table = rec.parent && rec.parent.kind.type === "table" ? rec.parent.kind.table : null;
    const columns = table ? (table.header || []).length : (rec.kind.cells || []).length;
    if (columns !== rec.cells.length) { this.#rebuild(rec); return; }
    const cells = rec.kind.cells || [];
    rec.cells.forEach((cell, column) => {
      const inlines = column < cells.length ? cells[column].inlines || [] : [];
      cell.inl = this.#spliceInlines(cell.el, null, cell.inl, inlines);
    });
  }

  /// Diffs the inlines of a paragraph or heading and touches only the tail
  /// that changed.
  #updateInlines(rec, inlines) {
    if (rec.el) {
      rec.inl = this.#spliceInlines(rec.el, null, rec.inl, inlines);
      return;
    }
    // A tight paragraph: its inline nodes sit directly in the <li>.
    const last = rec.nodes.length ? rec.nodes[rec.nodes.length - 1] : null;
    const after = last ? last.nextSibling : this.#nodeAfter(rec.parent, rec.parent.children.indexOf(rec) + 1);
    rec.inl = this.#spliceInlines(rec.parent.box, after, rec.inl, inlines);
    rec.nodes = flatten(rec.inl);
  }

  /// Replaces `groups` (the inline groups in `box`, ending before `end`)
  /// by `inlines`: keeps the equal prefix, extends a growing text node or
  /// recurses into a growing emphasis/link, and rebuilds only the rest.
  /// Returns the new groups.
  #spliceInlines(box, end, groups, inlines) {
    let keep = 0;
    while (keep < groups.length && keep < inlines.length && sameValue(groups[keep].v, inlines[keep])) keep++;
    if (keep === groups.length && keep === inlines.length) return groups;
    const result = groups.slice(0, keep);
    let from = keep;
    if (keep < groups.length && keep < inlines.length && this.#growInPlace(groups[keep], inlines[keep])) {
      result.push(groups[keep]);
      from = keep + 1;
    }
    return this.#replaceTail(box, end, groups, result, from, inlines.slice(from));
  }

  #replaceTail(box, end, groups, result, from, inlines) {
    let before = end;
    const pool = new Map();
    if (from < groups.length) {
      const lastNodes = groups[groups.length - 1].nodes;
      before = lastNodes[lastNodes.length - 1].nextSibling;
      for (let i = from; i < groups.length; i++) {
        if (groups[i].raw) this.stats.rawNodes += groups[i].nodes.length;
        for (const node of groups[i].nodes) node.remove();
      }
      poolMath(pool, groups.slice(from));
    }
    if (inlines.length) {
      const outer = this.#mathPool;
      this.#mathPool = pool.size ? pool : outer;
      let added;
      try {
        added = this.#buildInlines(inlines);
      } finally {
        this.#mathPool = outer;
      }
      const fragment = this.document.createDocumentFragment();
      fragment.append(...flatten(added));
      box.insertBefore(fragment, before);
      result.push(...added);
    }
    return result;
  }

  /// Updates one inline group in place when the change is a growing text
  /// (or the same emphasis/link with different content). True when done.
  #growInPlace(group, inline) {
    const old = group.v;
    if (typeof old === "string" && typeof inline === "string") {
      if (!(inline.length > old.length && inline.startsWith(old))) return false;
      group.nodes[0].appendData(inline.slice(old.length));
      group.v = inline;
      return true;
    }
    if (this.options.unsafe && group.raw) return false;
    if (!old || !inline || typeof old !== "object" || typeof inline !== "object") return false;
    if (old.type !== inline.type || !group.kids) return false;
    if (inline.type === "link" && (old.url !== inline.url || old.title !== inline.title)) return false;
    if (inline.type !== "emph" && inline.type !== "strong" && inline.type !== "strikethrough" && inline.type !== "link") return false;
    group.kids = this.#spliceInlines(group.nodes[0], null, group.kids, inline.children || []);
    group.v = inline;
    return true;
  }

  // MARK: Inlines

  /// Fills an element with inline content; returns the inline groups.
  #fill(element, inlines) {
    const groups = this.#buildInlines(inlines);
    element.append(...flatten(groups));
    return groups;
  }

  /// One group per inline: `{ v: value, nodes: [DOM nodes], kids: child groups }`.
  /// With `unsafe` and raw inline HTML, the whole run becomes one group
  /// parsed from HTML (raw tags may span the following inlines).
  #buildInlines(inlines) {
    if (this.options.unsafe && inlines.some(containsRawHTML)) {
      const template = this.document.createElement("template");
      const maths = [];
      template.innerHTML = inlines.map((inline) => this.#inlineHTML(inline, maths)).join("");
      if (maths.length) this.#renderPlaceholders(template.content, maths);
      const nodes = [...template.content.childNodes];
      this.stats.rawNodes += nodes.length;
      return [{ v: null, raw: true, nodes }];
    }
    return inlines.map((inline) => this.#buildInline(inline));
  }

  /// A raw-HTML run's math (unsafe, with a renderer): `#inlineHTML` wrote
  /// each formula as a span marked `data-sm-math="NONCE:i"` holding its TeX
  /// as text; each mark found is removed and its span rendered.
  #renderPlaceholders(fragment, maths) {
    const prefix = `${this.#nonce}:`;
    for (const span of fragment.querySelectorAll("span[data-sm-math]")) {
      const mark = span.getAttribute("data-sm-math");
      const math = mark.startsWith(prefix) ? maths[Number(mark.slice(prefix.length))] : undefined;
      if (!math || math.done) continue;
      math.done = true;
      span.removeAttribute("data-sm-math");
      this.#renderMath(span, math.tex, math.display);
    }
  }

  /// `<span class="math inline|display">` with the TeX rendered into it
  /// (or as text: `\(…\)`, `\[…\]`).
  #mathElement(tex, display) {
    const span = this.#el("span");
    span.setAttribute("class", display ? "math display" : "math inline");
    this.#renderMath(span, tex, display);
    return span;
  }

  /// Renders TeX into `span` with the `math` option; without one, or when
  /// it throws, the span shows the TeX as text, as pandoc --mathjax writes it.
  #renderMath(span, tex, display) {
    const render = this.options.math;
    if (render) {
      this.stats.mathRenders += 1;
      try {
        render(tex, display, span);
        return;
      } catch {
        this.stats.mathErrors += 1;
      }
    }
    span.replaceChildren(this.document.createTextNode(display ? `\\[${tex}\\]` : `\\(${tex}\\)`));
  }

  /// The group of a math inline: a rendered span of the inlines being
  /// replaced with the same TeX and mode if there is one, else a new one.
  #mathGroup(inline) {
    const tex = typeof inline.text === "string" ? inline.text : "";
    const display = !!inline.display;
    const pool = this.#mathPool;
    const spare = pool && pool.get(mathKey(tex, display));
    if (spare && spare.length) {
      this.stats.mathReused += 1;
      return { v: inline, nodes: spare.shift().nodes };
    }
    return { v: inline, nodes: [this.#mathElement(tex, display)] };
  }

  #buildInline(inline) {
    const d = this.document;
    if (typeof inline === "string") return { v: inline, nodes: [d.createTextNode(inline)] };
    switch (inline.type) {
      case "softbreak":
        if (this.options.hardBreaks) return { v: inline, nodes: [this.#el("br"), this.#nl()] };
        return { v: inline, nodes: [d.createTextNode(this.options.noBreaks ? " " : "\n")] };
      case "linebreak":
        return { v: inline, nodes: [this.#el("br"), this.#nl()] };
      case "code": {
        const code = this.#el("code");
        code.append(d.createTextNode(inline.text || ""));
        return { v: inline, nodes: [code] };
      }
      case "html":
        return { v: inline, nodes: this.#rawNodes(inline.text || "", false) };
      case "math":
        return this.#mathGroup(inline);
      case "footnote_reference":
        return { v: inline, nodes: this.#footnoteReference(inline.footnote || {}) };
      case "emph":
      case "strong":
      case "strikethrough": {
        const tag = inline.type === "emph" ? "em" : inline.type === "strong" ? "strong" : "del";
        const element = this.#el(tag);
        return { v: inline, nodes: [element], kids: this.#fill(element, inline.children || []) };
      }
      case "link": {
        const a = this.#el("a");
        a.setAttribute("href", this.#url(inline.url || ""));
        if (inline.title) a.setAttribute("title", inline.title);
        return { v: inline, nodes: [a], kids: this.#fill(a, inline.children || []) };
      }
      case "image": {
        const img = this.#el("img");
        img.setAttribute("src", this.#url(inline.url || ""));
        img.setAttribute("alt", plainText(inline.children || []));
        if (inline.title) img.setAttribute("title", inline.title);
        return { v: inline, nodes: [img] };
      }
      default:
        throw new Error(`streammark: unknown inline type ${inline.type}`);
    }
  }

  /// The nodes of a footnote reference: `<sup class="footnote-ref"><a
  /// href="#fn-LABEL" id="fnref-LABEL[-K]" data-footnote-ref>N</a></sup>`,
  /// or while it is undefined (number 0) its fallback inlines (the source
  /// with e-mail addresses linked), or the text `[^SOURCE]`.
  #footnoteReference(note) {
    if (!(Number.isInteger(note.number) && note.number > 0)) {
      if (Array.isArray(note.fallback)) return note.fallback.flatMap((inline) => this.#buildInline(inline).nodes);
      return [this.document.createTextNode(`[^${String(note.source ?? "")}]`)];
    }
    const label = escapeHref(String(note.label ?? ""));
    const sup = this.#el("sup");
    sup.setAttribute("class", "footnote-ref");
    const a = this.#el("a");
    a.setAttribute("href", `#fn-${label}`);
    a.setAttribute("id", `fnref-${label}${note.occurrence > 1 ? `-${note.occurrence}` : ""}`);
    a.setAttribute("data-footnote-ref", "");
    a.append(this.document.createTextNode(String(note.number)));
    sup.append(a);
    return [sup];
  }

  /// The HTML of one inline (used only with `unsafe` when raw inline HTML
  /// is present), escaped exactly as the Swift renderer escapes it. Math
  /// is its TeX as text, `\(…\)`; with a renderer its span is marked for
  /// `#renderPlaceholders` and its TeX and mode pushed to `maths`.
  #inlineHTML(inline, maths) {
    if (typeof inline === "string") return escapeHTML(inline);
    const children = () => (inline.children || []).map((child) => this.#inlineHTML(child, maths)).join("");
    switch (inline.type) {
      case "softbreak": return this.options.hardBreaks ? "<br />\n" : this.options.noBreaks ? " " : "\n";
      case "linebreak": return "<br />\n";
      case "code": return `<code>${escapeHTML(inline.text || "")}</code>`;
      case "html": return inline.text || "";
      case "math": {
        const tex = typeof inline.text === "string" ? inline.text : "";
        const display = !!inline.display;
        const text = escapeHTML(display ? `\\[${tex}\\]` : `\\(${tex}\\)`);
        const mark = this.options.math ? ` data-sm-math="${this.#nonce}:${maths.push({ tex, display }) - 1}"` : "";
        return `<span class="math ${display ? "display" : "inline"}"${mark}>${text}</span>`;
      }
      case "footnote_reference": {
        const note = inline.footnote || {};
        if (!(Number.isInteger(note.number) && note.number > 0)) {
          if (Array.isArray(note.fallback)) return note.fallback.map((child) => this.#inlineHTML(child, maths)).join("");
          return escapeHTML(`[^${String(note.source ?? "")}]`);
        }
        const label = escapeHTML(escapeHref(String(note.label ?? "")));
        const id = `fnref-${label}${note.occurrence > 1 ? `-${note.occurrence}` : ""}`;
        return `<sup class="footnote-ref"><a href="#fn-${label}" id="${id}" data-footnote-ref>${note.number}</a></sup>`;
      }
      case "emph": return `<em>${children()}</em>`;
      case "strong": return `<strong>${children()}</strong>`;
      case "strikethrough": return `<del>${children()}</del>`;
      case "link": {
        const title = inline.title ? ` title="${escapeHTML(inline.title)}"` : "";
        return `<a href="${escapeHTML(this.#url(inline.url || ""))}"${title}>${children()}</a>`;
      }
      case "image": {
        const title = inline.title ? ` title="${escapeHTML(inline.title)}"` : "";
        return `<img src="${escapeHTML(this.#url(inline.url || ""))}" alt="${escapeHTML(plainText(inline.children || []))}"${title} />`;
      }
      default: throw new Error(`streammark: unknown inline type ${inline.type}`);
    }
  }

  /// Raw HTML: the comment `<!-- raw HTML omitted -->` in safe mode; the
  /// parsed HTML (plus the newline cmark adds after an HTML block) when
  /// `unsafe` is set.
  #rawNodes(html, block) {
    if (!this.options.unsafe) {
      const nodes = [this.document.createComment(" raw HTML omitted ")];
      if (block) nodes.push(this.#nl());
      return nodes;
    }
    const template = this.document.createElement("template");
    template.innerHTML = html;
    const nodes = [...template.content.childNodes];
    if (block && !html.endsWith("\n")) nodes.push(this.#nl());
    if (nodes.length === 0) nodes.push(this.document.createTextNode(""));
    return nodes;
  }

  #tag(nodes, id) {
    for (const node of nodes) if (node.nodeType === 1) node.dataset.id = id;
  }

  /// An `href`/`src` value: "" for a dangerous URL in safe mode, else the
  /// URL escaped as cmark's `houdini_escape_href` (the attribute's value
  /// after HTML decoding: `&` and `'` stay, other unsafe bytes become %XX).
  #url(url) {
    if (!this.options.unsafe && isDangerousURL(url)) return "";
    return escapeHref(url);
  }

  #el(tag) {
    return this.document.createElement(tag);
  }

  #nl() {
    return this.document.createTextNode("\n");
  }

  // MARK: Protocol v2

  #applyV2(patch) {
    switch (patch.op) {
      case "insert": {
        this.#insert(patch.parent, patch.index, patch.block, 2);
        // Text after an insert goes to its last leaf (following last children).
        const leaf = lastLeaf(patch.block);
        this.#target = hasTextTail(leaf.kind) ? { id: leaf.id, cell: null, drop: 0, before: 0 } : null;
        return;
      }
      case "remove": this.#remove(this.#get(patch.id)); break;
      case "move": this.#move(this.#get(patch.id), patch.parent, patch.index); break;
      case "close": this.#get(patch.id).closed = true; return; // the target stays
      case "highlight": this.#highlight(this.#get(patch.id), patch.first, patch.lines); return; // the target stays
      case "update":
        this.#setKind(this.#get(patch.id), kindFromV2(patch.kind));
        this.#target = hasTextTail(patch.kind) ? { id: patch.id, cell: null, drop: 0, before: 0 } : null;
        return;
      case "retype": {
        const rec = this.#get(patch.id);
        if (!Array.isArray(rec.kind.inlines)) throw new Error(`streammark: retype ${patch.id}: no inlines to keep`);
        const kind = kindFromV2(patch.kind);
        if (kind.type !== "paragraph" && kind.type !== "heading") throw new Error(`streammark: retype ${patch.id} to ${kind.type}`);
        kind.inlines = rec.kind.inlines;
        const before = rec.nodes.length;
        this.#setKind(rec, kind);
        this.stats.reshapedNodes += before + rec.nodes.length;
        this.#target = { id: patch.id, cell: null, drop: 0, before: 0 };
        return;
      }
      case "append": {
        const cell = patch.cell === undefined ? null : patch.cell;
        const drop = patch.drop === undefined ? 0 : patch.drop;
        const before = patch.before === undefined ? 0 : patch.before;
        this.#append(this.#get(patch.id), cell, drop, before, patch.text);
        this.#target = { id: patch.id, cell, drop, before };
        return;
      }
      case "splice": {
        const cell = patch.cell === undefined ? null : patch.cell;
        this.#splice(this.#get(patch.id), cell, patch.keep, patch.inlines);
        this.#target = { id: patch.id, cell, drop: 0, before: 0 };
        return;
      }
      default: throw new Error(`streammark: unknown op ${patch.op}`);
    }
    this.#target = null;
  }

  /// A v2 continuation line: the same append target and drop as the line before.
  #continue(text) {
    const target = this.#target;
    if (this.version !== 2 || !target) throw new Error("streammark: a continuation line without an append target");
    this.#append(this.#get(target.id), target.cell, target.drop, target.before, text);
  }

  /// v2 `append`: the text tail (a code or HTML block's literal, or the last
  /// inline of a paragraph, heading or cell) keeps its last `before` ASCII
  /// characters last; before them it loses `drop` ASCII characters and gains
  /// `text`. A text node changes with one appendData/replaceData.
  #append(rec, cell, drop, before, text) {
    if (typeof text !== "string" || !(Number.isInteger(drop) && drop >= 0) || !(Number.isInteger(before) && before >= 0)) {
      throw new Error("streammark: bad append");
    }
    if (this.#isFinal(rec)) this.stats.closedUpdates += 1;
    const kind = rec.kind;
    if (cell === null && kind.type === "code_block") {
      this.#appendCode(rec, drop, before, text);
      return;
    }
    if (cell === null && kind.type === "html_block") {
      kind.literal = editTail(kind.literal, drop, before, text);
      if (this.options.unsafe) this.#rebuild(rec);
      return;
    }
    const host = this.#inlineHost(rec, cell);
    const inlines = host.inlines;
    const last = inlines.length - 1;
    if (last >= 0 && typeof inlines[last] === "string") {
      const previous = inlines[last];
      inlines[last] = editTail(previous, drop, before, text);
      const group = host.groups[host.groups.length - 1];
      if (group && group.raw && this.#appendRaw(group, previous, drop, before, text)) return;
      if (group && !group.raw && typeof group.v === "string") {
        editTextNode(group.nodes[0], drop, before, text);
        group.v = inlines[last];
        return;
      }
    } else if (drop === 0 && before === 0) {
      inlines.push(text);
    } else {
      throw new Error(`streammark: append ${rec.id}: drop ${drop}, before ${before} after a non-text inline`);
    }
    host.set(this.#spliceInlines(host.box, host.end(), host.groups, inlines), inlines);
  }

  /// With `unsafe`, a run with raw inline HTML is one parsed group; text
  /// appended after its last tag is the last text node in tree order (the
  /// parser puts it into the innermost open element). True when that node
  /// ends with the old text and was changed in place.
  #appendRaw(group, previous, drop, before, text) {
    let node = null;
    for (let i = group.nodes.length - 1; i >= 0 && !node; i--) {
      const top = group.nodes[i];
      if (top.nodeType === 3) { node = top; break; }
      if (top.nodeType !== 1) return false;
      const walker = this.document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
      for (let next = walker.nextNode(); next; next = walker.nextNode()) node = next;
      if (!node && top.firstChild) return false;
    }
    if (!node || !node.data.endsWith(previous)) return false;
    editTextNode(node, drop, before, text);
    return true;
  }

  /// v2 `splice`: the inlines after the first `keep` are replaced.
  #splice(rec, cell, keep, inlines) {
    if (!Array.isArray(inlines)) throw new Error("streammark: bad splice");
    if (this.#isFinal(rec)) this.stats.closedUpdates += 1;
    const host = this.#inlineHost(rec, cell);
    if (!(Number.isInteger(keep) && keep >= 0 && keep <= host.inlines.length)) {
      throw new Error(`streammark: splice ${rec.id}: keep ${keep} of ${host.inlines.length}`);
    }
    const full = host.inlines.slice(0, keep).concat(inlines);
    host.set(this.#spliceInlines(host.box, host.end(), host.groups, full), full);
  }

  /// The inline content of a paragraph or heading (cell null) or of a
  /// table row's cell: its values, its groups, where its nodes live, and a
  /// setter for both.
  #inlineHost(rec, cell) {
    const kind = rec.kind;
    if (cell === null && (kind.type === "paragraph" || kind.type === "heading")) {
      if (!Array.isArray(kind.inlines)) kind.inlines = [];
      const tight = !rec.el;
      return {
        inlines: kind.inlines,
        groups: rec.inl,
        box: tight ? rec.parent.box : rec.el,
        end: () => {
          if (!tight) return null;
          const last = rec.nodes.length ? rec.nodes[rec.nodes.length - 1] : null;
          return last ? last.nextSibling : this.#nodeAfter(rec.parent, rec.parent.children.indexOf(rec) + 1);
        },
        set: (groups, inlines) => {
          rec.inl = groups;
          kind.inlines = inlines;
          if (tight) rec.nodes = flatten(groups);
        },
      };
    }
    if (kind.type === "table_row" && Number.isInteger(cell) && cell >= 0 && cell < (kind.cells || []).length) {
      const cells = kind.cells;
      const rendered = rec.cells[cell];
      if (!rendered) { // a cell beyond the header's columns: not shown
        return { inlines: cells[cell].inlines, groups: [], box: null, end: () => null, set: (_, inlines) => { cells[cell].inlines = inlines; } };
      }
      return {
        inlines: cells[cell].inlines,
        groups: rendered.inl,
        box: rendered.el,
        end: () => null,
        set: (groups, inlines) => { rendered.inl = groups; cells[cell].inlines = inlines; },
      };
    }
    throw new Error(`streammark: ${rec.id}: a ${kind.type} has no text to change${cell === null ? "" : ` in cell ${cell}`}`);
  }
}

// MARK: Helpers

/// A v2 kind (flat, defaults omitted, cells as inline arrays) in the v1
/// shape the view keeps.
function kindFromV2(kind) {
  if (!kind || typeof kind.type !== "string") throw new Error("streammark: a kind needs a type");
  switch (kind.type) {
    case "list":
      return {
        type: "list",
        list: {
          kind: kind.ordered ? "ordered" : "bullet",
          start: kind.start === undefined ? 1 : kind.start,
          delimiter: kind.delimiter || "none",
          tight: kind.tight === undefined ? true : !!kind.tight,
        },
      };
    case "code_block":
      return { type: "code_block", code: { info: kind.info || "", fenced: kind.fenced !== false, literal: kind.literal || "" } };
    case "table":
      return {
        type: "table",
        table: { alignments: kind.alignments || [], header: (kind.header || []).map((inlines) => ({ inlines })) },
      };
    case "table_row":
      return { type: "table_row", cells: (kind.cells || []).map((inlines) => ({ inlines })) };
    case "paragraph":
    case "heading":
      return { ...kind, inlines: kind.inlines ? kind.inlines.slice() : [] };
    default:
      return { ...kind };
  }
}

// MARK: Version 2, short form (docs/patches.md): arrays expanded to the
// long-form objects the client applies.

/// The ops by tag, the first element of a short-form line.
const SHORT_OPS = ["insert", "remove", "move", "close", "update", "retype", "append", "splice", "highlight"];
/// The least and most fields of each op, its tag included. Update, retype
/// and splice have one field fewer when they leave out the continuation
/// target's id: `[4, KIND]`, `[5, TAG]`, `[7, KEEP, INLINES]`.
const SHORT_FIELDS = { insert: [3, 4], remove: [2, 2], move: [4, 4], close: [2, 2], update: [2, 3], retype: [2, 3], append: [3, 6], splice: [3, 5], highlight: [4, 4] };

/// The block reached by following last children from `block` (itself if it has none).
function lastLeaf(block) {
  let leaf = block;
  while (Array.isArray(leaf.children) && leaf.children.length > 0) leaf = leaf.children[leaf.children.length - 1];
  return leaf;
}

/// Reads the short-form lines of one version-2 stream into long-form patch
/// objects. Source ids are written relative to the source id before them on
/// the wire, so a reader keeps the *id register* and must see every short
/// line of its stream once, in order, from the `{"v":2}` header on (one
/// reader per stream). Long-form lines and continuations leave it alone.
export class ShortFormReader {
  /// The id register R: the N of the last source id read, 0 after the header.
  register = 0;

  /// The long-form object of the short-form op `fields` (a decoded array).
  /// `target` is the current continuation target (`{ id, cell }`, cell
  /// null or a number; or null): an update or retype without an id names
  /// its block, a splice without an id its block and cell. The register
  /// moves only when the whole line reads.
  read(fields, target) {
    const op = Number.isInteger(fields[0]) ? SHORT_OPS[fields[0]] : undefined;
    if (op === undefined) throw new Error(`streammark: unknown op ${JSON.stringify(fields[0])}`);
    const [least, most] = SHORT_FIELDS[op];
    if (fields.length < least || fields.length > most) throw new Error(`streammark: ${op}: wrong number of fields`);
    let register = this.register;
    /// An id in the line's order: a string is itself; an integer W is
    /// `eN` (W even) or `eN.list` (W odd) with N = R + floor(W / 2), and
    /// becomes the register.
    const id = (w) => {
      if (typeof w === "string") return w;
      if (!Number.isSafeInteger(w)) throw new Error("streammark: an id must be a string or an integer");
      const d = Math.floor(w / 2);
      const n = register + d;
      if (n < 0) throw new Error(`streammark: negative source id (register ${register}, id ${w})`);
      register = n;
      return w - 2 * d === 1 ? `e${n}.list` : `e${n}`;
    };
    let patch;
    switch (op) {
      case "insert":
        patch = { op, parent: id(fields[1]), block: shortBlock(fields[2], id) };
        if (fields.length > 3) patch.index = shortCount(fields[3]);
        break;
      case "move":
        patch = { op, id: id(fields[1]), parent: id(fields[2]), index: shortCount(fields[3]) };
        break;
      case "update":
      case "retype": {
        // [4, KIND] and [5, TAG] name the target's block.
        const own = fields.length === 3;
        const named = own ? id(fields[1]) : targetOf(op, target).id;
        const kind = own ? fields[2] : fields[1];
        patch = { op, id: named, kind: op === "update" ? shortKind(kind) : shortRetypeKind(kind) };
        break;
      }
      case "append": {
        if (typeof fields[2] !== "string") throw new Error("streammark: append: text must be a string");
        patch = { op, id: id(fields[1]), text: fields[2], drop: shortCount(fields[3], true) ?? 0, before: shortCount(fields[4], true) ?? 0 };
        if (fields.length > 5) patch.cell = shortCount(fields[5]);
        break;
      }
      case "splice": {
        // [7, KEEP, INLINES] names the target's block and cell.
        const own = fields.length > 3;
        const named = own ? { id: id(fields[1]), cell: shortCount(fields[4], true) ?? null } : targetOf(op, target);
        const at = own ? 2 : 1;
        patch = { op, id: named.id, keep: shortCount(fields[at]), inlines: shortInlines(fields[at + 1]) };
        if (named.cell !== null && named.cell !== undefined) patch.cell = named.cell;
        break;
      }
      case "highlight":
        patch = { op, id: id(fields[1]), first: shortCount(fields[2]), lines: shortTokenLines(fields[3]) };
        break;
      default:
        patch = { op, id: id(fields[1]) };
    }
    this.register = register;
    return patch;
  }
}

/// The lines of a highlight op: an array of flat token arrays
/// `[START, LENGTH, "KIND", …]`, tokens in order, not overlapping, LENGTH
/// ≥ 1 (UTF-8 bytes within the line; checked against the line when applied).
function shortTokenLines(lines) {
  if (!Array.isArray(lines)) throw new Error("streammark: highlight: the lines must be an array");
  for (const line of lines) {
    if (!Array.isArray(line) || line.length % 3 !== 0) throw new Error("streammark: highlight: a line must be [START, LENGTH, KIND, …]");
    let end = 0;
    for (let i = 0; i < line.length; i += 3) {
      const [start, length, kind] = [line[i], line[i + 1], line[i + 2]];
      if (!Number.isSafeInteger(start) || !Number.isSafeInteger(length) || start < end || length < 1 || typeof kind !== "string" || !HIGHLIGHT_KIND.test(kind)) {
        throw new Error(`streammark: highlight: bad token ${i / 3}`);
      }
      end = start + length;
    }
  }
  return lines;
}

/// The continuation target an update, retype or splice without an id names.
function targetOf(op, target) {
  if (!target) throw new Error(`streammark: ${op} without an id and no continuation target`);
  return target;
}

/// A count field: an integer ≥ 0 (undefined if absent and optional).
function shortCount(value, optional) {
  if (value === undefined && optional) return undefined;
  if (!Number.isInteger(value) || value < 0) throw new Error("streammark: a count must be an integer ≥ 0");
  return value;
}

/// `[id, kind]` or `[id, kind, [children…]]` → `{id, kind, children}`; ids
/// are read with `id`, the block's own before its children's, depth first.
function shortBlock(fields, id) {
  if (!Array.isArray(fields) || fields.length < 2 || fields.length > 3) throw new Error("streammark: a block must be [id, kind, children?]");
  const block = { id: id(fields[0]), kind: shortKind(fields[1]) };
  if (fields.length === 3) {
    if (!Array.isArray(fields[2])) throw new Error("streammark: a block's children must be an array");
    block.children = fields[2].map((child) => shortBlock(child, id));
  }
  return block;
}

const SHORT_ALIGN = { n: "none", l: "left", c: "center", r: "right" };
/// The most fields after its tag each kind takes, by tag: 0 paragraph,
/// 1…6 heading, 7 quote, 8 item, 9 bullet list, 10 ordered list, 11 code
/// block, 12 HTML block, 13 thematic break, 14 table, 15 table row, 16 document,
/// 17 alert, 18 math block, 19 footnote definition, 20 the footnotes section
/// (any number of note ids).
const SHORT_KIND_FIELDS = [1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 3, 3, 1, 0, 2, 1, 0, 1, 1, 3, Infinity];

/// The titles of the five alert kinds, as GitHub shows them.
const ALERT_TITLES = { note: "Note", tip: "Tip", important: "Important", warning: "Warning", caution: "Caution" };

/// A short-form kind (a tag, or `[tag, fields…]`) → a long-form kind object.
function shortKind(value) {
  const fields = Array.isArray(value) ? value : [value];
  const [tag, a, b, c] = fields;
  if (!Number.isInteger(tag) || tag < 0 || tag >= SHORT_KIND_FIELDS.length) throw new Error(`streammark: unknown block type ${JSON.stringify(tag)}`);
  if (fields.length - 1 > SHORT_KIND_FIELDS[tag]) throw new Error(`streammark: block type ${tag}: too many fields`);
  if (tag >= 1 && tag <= 6) return { type: "heading", level: tag, inlines: a === undefined ? [] : shortInlines(a) };
  switch (tag) {
    case 0: return { type: "paragraph", inlines: a === undefined ? [] : shortInlines(a) };
    case 7: return { type: "block_quote" };
    case 8: return a === undefined ? { type: "item" } : { type: "item", task: a === true ? "checked" : "unchecked" };
    case 9: return { type: "list", tight: a === undefined ? true : a === true };
    case 10: return { type: "list", ordered: true, tight: a === undefined ? true : a === true, start: b === undefined ? 1 : b, delimiter: c === ")" ? "paren" : "period" };
    case 11: return { type: "code_block", literal: a ?? "", info: b ?? "", fenced: c !== false };
    case 12: return { type: "html_block", literal: a ?? "" };
    case 13: return { type: "thematic_break" };
    case 14: {
      if (typeof a !== "string") throw new Error("streammark: table alignments must be a string");
      return { type: "table", alignments: Array.from(a, (letter) => SHORT_ALIGN[letter] || "none"), header: (b || []).map(shortInlines) };
    }
    case 15: return { type: "table_row", cells: (a || []).map(shortInlines) };
    case 17: {
      if (!Object.hasOwn(ALERT_TITLES, a)) throw new Error(`streammark: unknown alert kind ${JSON.stringify(a)}`);
      return { type: "alert", alert: a };
    }
    case 18: {
      if (typeof a !== "string") throw new Error("streammark: math: the TeX must be a string");
      return { type: "math", literal: a };
    }
    case 19: {
      if (fields.length !== 4 || typeof a !== "string" || !Number.isSafeInteger(b) || b < 0 || !Number.isSafeInteger(c) || c < 0) {
        throw new Error("streammark: footnote definition: expected [19, label, number, references]");
      }
      return { type: "footnote_definition", footnote: { label: a, number: b, referenceCount: c } };
    }
    case 20: {
      const notes = fields.slice(1);
      if (!notes.every((id) => typeof id === "string")) throw new Error("streammark: footnotes: the notes must be ids");
      return { type: "footnotes", notes };
    }
    default: return { type: "document" };
  }
}

/// A retype's kind: the tag alone, 0 (paragraph) or 1…6 (heading level).
function shortRetypeKind(tag) {
  if (!Number.isInteger(tag) || tag < 0 || tag > 6) throw new Error(`streammark: retype to ${JSON.stringify(tag)}: not a paragraph or heading tag`);
  return shortKind(tag);
}

const SHORT_CONTAINERS = { i: "emph", b: "strong", s: "strikethrough" };

function shortInlines(list) {
  if (!Array.isArray(list)) throw new Error("streammark: inlines must be an array");
  return list.map(shortInline);
}

/// Text, 0 (soft break), 1 (hard break) or `[tag, …]` → a long-form inline.
function shortInline(value) {
  if (typeof value === "string") return value;
  if (value === 0) return { type: "softbreak" };
  if (value === 1) return { type: "linebreak" };
  if (!Array.isArray(value)) throw new Error("streammark: unknown inline");
  const [tag] = value;
  if (tag === "c" || tag === "h") return { type: tag === "c" ? "code" : "html", text: value[1] };
  if (tag === "m" || tag === "M") {
    if (value.length !== 2 || typeof value[1] !== "string") throw new Error(`streammark: inline ${tag}: expected ["${tag}", tex]`);
    return { type: "math", text: value[1], display: tag === "M" };
  }
  if (tag === "f") {
    const [, source, label, number, occurrence] = value;
    if (value.length < 5 || typeof source !== "string" || typeof label !== "string" || !Number.isSafeInteger(number) || number < 0
      || !Number.isSafeInteger(occurrence) || occurrence < 0) {
      throw new Error('streammark: inline f: expected ["f", source, label, number, occurrence, fallback…]');
    }
    const footnote = { source, label, number, occurrence };
    if (value.length > 5) footnote.fallback = value.slice(5).map(shortInline);
    return { type: "footnote_reference", footnote };
  }
  if (tag in SHORT_CONTAINERS) return { type: SHORT_CONTAINERS[tag], children: value.slice(1).map(shortInline) };
  if (tag === "a" || tag === "img") return { type: tag === "a" ? "link" : "image", url: value[1], title: value[2], children: value.slice(3).map(shortInline) };
  throw new Error(`streammark: unknown inline type ${JSON.stringify(tag)}`);
}

/// Whether a kind has a text tail a v2 `append` can target without a cell.
function hasTextTail(kind) {
  const type = kind && kind.type;
  return type === "code_block" || type === "html_block" || type === "paragraph" || type === "heading";
}

/// The v2 edit of a text tail: the last `before` characters stay last;
/// before them `drop` characters go and `text` comes (both counts ASCII).
function editTail(tail, drop, before, text) {
  if (drop === 0 && before === 0) return tail + text;
  const end = tail.length - before;
  if (end - drop < 0 || /[^\x00-\x7f]/.test(tail.slice(end - drop))) {
    throw new Error(`streammark: cannot drop ${drop} / keep ${before} ASCII characters`);
  }
  return tail.slice(0, end - drop) + text + tail.slice(end);
}

/// The length past which a code block's plain tail node is split
/// (`#freezeTail`), and what a split inside one long line leaves open.
const FROZEN_TAIL_THRESHOLD = 1024;
const FROZEN_TAIL_KEEP = 256;

/// The same edit on a text node: one appendData or replaceData.
function editTextNode(node, drop, before, text) {
  if (drop === 0 && before === 0) {
    if (text) node.appendData(text);
  } else if (drop > 0 || text) {
    node.replaceData(node.length - before - drop, drop, text);
  }
}

/// A highlight.js scope: `keyword`, `title.function_`, `selector-tag`.
const HIGHLIGHT_KIND = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
const highlightClasses = new Map();

/// The class attribute highlight.js writes for a scope: the first part
/// prefixed `hljs-`, each further part (after a dot) a class as it is
/// (`title.function_` → `hljs-title function_`).
export function hljsClasses(kind) {
  let classes = highlightClasses.get(kind);
  if (classes === undefined) {
    const [head, ...rest] = kind.split(".");
    classes = ["hljs-" + head, ...rest].join(" ");
    highlightClasses.set(kind, classes);
  }
  return classes;
}

/// One line's tokens (`[START, LENGTH, KIND, …]`, UTF-8 bytes from the
/// line's start) as `[a, b, classes]` UTF-16 ranges relative to the line,
/// which is `text[at, end)`. Converts offsets by walking the line once;
/// throws when a token ends beyond the line or splits a character.
function tokenSegments(text, at, end, tokens, id, number) {
  const segs = [];
  let unit = at;
  let byte = 0;
  const advance = (target) => {
    while (byte < target && unit < end) {
      const c = text.charCodeAt(unit);
      if (c < 0x80) { byte += 1; unit += 1; }
      else if (c < 0x800) { byte += 2; unit += 1; }
      else if (c >= 0xd800 && c <= 0xdbff && unit + 1 < end && (text.charCodeAt(unit + 1) & 0xfc00) === 0xdc00) { byte += 4; unit += 2; }
      else { byte += 3; unit += 1; }
    }
    if (byte !== target) {
      throw new Error(`streammark: highlight ${id}: line ${number}: a token ${byte < target ? "ends beyond the line" : "splits a character"}`);
    }
    return unit - at;
  };
  for (let i = 0; i < tokens.length; i += 3) {
    const a = advance(tokens[i]);
    const b = advance(tokens[i] + tokens[i + 1]);
    segs.push([a, b, hljsClasses(tokens[i + 2])]);
  }
  return segs;
}

const COPY_LABEL = "Copy code";
const COPIED_MS = 1600;

/// Puts `text` on the clipboard: `navigator.clipboard.writeText`, or where
/// that is missing or refused (no secure context, no permission), a hidden
/// `<textarea>` outside the answer and `document.execCommand("copy")`.
/// Resolves to whether it worked.
async function copyText(document, text) {
  const clipboard = document.defaultView && document.defaultView.navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === "function") {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // fall through to the textarea
    }
  }
  const focused = document.activeElement;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.setAttribute("aria-hidden", "true");
  area.style.cssText = "position:fixed;top:0;left:-9999px;opacity:0";
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  if (focused && typeof focused.focus === "function") focused.focus();
  return ok;
}

/// The renderer the `math` option names: a function as it is, a KaTeX
/// object (with `render`) through `katexRenderer`, `false`/`null` none;
/// undefined: `globalThis.katex` when a page loaded KaTeX as a script.
function mathRenderer(option) {
  if (option === false || option === null) return null;
  if (typeof option === "function") return option;
  const katex = option === undefined ? globalThis.katex : option;
  if (katex && typeof katex.render === "function") return katexRenderer(katex);
  if (option !== undefined) throw new Error("streammark: the math option must be a function, a KaTeX object or false");
  return null;
}

/// A `math` renderer from KaTeX (`import katex from "/katex/katex.mjs"`):
/// `katex.render(tex, element, { displayMode, throwOnError: false })`, plus
/// `options` (KaTeX's: `macros`, `trust`, …). Bad TeX does not throw: KaTeX
/// shows it as text in its error colour.
export function katexRenderer(katex, options = {}) {
  return (tex, displayMode, element) => katex.render(tex, element, { ...options, displayMode, throwOnError: false });
}

/// The TeX of a math block: its literal without the final line feed.
function blockTeX(kind) {
  const literal = typeof kind.literal === "string" ? kind.literal : "";
  return literal.endsWith("\n") ? literal.slice(0, -1) : literal;
}

function mathKey(tex, display) {
  return (display ? "M" : "m") + tex;
}

/// Adds the math groups among `groups` (and inside their emphasis and
/// links) to `pool`, by TeX and mode, in document order.
function poolMath(pool, groups) {
  const stack = groups.slice().reverse();
  while (stack.length) {
    const group = stack.pop();
    const v = group.v;
    if (v && typeof v === "object" && v.type === "math" && !group.raw) {
      const key = mathKey(typeof v.text === "string" ? v.text : "", !!v.display);
      if (!pool.has(key)) pool.set(key, []);
      pool.get(key).push(group);
    } else if (group.kids) {
      stack.push(...group.kids.slice().reverse());
    }
  }
}

function flatten(groups) {
  const nodes = [];
  for (const group of groups) nodes.push(...group.nodes);
  return nodes;
}

function headingLevel(level) {
  const n = Number(level);
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : 1;
}

/// The first word of a code block's info string (up to the first space,
/// tab, newline, vertical tab, form feed or carriage return).
function infoLanguage(info) {
  const match = /^[^ \t\n\v\f\r]*/.exec(info);
  return match ? match[0] : "";
}

function containsRawHTML(inline) {
  if (typeof inline !== "object" || inline === null) return false;
  if (inline.type === "html") return true;
  return (inline.children || []).some(containsRawHTML);
}

/// Image alt text: text, code and raw HTML literally, a space per break,
/// the content of everything else.
function plainText(inlines) {
  let out = "";
  const stack = inlines.slice().reverse();
  while (stack.length) {
    const inline = stack.pop();
    if (typeof inline === "string") out += inline;
    else if (inline.type === "code" || inline.type === "html" || inline.type === "math") out += inline.text || "";
    else if (inline.type === "softbreak" || inline.type === "linebreak") out += " ";
    else if (inline.type === "footnote_reference") {
      // A note's number is not alt text (cmark-gfm writes nothing for it).
      const note = inline.footnote || {};
      if (!(Number.isInteger(note.number) && note.number > 0)) out += `[^${String(note.source ?? "")}]`;
    } else stack.push(...(inline.children || []).slice().reverse());
  }
  return out;
}

function escapeHTML(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

const HREF_SAFE = /[A-Za-z0-9\-_.+!*(),%#@?=;:/$~]/;
const encoder = new TextEncoder();

/// cmark's `houdini_escape_href`, as a DOM attribute value: bytes outside
/// the safe set become %XX; `&` and `'` are kept (cmark writes them as
/// entities, which the HTML parser decodes back to these characters).
export function escapeHref(url) {
  let out = "";
  for (const byte of encoder.encode(url)) {
    const c = String.fromCharCode(byte);
    if (byte < 0x80 && (HREF_SAFE.test(c) || c === "&" || c === "'")) out += c;
    else out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

/// cmark's `_scan_dangerous_url` (Sources/StreamMarkHTML/URLSafety.swift):
/// `javascript:`, `vbscript:`, `file:` and `data:` (ASCII case-insensitive),
/// except `data:image/png|gif|jpeg|webp`.
export function isDangerousURL(url) {
  const lower = url.slice(0, 16).replace(/[A-Z]/g, (c) => c.toLowerCase());
  for (const image of ["png", "gif", "jpeg", "webp"]) if (lower.startsWith(`data:image/${image}`)) return false;
  return ["javascript:", "vbscript:", "file:", "data:"].some((prefix) => lower.startsWith(prefix));
}

/// Structural equality of two JSON values.
function sameValue(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!(key in b) || !sameValue(a[key], b[key])) return false;
  return true;
}
