// The in-page half of the browser test (scripts/test-browser.sh): streams a
// recorded patch file into a StreamMarkView under a MutationObserver and
// checks, after every patch, what changed in the DOM.
//
// window.runCase(name) fetches /data/NAME.ndjson (the patches of
// `streammark --replay 4:0 --format patches`) and /data/NAME.html
// (`streammark --format html`), and returns a report object:
//   equal       (a) final HTML equals the expected HTML (see normalize())
//   closedHits  (b) mutations on nodes of closed blocks, outside the one
//                   counted exception (must be 0)
//   linkHits    mutations of the exception: updates of a closed block by a
//                   link reference definition that arrived later
//   boundFails  (c) patches whose mutation count exceeded the bound
//   selection   (d) the selection made in the first closed block, and a live
//                   Range in every closed top-level block, survived (blocks
//                   rewritten by a late link definition exempt)
// With `highlight: true` (streams written with `--highlight`), also:
//   plainAtAppend, plainAtClose  (e) completed code lines still plain when
//                   the next chunk of their block arrives / when it closes
//   spanMismatches  (e) snapshots of code blocks taken mid-stream whose
//                   highlighted lines differ from the same lines of the
//                   expected HTML, or whose plain lines hold spans
//   wideHighlights  (f) highlight ops for the next line(s) that did more
//                   than add nodes before the tail and shorten the tail
//   copies          (g) the copy button of every code block, clicked when
//                   the block closed, copied exactly its literal
// With `math: true` (KaTeX from /katex/katex.mjs renders the math), also:
//   mathNodes, mathExpected, katexNodes, katexErrors  (h) every math span of
//                   the final DOM holds KaTeX's output (`.katex`, or
//                   `.katex-error` showing the TeX it could not parse), as
//                   many as the expected HTML has; (a) compares each with
//                   its TeX (KaTeX's annotation) as `\(…\)` / `\[…\]`
//   closedMath, closedMathRendered  (i) every math span inside a block when
//                   it closed is, at the end, the same node with the same
//                   KaTeX root, and the renderer was never called for it again
// window.timeStream(name, runs) applies the same stream without observer and
// returns the fastest run's time in ms (and that of each quarter of its lines).

import { StreamMarkView, hljsClasses, katexRenderer } from "../streammark.js";

/// KaTeX, as serve.py serves Debian's libjs-katex (loaded when a case needs it).
let katexModule = null;
async function loadKaTeX() {
  if (!katexModule) katexModule = (await import("/katex/katex.mjs")).default;
  return katexModule;
}

/// The mutation bound of one patch on an open block: a constant plus one
/// node per 4 bytes of patch JSON, plus a constant per paragraph re-wrapped
/// because its list turned loose or tight, plus the top-level nodes removed
/// and added by such re-wraps, by retypes and by a note's back-references
/// moving to its new last block (short patches whose DOM work is a whole
/// block: a one-field list update, a retype `[5,2]`, a note's first
/// paragraph), plus (unsafe mode
/// only) the nodes of a raw-HTML inline run that had to be parsed again as a whole.
export function mutationBound(bytes, reflowed, reshapedNodes, rawNodes) {
  return 6 + Math.ceil(bytes / 4) + 8 * reflowed + reshapedNodes + rawNodes;
}

/// The two sides of the HTML comparison, each serialized by the browser:
/// the expected HTML is parsed in an inert document and serialized again
/// (void elements lose their " /", entities become characters where the
/// serializer allows: `&quot;` in text, `&#x27;` in attributes); the view's
/// HTML is serialized without its `data-id` attributes.
/// The copy buttons (`<button class="sm-copy">`, the first child of each
/// `<pre>`) are removed from the view's side too: they are the view's own
/// controls, not content (`buttons` reports whether every `<pre>` had
/// exactly one, in that place).
/// Math rendered by KaTeX (a `.katex` or `.katex-error` inside a `span.math`)
/// becomes the TeX it was rendered from, as `streammark --format html`
/// writes it; math shown as text is left as it is.
export function normalize(element, expectedHTML) {
  const inert = document.implementation.createHTMLDocument("");
  inert.body.innerHTML = expectedHTML;
  const clone = element.cloneNode(true);
  for (const node of clone.querySelectorAll("[data-id]")) node.removeAttribute("data-id");
  unrenderMath(clone);
  let buttons = true;
  for (const pre of clone.querySelectorAll("pre")) {
    const copy = pre.querySelectorAll("button.sm-copy");
    if (copy.length !== 1 || pre.firstChild !== copy[0]) buttons = false;
    for (const button of copy) button.remove();
  }
  return { actual: clone.innerHTML, expected: inert.body.innerHTML, buttons, inert };
}

/// The TeX KaTeX rendered into a math span: the annotation of its MathML,
/// or the text of its error span; null when it holds no KaTeX output.
export function renderedTeX(span) {
  const annotation = span.querySelector('.katex annotation[encoding="application/x-tex"]');
  if (annotation) return annotation.textContent;
  const error = span.querySelector(".katex-error");
  return error ? error.textContent : null;
}

/// Each math span holding KaTeX's output gets back its TeX as text.
export function unrenderMath(root) {
  for (const span of root.querySelectorAll("span.math")) {
    const tex = renderedTeX(span);
    if (tex === null) continue;
    span.textContent = span.classList.contains("display") ? `\\[${tex}\\]` : `\\(${tex}\\)`;
  }
}

/// The text outside math spans (what a reader sees as prose).
function textOutsideMath(root) {
  let out = "";
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentNode.closest || !node.parentNode.closest("span.math")) out += node.data;
  }
  return out;
}

/// The math spans in `nodes` (a closed block's nodes) and inside them.
function mathSpans(nodes) {
  const out = [];
  for (const node of nodes) {
    if (node.nodeType !== 1) continue;
    if (node.matches("span.math")) out.push(node);
    out.push(...node.querySelectorAll("span.math"));
  }
  return out;
}

/// The copy button's own state: the attributes it changes on itself when
/// clicked (and back a moment later). They are UI state, not the block's
/// content, and the only change the view makes inside a closed block; the
/// checks below exclude exactly these records (an attribute change of a
/// copy button), and the canary checks that any other change of a button
/// is still caught.
const COPY_STATE = new Set(["data-state", "aria-label", "title"]);
function isCopyState(record) {
  return record.type === "attributes" && COPY_STATE.has(record.attributeName) &&
    record.target.nodeType === 1 && record.target.matches("button.sm-copy");
}

/// The lines of a code literal: complete ones while the block is open (the
/// open last line ends with the line feed cmark adds), all when it is final.
function codeLines(literal, final) {
  let n = 0;
  for (let i = literal.indexOf("\n"); i >= 0; i = literal.indexOf("\n", i + 1)) n++;
  if (literal.length > 0 && !literal.endsWith("\n")) n++;
  return final ? n : Math.max(0, n - 1);
}

/// The code blocks of a subtree (records).
function codeBlocks(rec) {
  const out = [];
  const stack = [rec];
  while (stack.length) {
    const next = stack.pop();
    if (next.kind.type === "code_block") out.push(next);
    stack.push(...next.children);
  }
  return out;
}

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

function freshHost() {
  const host = document.getElementById("host");
  const element = document.createElement("div");
  element.className = "streammark";
  host.replaceChildren(element);
  return element;
}

function isInside(node, closed, root) {
  for (let n = node; n && n !== root; n = n.parentNode) if (closed.has(n)) return true;
  return false;
}

function countNodes(record) {
  if (record.type === "childList") return record.addedNodes.length + record.removedNodes.length;
  return 1;
}

function hitsClosed(record, closed, root) {
  if (isInside(record.target, closed, root)) return true;
  for (const node of record.removedNodes) if (closed.has(node)) return true;
  return false;
}

function closedNodes(view) {
  const closed = new Set();
  for (const [id, rec] of view.blocks) if (rec.closed && id !== "doc") for (const node of rec.nodes) closed.add(node);
  return closed;
}

/// A text node of at least two characters inside a closed block's element.
function textIn(rec) {
  if (!rec || !rec.el) return null;
  const walker = document.createTreeWalker(rec.el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.data.trim().length >= 2) return node;
  return null;
}

/// A text node of at least two characters inside a closed top-level block.
function selectionTarget(view) {
  for (const rec of view.root.children) {
    if (!rec.closed) continue;
    const node = textIn(rec);
    if (node) return node;
  }
  return null;
}

/// The top-level block holding block `id`.
function topLevel(view, id) {
  let rec = view.blocks.get(id);
  while (rec && rec.parent && rec.parent !== view.root) rec = rec.parent;
  return rec ? rec.id : null;
}

/// What hostile input could have left behind: a flag set by a script or an
/// event handler, script-capable elements or attributes, dangerous URLs.
async function hostileTraces(element, unsafe) {
  await new Promise((resolve) => setTimeout(resolve, 50)); // let error/load events fire
  const traces = [];
  if (window.__pwned !== undefined) traces.push(`window.__pwned = ${window.__pwned}`);
  if (!unsafe) {
    for (const node of element.querySelectorAll("script, iframe, object, embed, style, link, meta, form")) traces.push(`<${node.localName}>`);
    for (const node of element.querySelectorAll("*")) {
      for (const attribute of node.attributes) {
        if (/^on/i.test(attribute.name)) traces.push(`${node.localName}[${attribute.name}]`);
        if ((attribute.name === "href" || attribute.name === "src") && /^\s*(javascript|vbscript|file|data(?!:image\/(png|gif|jpeg|webp)))/i.test(attribute.value)) {
          traces.push(`${node.localName}[${attribute.name}=${attribute.value}]`);
        }
      }
    }
  }
  return traces.length ? traces : null;
}

window.runCase = async function runCase(name, options = {}) {
  const highlight = !!options.highlight;
  const [stream, expectedHTML] = await Promise.all([
    fetchText(`/data/${name}.ndjson`),
    fetchText(`/data/${name}.html`),
  ]);
  const lines = stream.split("\n").filter((line) => line.length > 0);
  const element = freshHost();
  // (h), (i) KaTeX through a wrapper that counts its calls per element and
  // checks the options the view passes (display mode, no exceptions).
  const katex = options.math ? await loadKaTeX() : null;
  const renders = new Map(); // math span → render calls
  let renderOptionFails = 0;
  const counting = katex && {
    render(tex, span, settings) {
      renders.set(span, (renders.get(span) || 0) + 1);
      if (settings.throwOnError !== false || settings.displayMode !== span.classList.contains("display")) renderOptionFails += 1;
      return katex.render(tex, span, settings);
    },
  };
  const view = new StreamMarkView(element, { unsafe: !!options.unsafe, ...(counting ? { math: counting } : {}) });
  // Records are taken right after each patch; those made between patches
  // (the copy buttons' state, set after a microtask turn) reach the
  // callback and are checked with the next patch's.
  const delivered = [];
  const observer = new MutationObserver((records) => { delivered.push(...records); });
  observer.observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
  const report = {
    name, patches: lines.length, patchBytes: 0, mutations: 0, closedHits: 0, linkHits: 0,
    boundFails: 0, worst: null, maxRatio: 0, closedViolations: [], selection: null,
    moves: 0, movesKept: 0,
    highlightOps: 0, closedHighlightHits: 0, plainAtAppend: 0, plainAtClose: 0, plainExample: null,
    snapshots: 0, spanMismatches: 0, spanExample: null, wideHighlights: 0, wideExample: null,
    copies: 0, copyMismatches: 0, copyExample: null, copyStateRecords: 0, codeBlocks: 0, spans: 0,
    math: !!katex, closedMath: 0, closedMathBlocks: 0, closedMathRendered: 0, closedMathExample: null, linesAfterMathBlock: 0,
  };
  // (i) The math spans of closed blocks: span → { calls, root, line } at the close.
  const closedMath = new Map();
  let lineNumber = 0;
  let firstMathBlockClosedAt = -1;
  // (g) The clipboard, stubbed: the copy buttons' writeText calls are recorded.
  const clipboard = navigator.clipboard;
  const copied = [];
  const originalWrite = clipboard.writeText;
  clipboard.writeText = async (text) => { copied.push(text); };
  const clicks = []; // { id, index into copied }
  const snapshots = []; // { id, h, html }
  const checksOf = new Map(); // block id → checks so far (a snapshot every 16th)
  /// (e) Before a code block grows again or closes: its completed lines are
  /// highlighted (all of them when it closes). Every 16th check and every
  /// close also keeps a snapshot of its HTML, compared with the expected
  /// HTML at the end.
  const checkCode = (rec, closing) => {
    const literal = rec.kind.code.literal;
    const want = codeLines(literal, closing);
    const have = rec.hlLines.length;
    if (have < want) {
      if (closing) report.plainAtClose += 1; else report.plainAtAppend += 1;
      if (!report.plainExample) report.plainExample = { id: rec.id, closing, highlighted: have, complete: want, line: literal.split("\n")[have] };
    }
    const checks = (checksOf.get(rec.id) || 0) + 1;
    checksOf.set(rec.id, checks);
    if (closing || checks % 16 === 0) snapshots.push({ id: rec.id, h: have, html: rec.code.innerHTML });
  };
  let closed = new Set();
  let selected = null;
  const marks = [];
  const encoder = new TextEncoder();
  for (const line of lines) {
    lineNumber += 1;
    // A short-form (array) op, read as its long form for the checks below
    // (the view reads it with its id register and continuation target) and
    // applied as that long form, so that it is read once.
    const patch = view.expand(JSON.parse(line));
    const bytes = encoder.encode(line).length;
    report.patchBytes += bytes;
    // A change of a closed block: the protocol allows it only for a link
    // reference definition that arrived later (counted, not failed).
    const targetId = typeof patch === "string" ? view.continuationTarget : patch.id;
    const closedUpdate = typeof patch === "string" || ["update", "retype", "append", "splice"].includes(patch.op)
      ? view.isClosed(targetId) : false;
    if (highlight) {
      const target = targetId !== undefined ? view.blocks.get(targetId) : null;
      if (target && target.kind.type === "code_block" && (typeof patch === "string" || patch.op === "append") && !view.isClosed(targetId)) checkCode(target, false);
      if (target && patch.op === "close" && !view.isClosed(targetId)) {
        for (const rec of codeBlocks(target)) if (!view.isClosed(rec.id)) checkCode(rec, true);
      }
    }
    // (f) A highlight op for the next lines: it may only add nodes before
    // the tail's text node and shorten that node.
    const hlRec = patch.op === "highlight" ? view.blocks.get(patch.id) : null;
    const hlNext = !!hlRec && hlRec.kind.type === "code_block" && patch.first === hlRec.hlLines.length;
    const hlTail = hlRec ? hlRec.text : null;
    const closingCode = patch.op === "close" && view.blocks.get(patch.id) && !view.isClosed(patch.id)
      ? codeBlocks(view.blocks.get(patch.id)).filter((rec) => !view.isClosed(rec.id)) : [];
    const reflowedBefore = view.stats.reflowed;
    const reshapedBefore = view.stats.reshapedNodes;
    const rawBefore = view.stats.rawNodes;
    // A moved block must keep its DOM node (moved, not rebuilt).
    const movedNode = patch.op === "move" ? view.nodesOf(patch.id).find((node) => node.nodeType === 1) : null;
    view.apply(patch);
    if (patch.op === "move") {
      report.moves += 1;
      if (movedNode && movedNode.isConnected && view.nodesOf(patch.id).includes(movedNode)) report.movesKept += 1;
    }
    const records = delivered.splice(0).concat(observer.takeRecords());
    const reflowed = view.stats.reflowed - reflowedBefore;
    let count = 0;
    for (const record of records) {
      if (isCopyState(record)) { report.copyStateRecords += 1; continue; }
      const n = countNodes(record);
      count += n;
      if (hlNext && !((record.type === "childList" && record.target === hlRec.code && record.removedNodes.length === 0 &&
          record.nextSibling === hlTail) || (record.type === "characterData" && record.target === hlTail))) {
        report.wideHighlights += 1;
        if (!report.wideExample) report.wideExample = { line: line.slice(0, 300), type: record.type };
      }
      if (!hitsClosed(record, closed, element)) continue;
      if (closedUpdate) report.linkHits += n;
      else {
        report.closedHits += n;
        if (patch.op === "highlight") report.closedHighlightHits += n;
        if (report.closedViolations.length < 3) report.closedViolations.push({ line: line.slice(0, 300), type: record.type });
      }
    }
    if (patch.op === "highlight") report.highlightOps += 1;
    // (g) Click the copy button of each code block that just closed; the
    // stub records what it copies (compared with the expected literal at
    // the end). The microtask turns let the button show its state during
    // the stream, under the observer.
    for (const rec of closingCode) {
      const button = rec.el && rec.el.firstChild;
      if (!button || button.nodeName !== "BUTTON") continue;
      clicks.push({ id: rec.id, at: copied.length });
      button.click();
      for (let i = 0; i < 4; i++) await null;
    }
    report.mutations += count;
    if (!closedUpdate && count > mutationBound(bytes, reflowed, view.stats.reshapedNodes - reshapedBefore, view.stats.rawNodes - rawBefore)) {
      report.boundFails += 1;
      if (!report.worst) report.worst = { count, bytes, line: line.slice(0, 300) };
    }
    if (count / bytes > report.maxRatio) {
      report.maxRatio = count / bytes;
      report.maxRatioLine = { count, bytes, line: line.slice(0, 120) };
    }
    if (patch.op === "close" || closedUpdate || reflowed > 0) closed = closedNodes(view);
    if (katex && patch.op === "close") {
      for (const [id, rec] of view.blocks) {
        if (!rec.closed || id === "doc") continue;
        for (const span of mathSpans(rec.nodes)) {
          if (closedMath.has(span)) continue;
          closedMath.set(span, { calls: renders.get(span) || 0, root: span.firstChild, line: lineNumber });
        }
        if (rec.kind.type === "math" && firstMathBlockClosedAt < 0) firstMathBlockClosedAt = lineNumber;
      }
    }
    if (closedUpdate) {
      const top = topLevel(view, targetId);
      for (const mark of marks) if (mark.id === top) mark.updated = true;
    }
    // (d) A live Range over text of every top-level block when it closes;
    // the first one is also the window's selection.
    if (patch.op === "close" && view.blocks.get(patch.id) && view.blocks.get(patch.id).parent === view.root) {
      const node = textIn(view.blocks.get(patch.id));
      if (node) {
        const range = document.createRange();
        range.setStart(node, 0);
        range.setEnd(node, Math.min(node.data.length, 12));
        const mark = { id: patch.id, node, range, text: range.toString(), end: range.endOffset, updated: false };
        marks.push(mark);
        if (!selected) {
          const selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
          selected = mark;
        }
      }
    }
  }
  view.finish();
  observer.disconnect();
  clipboard.writeText = originalWrite;
  // A selection or range survives when it still spans the same characters
  // of the same (connected) text node. Blocks that a later link reference
  // definition rewrote are exempt (counted in linkHits).
  const intact = (mark, range) => !!range && mark.node.isConnected && range.startContainer === mark.node &&
    range.endContainer === mark.node && range.startOffset === 0 && range.endOffset === mark.end &&
    range.toString() === mark.text && mark.text.length >= 2;
  const checked = marks.filter((mark) => !mark.updated);
  report.ranges = checked.length;
  report.rangesKept = checked.filter((mark) => intact(mark, mark.range)).length;
  if (selected && !selected.updated) {
    const selection = window.getSelection();
    const range = selection.rangeCount === 1 ? selection.getRangeAt(0) : null;
    report.selection = intact(selected, range) && selection.toString() === selected.text &&
      report.ranges > 0 && report.rangesKept === report.ranges;
    report.selectedText = selected.text;
  } else {
    report.selection = report.ranges > 0 && report.rangesKept === report.ranges;
    report.selectedText = selected ? selected.text : null;
  }
  const { actual, expected, buttons, inert } = normalize(element, expectedHTML);
  report.buttons = buttons;
  report.equal = actual === expected;
  // (e) and (g) against the expected HTML: the view's code blocks in
  // document order are the expected document's.
  const expectedCode = [...inert.body.querySelectorAll("pre > code")];
  const indexOf = new Map([...element.querySelectorAll("pre > code")].map((code, i) => [code, i]));
  report.codeBlocks = expectedCode.length;
  report.spans = element.querySelectorAll("pre > code span").length;
  const expectedFor = (id) => {
    const rec = view.blocks.get(id);
    const i = rec && rec.code ? indexOf.get(rec.code) : undefined;
    return i === undefined ? null : expectedCode[i];
  };
  for (const snapshot of snapshots) {
    const code = expectedFor(snapshot.id);
    if (!code) continue;
    report.snapshots += 1;
    const want = code.innerHTML.split("\n");
    const got = snapshot.html.split("\n");
    let bad = -1;
    for (let i = 0; i < got.length && bad < 0; i++) {
      if (i < snapshot.h ? got[i] !== want[i] : got[i].includes("<span")) bad = i;
    }
    if (bad >= 0) {
      report.spanMismatches += 1;
      if (!report.spanExample) report.spanExample = { id: snapshot.id, line: bad, highlighted: snapshot.h, got: got[bad], expected: want[bad] };
    }
  }
  for (const click of clicks) {
    const code = expectedFor(click.id);
    if (!code) continue;
    report.copies += 1;
    if (copied.length <= click.at || copied[click.at] !== code.textContent) {
      report.copyMismatches += 1;
      if (!report.copyExample) report.copyExample = { id: click.id, got: String(copied[click.at]).slice(0, 200), expected: code.textContent.slice(0, 200) };
    }
  }
  if (!report.equal) {
    let i = 0;
    while (i < actual.length && actual[i] === expected[i]) i++;
    report.diff = { at: i, actual: actual.slice(Math.max(0, i - 80), i + 120), expected: expected.slice(Math.max(0, i - 80), i + 120) };
  }
  report.stats = view.stats;
  if (katex) {
    // (h) Every math span holds KaTeX's output, as many as the expected HTML has.
    const spans = [...element.querySelectorAll("span.math")];
    report.mathNodes = spans.length;
    report.mathExpected = inert.body.querySelectorAll("span.math").length;
    report.katexNodes = spans.filter((span) => span.querySelector(".katex")).length;
    report.katexErrors = spans.filter((span) => !span.querySelector(".katex") && span.querySelector(".katex-error")).length;
    report.errorTeX = spans.filter((span) => !span.querySelector(".katex")).map((span) => renderedTeX(span));
    report.displayMismatches = spans.filter((span) => span.querySelector(".katex") &&
      span.classList.contains("display") !== !!span.querySelector(".katex-display")).length;
    report.renderOptionFails = renderOptionFails;
    report.renderCalls = [...renders.values()].reduce((a, b) => a + b, 0);
    report.renderedTwice = [...renders.values()].filter((calls) => calls > 1).length;
    // No TeX delimiters left as text outside math, and the dollars that are
    // text (prices) are all still there.
    const outside = textOutsideMath(element);
    report.strayDelimiters = (outside.match(/\$\$|\\\(|\\\[/g) || []).length;
    report.dollarsOutside = (outside.match(/\$/g) || []).length;
    report.dollarsExpected = (textOutsideMath(inert.body).match(/\$/g) || []).length;
    // (i) Math of closed blocks: the same node, the same KaTeX root, no new render.
    for (const [span, seen] of closedMath) {
      report.closedMath += 1;
      if (span.closest("p") && view.blocks.get(span.closest("[data-id]")?.dataset.id)?.kind.type === "math") report.closedMathBlocks += 1;
      const again = (renders.get(span) || 0) - seen.calls;
      if (!span.isConnected || span.firstChild !== seen.root || again !== 0) {
        report.closedMathRendered += 1;
        if (!report.closedMathExample) report.closedMathExample = { tex: renderedTeX(span), connected: span.isConnected, again, closedAt: seen.line };
      }
    }
    report.linesAfterMathBlock = firstMathBlockClosedAt < 0 ? 0 : lineNumber - firstMathBlockClosedAt;
  }
  report.hostile = await hostileTraces(element, !!options.unsafe);
  report.rawElements = [...element.querySelectorAll("kbd, span, div, b, br, em")].filter((node) => !node.closest("pre")).length;
  return report;
};

/// The canary: the checks above must see a mutation inside a closed block.
/// Streams `name`, then changes a closed block's text and its element, and
/// returns how many closed-block mutations the same classification found.
window.runCanary = async function runCanary(name) {
  const stream = await fetchText(`/data/${name}.ndjson`);
  const element = freshHost();
  const view = new StreamMarkView(element);
  for (const line of stream.split("\n")) view.applyLine(line);
  view.finish();
  const closed = closedNodes(view);
  const observer = new MutationObserver(() => {});
  observer.observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
  const node = selectionTarget(view);
  node.appendData("!");
  const block = node.parentNode.closest("[data-id]");
  block.replaceWith(block.cloneNode(true));
  let hits = 0;
  for (const record of observer.takeRecords()) if (hitsClosed(record, closed, element)) hits += countNodes(record);
  // The copy-state exclusion is that narrow: any other change of a closed
  // block's copy button still counts, its own state change does not.
  let buttonHits = 0;
  let stateHits = 0;
  const button = [...element.querySelectorAll("pre > button.sm-copy")].find((b) => isInside(b, closed, element));
  if (button) {
    button.setAttribute("class", "sm-copy x");
    button.append("x");
    button.setAttribute("data-state", "copied");
    for (const record of observer.takeRecords()) {
      if (!hitsClosed(record, closed, element)) continue;
      if (isCopyState(record)) stateHits += 1;
      else buttonHits += countNodes(record);
    }
  }
  observer.disconnect();
  return { hits, closed: closed.size, button: !!button, buttonHits, stateHits };
};

window.timeStream = async function timeStream(name, runs) {
  const [stream, expectedHTML] = await Promise.all([fetchText(`/data/${name}.ndjson`), fetchText(`/data/${name}.html`)]);
  const lines = stream.split("\n").filter((line) => line.length > 0);
  let best = Infinity;
  let quarters = null;
  let element = null;
  for (let run = 0; run < runs; run++) {
    element = freshHost();
    const start = performance.now();
    const view = new StreamMarkView(element);
    // The time of each quarter of the lines: equal quarters mean constant
    // work per line (a growing block costing O(block) per line would make
    // the later quarters slower).
    const marks = [start];
    lines.forEach((line, i) => {
      view.applyLine(line);
      if ((i + 1) % Math.ceil(lines.length / 4) === 0) marks.push(performance.now());
    });
    view.finish();
    const end = performance.now();
    if (end - start < best) {
      best = end - start;
      marks.push(end);
      quarters = marks.slice(1, 5).map((mark, i) => Math.round((mark - marks[i]) * 10) / 10);
    }
  }
  // The last run's page equals the one-shot HTML, and how many text
  // nodes its largest code block's plain text took (frozen tail parts).
  const { actual, expected } = normalize(element, expectedHTML);
  let codeTextNodes = 0;
  for (const code of element.querySelectorAll("code")) {
    const count = [...code.childNodes].filter((node) => node.nodeType === 3).length;
    codeTextNodes = Math.max(codeTextNodes, count);
  }
  return { ms: best, patches: lines.length, bytes: stream.length, quarters, equal: actual === expected, codeTextNodes };
};

window.harnessReady = true;

/// Edge cases of the protocol, applied line by line to fresh views: each
/// case lists its lines and either the HTML expected after them or the
/// error it must throw (and the HTML must then be unchanged); `ids`, if
/// given, are block ids the view must know afterwards.
window.runEdgeCases = async function runEdgeCases() {
  const v2 = '{"v":2}';
  const para = (id, text) => JSON.stringify({ op: "insert", parent: "doc", block: { id, kind: { type: "paragraph", inlines: [text] } } });
  const code = (id, literal) => JSON.stringify({ op: "insert", parent: "doc", block: { id, kind: { type: "code_block", info: "js x", literal } } });
  const py = '[0,"doc",[0,[11,"def f():\\n  return \\"é😀\\" # x\\n","python"]]]';
  const pre = (language, code) => `<pre><code class="language-${language}">${code}</code></pre>\n`;
  const soft = '{"op":"insert","parent":"doc","block":{"id":"a","kind":{"type":"paragraph","inlines":["a",{"type":"softbreak"},"b"]}}}';
  const link = '{"op":"insert","parent":"doc","block":{"id":"a","kind":{"type":"paragraph","inlines":[{"type":"link","url":"javascript:x()","title":"","children":["x"]}]}}}';
  const cases = [
    { name: "unknown version", lines: ['{"v":3,"op":"close","id":"doc"}'], throws: /version/ },
    { name: "unknown op (v1)", lines: ['{"v":1,"op":"explode","id":"doc"}'], throws: /unknown op/ },
    { name: "unknown op (v2)", lines: [v2, '{"op":"explode","id":"doc"}'], throws: /unknown op/ },
    { name: "v2 op without header", lines: [para("a", "x")], throws: /version/ },
    { name: "continuation without target", lines: [v2, '"x"'], throws: /continuation/ },
    { name: "continuation after close appends", lines: [v2, para("a", "x"), '{"op":"close","id":"a"}', '"y"'], html: "<p>xy</p>\n" },
    { name: "unknown block type", lines: [v2, '{"op":"insert","parent":"doc","block":{"id":"a","kind":{"type":"marquee"}}}'], throws: /unknown block type/ },
    { name: "unknown inline type", lines: [v2, '{"op":"insert","parent":"doc","block":{"id":"a","kind":{"type":"paragraph","inlines":[{"type":"blink"}]}}}'], throws: /unknown inline/ },
    { name: "unknown id", lines: [v2, '{"op":"close","id":"nope"}'], throws: /unknown block/ },
    { name: "duplicate id", lines: [v2, para("a", "x"), para("a", "y")], throws: /duplicate/ },
    { name: "index out of range", lines: ['{"v":1,"op":"insert","parent":"doc","index":3,"block":{"id":"a","kind":{"type":"thematic_break"},"range":[0,3],"children":[]}}'], throws: /bad index/ },
    { name: "drop beyond the text", lines: [v2, para("a", "ab"), '{"op":"append","id":"a","drop":3,"text":""}'], throws: /cannot drop/, html: "<p>ab</p>\n" },
    { name: "drop of non-ASCII", lines: [v2, para("a", "aé"), '{"op":"append","id":"a","drop":1,"text":"e"}'], throws: /cannot drop/, html: "<p>aé</p>\n" },
    { name: "splice keep beyond", lines: [v2, para("a", "ab"), '{"op":"splice","id":"a","keep":2,"inlines":[]}'], throws: /keep/, html: "<p>ab</p>\n" },
    { name: "continuations", lines: [v2, para("a", "Str"), '"eam"', '"ing"'], html: "<p>Streaming</p>\n" },
    { name: "append before (code)", lines: [v2, code("c", "x = 1\n"), '{"op":"append","id":"c","before":1,"text":"2"}', '"\\ny = 3"'], html: '<pre><code class="language-js">x = 12\ny = 3\n</code></pre>\n' },
    { name: "append drop and before", lines: [v2, code("c", "a &am\n"), '{"op":"append","id":"c","drop":3,"before":1,"text":"&"}'], html: '<pre><code class="language-js">a &amp;\n</code></pre>\n' },
    { name: "append after a non-text inline", lines: [v2, '{"op":"insert","parent":"doc","block":{"id":"a","kind":{"type":"paragraph","inlines":[{"type":"code","text":"x"}]}}}', '{"op":"append","id":"a","text":" y"}'], html: "<p><code>x</code> y</p>\n" },
    { name: "retype keeps inlines", lines: [v2, para("a", "Title"), '{"op":"retype","id":"a","kind":{"type":"heading","level":2}}', '" more"'], html: "<h2>Title more</h2>\n" },
    { name: "short: unknown op", lines: [v2, '[9,0]'], throws: /unknown op/ },
    { name: "short: string op tag (old short form)", lines: [v2, '["+","doc",[0,["p",["a"]]]]'], throws: /unknown op/ },
    { name: "short: wrong number of fields", lines: [v2, '[3]'], throws: /wrong number of fields/ },
    { name: "short: id not an integer", lines: [v2, '[3,1.5]'], throws: /id must be/ },
    { name: "short: unknown block type", lines: [v2, '[0,"doc",[0,"marquee"]]'], throws: /unknown block type/ },
    { name: "short: block type out of range", lines: [v2, '[0,"doc",[0,21]]'], throws: /unknown block type/ },
    { name: "short: alert without its kind", lines: [v2, '[0,"doc",[0,17]]'], throws: /unknown alert kind/ },
    { name: "short: unknown alert kind", lines: [v2, '[0,"doc",[0,[17,"memo"]]]'], throws: /unknown alert kind/ },
    // Ids relative to the register R: W even is e(R + W/2), W odd e(R + floor(W/2)).list.
    {
      name: "short: relative ids",
      lines: [
        v2,
        '[0,"doc",[10,[0,["a"]]]]', // e5; R 5
        '[0,"doc",[15,9,[[0,8,[[4,[0,["b"]]]]]]]]', // the list e12.list, its item e12, the item's paragraph e14; R 14
        '[3,-18]', // e5 (a negative delta); R 5
        '[0,"doc",["t9",13]]', // a string id leaves R at 5
        '[6,18,"c"]', // e14; R 14
        '[0,-3,[6,8,[[4,[0,["d"]]]]]]', // parent e12.list (W -3: D -2, odd); the item e15, its paragraph e17
      ],
      html: "<p>a</p>\n<ul>\n<li>bc</li>\n<li>d</li>\n</ul>\n<hr />\n",
      ids: ["e5", "e12.list", "e12", "e14", "t9", "e15", "e17"],
    },
    { name: "short: negative source id", lines: [v2, '[0,"doc",[0,[0,["a"]]]]', '[3,-2]'], throws: /negative source id/, html: "<p>a</p>\n" },
    { name: "short: negative source list id", lines: [v2, '[1,-1]'], throws: /negative source id/ },
    { name: "short: text continues in the last leaf", lines: [v2, '[0,"doc",[1,9,[[0,8,[[4,[0,["a"]]]]]]]]', '"b"'], html: "<ul>\n<li>ab</li>\n</ul>\n", ids: ["e0.list", "e0", "e2"] },
    { name: "short: retype keeps inlines", lines: [v2, '[0,"doc",[0,[0,["Title"]]]]', '[5,0,2]', '" more"'], html: "<h2>Title more</h2>\n" },
    {
      name: "short: update, retype and splice without an id name the target",
      lines: [
        v2,
        '[0,"doc",[0,[0,["Title"]]]]', // e0, the target
        '[5,2]', // e0 becomes a heading
        '" more"',
        '[7,1,[["i","x"]]]', // keeps "Title more", adds <em>
        '[5,0]', // a paragraph again, inlines kept
        '[0,"doc",[4,[11,"","p"]]]', // e2, the target
        '[4,[11,"x\\n","js"]]', // e2's info and literal
        '[6,0,"y",0,1]', // e2: "xy\n"
      ],
      html: '<p>Title more<em>x</em></p>\n<pre><code class="language-js">xy\n</code></pre>\n',
    },
    {
      name: "short: splice without an id names the target's cell",
      lines: [
        v2,
        '[0,"doc",[0,[14,"nc",[["a"],["b"]]],[[2,[15,[["1"],["2"]]]]]]]', // the table e0, its row e1 (no target: a row)
        '[6,0,"x",0,0,1]', // e1 cell 1: "2x", the target
        '[7,0,[["b","y"]]]', // e1 cell 1
        '"z"',
      ],
      html: "<table>\n<thead>\n<tr>\n<th>a</th>\n<th align=\"center\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td align=\"center\"><strong>y</strong>z</td>\n</tr>\n</tbody>\n</table>\n",
    },
    { name: "short: update without an id and no target", lines: [v2, '[4,[0,["a"]]]'], throws: /no continuation target/ },
    { name: "short: splice without an id and no target", lines: [v2, '[0,"doc",[0,13]]', '[7,0,["b"]]'], throws: /no continuation target/, html: "<hr />\n" },
    { name: "short: retype without an id after a remove", lines: [v2, '[0,"doc",[0,[0,["a"]]]]', '[1,0]', '[5,2]'], throws: /no continuation target/ },
    {
      name: "short: close keeps the target",
      lines: [v2, '[0,"doc",[0,[0,["a"]]]]', '[0,"doc",[4,[0,["b"]]]]', '[3,-4]', '"c"', '[3,4]', '[7,1,[["c","d"]]]'],
      html: "<p>a</p>\n<p>bc<code>d</code></p>\n",
    },
    { name: "short: append before (code)", lines: [v2, '[0,"doc",[0,[11,"x = 1\\n","js"]]]', '[6,0,"2",0,1]', '"\\ny = 3"'], html: '<pre><code class="language-js">x = 12\ny = 3\n</code></pre>\n' },
    {
      name: "short and long form mixed (long form leaves R)",
      lines: [v2, '[0,"doc",[4,[0,["a"]]]]', para("e9", "c"), '{"op":"append","id":"e2","text":"b"}', '[6,0,"!"]', '[3,0]'],
      html: "<p>ab!</p>\n<p>c</p>\n",
    },
    // Highlighting (op 8): lines of a code block's literal become spans.
    { name: "highlight: a completed line", lines: [v2, py, '[8,0,0,[[0,3,"keyword",4,1,"title.function_"]]]'], html: pre("python", '<span class="hljs-keyword">def</span> <span class="hljs-title function_">f</span>():\n  return "é😀" # x\n') },
    { name: "highlight: UTF-8 offsets", lines: [v2, py, '[8,0,0,[[0,3,"keyword"],[2,6,"keyword",9,8,"string",18,3,"comment"]]]'], html: pre("python", '<span class="hljs-keyword">def</span> f():\n  <span class="hljs-keyword">return</span> <span class="hljs-string">"é😀"</span> <span class="hljs-comment"># x</span>\n') },
    { name: "highlight: keeps the target", lines: [v2, '[0,"doc",[0,[11,"a = 1\\nb\\n","python"]]]', '[6,0," =",0,1]', '[8,0,0,[[4,1,"number"]]]', '" 2"', '"\\n"', '[8,0,1,[[4,1,"number"]]]'], html: pre("python", 'a = <span class="hljs-number">1</span>\nb = <span class="hljs-number">2</span>\n\n') },
    { name: "highlight: lines without tokens", lines: [v2, '[0,"doc",[0,[11,"a\\nb\\nc = 1\\n","python"]]]', '[8,0,0,[[],[],[4,1,"number"]]]'], html: pre("python", 'a\nb\nc = <span class="hljs-number">1</span>\n') },
    { name: "highlight: restart from 0 replaces", lines: [v2, '[0,"doc",[0,[11,"a b\\nc\\n","x"]]]', '[8,0,0,[[0,1,"keyword"],[0,1,"string"]]]', '[8,0,0,[[2,1,"number"]]]'], html: pre("x", 'a <span class="hljs-number">b</span>\nc\n') },
    { name: "highlight: restart inside a group", lines: [v2, '[0,"doc",[0,[11,"a\\nb\\nc\\n","x"]]]', '[8,0,0,[[0,1,"keyword"],[0,1,"keyword"],[0,1,"keyword"]]]', '[8,0,1,[[0,1,"string"]]]'], html: pre("x", '<span class="hljs-keyword">a</span>\n<span class="hljs-string">b</span>\nc\n') },
    { name: "highlight: a line after a gap", lines: [v2, py, '[8,0,1,[[]]]'], throws: /line 1 after 0/, html: pre("python", 'def f():\n  return "é😀" # x\n') },
    { name: "highlight: a token beyond the line", lines: [v2, py, '[8,0,0,[[0,9,"keyword"]]]'], throws: /beyond the line/, html: pre("python", 'def f():\n  return "é😀" # x\n') },
    { name: "highlight: a token splitting a character", lines: [v2, py, '[8,0,0,[[]]]', '[8,0,1,[[9,2,"string"]]]'], throws: /splits a character/, html: pre("python", 'def f():\n  return "é😀" # x\n') },
    { name: "highlight: more lines than the code", lines: [v2, '[0,"doc",[0,[11,"a\\n","x"]]]', '[8,0,0,[[],[]]]'], throws: /no line 1/, html: pre("x", "a\n") },
    { name: "highlight: overlapping tokens", lines: [v2, py, '[8,0,0,[[0,3,"keyword",2,1,"string"]]]'], throws: /bad token 1/ },
    { name: "highlight: an empty token", lines: [v2, py, '[8,0,0,[[0,0,"keyword"]]]'], throws: /bad token 0/ },
    { name: "highlight: a kind that is not a scope", lines: [v2, py, '[8,0,0,[[0,3,"keyword x"]]]'], throws: /bad token 0/ },
    { name: "highlight: not a code block", lines: [v2, '[0,"doc",[0,[0,["a"]]]]', '[8,0,0,[[]]]'], throws: /not a code block/, html: "<p>a</p>\n" },
    { name: "highlight: wrong number of fields", lines: [v2, '[8,0,0]'], throws: /wrong number of fields/ },
    // Appends and updates that reach into highlighted lines.
    { name: "highlight: a partial fence taken back keeps the line", lines: [v2, '[0,"doc",[0,[11,"a = 1\\n`\\n","python"]]]', '[8,0,0,[[4,1,"number"]]]', '[6,0,"",2,1]'], html: pre("python", 'a = <span class="hljs-number">1</span>\n') },
    { name: "highlight: an edit of a highlighted line un-highlights it", lines: [v2, '[0,"doc",[0,[11,"ab\\ncd\\ne\\n","x"]]]', '[8,0,0,[[0,2,"keyword"],[0,2,"keyword"]]]', '[6,0,"X",4,1]'], html: pre("x", '<span class="hljs-keyword">ab</span>\nX\n') },
    { name: "highlight: an update keeps unchanged lines", lines: [v2, '[0,"doc",[0,[11,"ab\\ncd\\n","x"]]]', '[8,0,0,[[0,2,"keyword"]]]', '[4,[11,"ab\\ncd\\nef\\n","y"]]'], html: pre("y", '<span class="hljs-keyword">ab</span>\ncd\nef\n') },
    { name: "highlight: an update changing a line", lines: [v2, '[0,"doc",[0,[11,"ab\\ncd\\n","x"]]]', '[8,0,0,[[0,2,"keyword"],[0,2,"keyword"]]]', '[4,[11,"ab\\nce\\n","x"]]'], html: pre("x", '<span class="hljs-keyword">ab</span>\nce\n') },
    { name: "highlight: markup in the code stays text", lines: [v2, '[0,"doc",[0,[11,"<b>&amp;</b>\\n","html"]]]', '[8,0,0,[[0,3,"tag",3,5,"string"]]]'], html: pre("html", '<span class="hljs-tag">&lt;b&gt;</span><span class="hljs-string">&amp;amp;</span>&lt;/b&gt;\n') },
    { name: "highlight: without copy buttons", options: { copyButtons: false }, lines: [v2, '[0,"doc",[0,[11,"x\\n","x"]]]', '[8,0,0,[[0,1,"variable.language_"]]]'], html: pre("x", '<span class="hljs-variable language_">x</span>\n'), exact: true },
    // Math: without a renderer, the TeX as text exactly as `streammark --format html` writes it.
    { name: "math: inline and display", lines: [v2, '[0,"doc",[0,[0,["a ",["m","x<y"]," b ",["M","\\\\frac12"]]]]]'], html: '<p>a <span class="math inline">\\(x&lt;y\\)</span> b <span class="math display">\\[\\frac12\\]</span></p>\n', exact: true },
    { name: "math: a block", lines: [v2, '[0,"doc",[0,[18,"a\\nb\\n"]]]'], html: '<p><span class="math display">\\[a\nb\\]</span></p>\n', exact: true },
    { name: "math: a block without its final line feed", lines: [v2, '[0,"doc",[0,[18,"a"]]]'], html: '<p><span class="math display">\\[a\\]</span></p>\n' },
    { name: "math: a block in a list item", lines: [v2, '[0,"doc",[1,9,[[0,8,[[4,[0,["a"]]],[8,[18,"x\\n"]]]],[36,8,[[4,[0,["b"]]]]]]]]'], html: '<ul>\n<li>a\n<p><span class="math display">\\[x\\]</span></p>\n</li>\n<li>b</li>\n</ul>\n' },
    { name: "math: a block's update", lines: [v2, '[0,"doc",[0,[18,"a\\n"]]]', '[4,0,[18,"a+b\\n"]]'], html: '<p><span class="math display">\\[a+b\\]</span></p>\n' },
    { name: "math: a code block becoming a math block", lines: [v2, '[0,"doc",[0,[11,"","m"]]]', '[4,[18,""]]', '[4,0,[18,"x\\n"]]'], html: '<p><span class="math display">\\[x\\]</span></p>\n' },
    { name: "math: long form", lines: ['{"v":1,"op":"insert","parent":"doc","index":0,"block":{"id":"a","kind":{"type":"paragraph","inlines":[{"type":"math","text":"y","display":false}]},"range":[0,3],"children":[]}}', '{"v":1,"op":"insert","parent":"doc","index":1,"block":{"id":"b","kind":{"type":"math","literal":"x\\n"},"range":[4,9],"children":[]}}'], html: '<p><span class="math inline">\\(y\\)</span></p>\n<p><span class="math display">\\[x\\]</span></p>\n' },
    { name: "math: image alt text", lines: [v2, '[0,"doc",[0,[0,[["img","u","",["m","x^2"]," m"]]]]]'], html: '<p><img src="u" alt="x^2 m"></p>\n' },
    { name: "math: a renderer function", options: { math: (tex, display, el) => { el.textContent = `${display ? "D" : "I"}:${tex}`; } }, lines: [v2, '[0,"doc",[0,[0,["a ",["m","x"],["M","y"]]]]]', '[0,"doc",[4,[18,"z\\n"]]]'], html: '<p>a <span class="math inline">I:x</span><span class="math display">D:y</span></p>\n<p><span class="math display">D:z</span></p>\n', exact: true },
    { name: "math: a renderer that throws shows the TeX", options: { math: () => { throw new Error("no"); } }, lines: [v2, '[0,"doc",[0,[0,[["m","x"]]]]]'], html: '<p><span class="math inline">\\(x\\)</span></p>\n', exact: true },
    { name: "math: math: false", options: { math: false }, lines: [v2, '[0,"doc",[0,[0,[["m","x"]]]]]'], html: '<p><span class="math inline">\\(x\\)</span></p>\n' },
    { name: "math: raw HTML around math (unsafe)", options: { unsafe: true }, lines: [v2, '[0,"doc",[0,[0,["a ",["h","<b>"],["m","x"],["h","</b>"]," c"]]]]'], html: '<p>a <b><span class="math inline">\\(x\\)</span></b> c</p>\n' },
    { name: "math: raw HTML around math with a renderer (unsafe)", options: { unsafe: true, math: (tex, display, el) => { el.textContent = `R:${tex}`; } }, lines: [v2, '[0,"doc",[0,[0,["a ",["h","<b>"],["m","x"],["h","</b>"]," ",["M","y"]]]]]'], html: '<p>a <b><span class="math inline">R:x</span></b> <span class="math display">R:y</span></p>\n', exact: true },
    { name: "math: raw HTML imitating the placeholder (unsafe)", options: { unsafe: true, math: (tex, display, el) => { el.textContent = `R:${tex}`; } }, lines: [v2, '[0,"doc",[0,[0,[["h","<span class=\\"math inline\\" data-sm-math=\\"0\\">t</span>"],["m","x"]]]]]'], html: '<p><span class="math inline" data-sm-math="0">t</span><span class="math inline">R:x</span></p>\n' },
    { name: "short: math inline without its TeX", lines: [v2, '[0,"doc",[0,[0,[["m"]]]]]'], throws: /expected \["m", tex\]/ },
    { name: "short: math inline TeX not a string", lines: [v2, '[0,"doc",[0,[0,[["M",1]]]]]'], throws: /expected \["M", tex\]/ },
    { name: "short: math inline with an extra field", lines: [v2, '[0,"doc",[0,[0,[["m","x","y"]]]]]'], throws: /expected \["m", tex\]/ },
    { name: "short: math block without its TeX", lines: [v2, '[0,"doc",[0,18]]'], throws: /TeX must be a string/ },
    { name: "short: math block with an extra field", lines: [v2, '[0,"doc",[0,[18,"x","y"]]]'], throws: /too many fields/ },
    ...footnoteCases(v2),
    { name: "insert without index appends", lines: [v2, para("a", "1"), para("b", "2")], html: "<p>1</p>\n<p>2</p>\n" },
    { name: "markup in text stays text", lines: [v2, para("a", '<script>window.__pwned="edge"</script><b>x</b>')], html: "<p>&lt;script&gt;window.__pwned=\"edge\"&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;</p>\n" },
    { name: "heading level out of range", lines: ['{"v":1,"op":"insert","parent":"doc","index":0,"block":{"id":"a","kind":{"type":"heading","level":"1 onclick","inlines":["x"]},"range":[0,1],"children":[]}}'], html: "<h1>x</h1>\n" },
    { name: "patch after finish", lines: [v2, "FINISH", para("a", "x")], throws: /after finish/ },
    { name: "soft break", lines: [v2, soft], html: "<p>a\nb</p>\n" },
    { name: "hardBreaks option", options: { hardBreaks: true }, lines: [v2, soft], html: "<p>a<br />\nb</p>\n" },
    { name: "noBreaks option", options: { noBreaks: true }, lines: [v2, soft], html: "<p>a b</p>\n" },
    { name: "unsafe keeps dangerous URLs", options: { unsafe: true }, lines: [v2, link], html: '<p><a href="javascript:x()">x</a></p>\n' },
    { name: "safe drops dangerous URLs", lines: [v2, link], html: '<p><a href="">x</a></p>\n' },
  ];
  const failures = [];
  for (const test of cases) {
    const element = freshHost();
    const view = new StreamMarkView(element, test.options || {});
    let error = null;
    let before = null;
    const marks = {};
    for (const line of test.lines) {
      if (typeof line === "function") { // a look at the view mid-stream
        line(view, marks);
        continue;
      }
      before = element.innerHTML;
      try {
        if (line === "FINISH") view.finish();
        else view.applyLine(line);
      } catch (e) {
        error = e;
        break;
      }
    }
    const { actual, expected } = normalize(element, test.html === undefined ? "" : test.html);
    if (test.exact && element.innerHTML.replace(/ data-id="[^"]*"/g, "") !== expected) failures.push(`${test.name}: not exactly the HTML: ${element.innerHTML}`);
    if (test.throws) {
      if (!error || !test.throws.test(String(error.message))) failures.push(`${test.name}: expected an error ${test.throws}, got ${error}`);
      else if (element.innerHTML !== before) failures.push(`${test.name}: the DOM changed before the error`);
      else if (test.html !== undefined && actual !== expected) failures.push(`${test.name}: ${actual} != ${expected}`);
    } else if (error) {
      failures.push(`${test.name}: unexpected ${error}`);
    } else if (actual !== expected) {
      failures.push(`${test.name}: ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`);
    }
    const problem = test.check && !error ? test.check(view, marks, element) : null;
    if (problem) failures.push(`${test.name}: ${problem}`);
    const missing = (test.ids || []).filter((id) => !view.blocks.has(id));
    if (missing.length) failures.push(`${test.name}: no block ${missing.join(", ")}`);
  }
  if (window.__pwned !== undefined) failures.push(`script ran: ${window.__pwned}`);
  return { cases: cases.length, failures };
};

/// Footnotes (hand-written streams: `streammark` does not parse them yet):
/// references, notes drawn in the section and nothing in place, their
/// back-references, in both forms; a note's `<li>` keeps its identity
/// while the stream goes on.
function footnoteCases(v2) {
  const backref = (label, k = 1) => `<a href="#fnref-${label}${k > 1 ? `-${k}` : ""}" class="footnote-backref" data-footnote-backref aria-label="Back to content">\u21A9${k > 1 ? `<sup class="footnote-ref">${k}</sup>` : ""}</a>`;
  const sup = (label, number, k = 1) => `<sup class="footnote-ref"><a href="#fn-${label}" id="fnref-${label}${k > 1 ? `-${k}` : ""}" data-footnote-ref>${number}</a></sup>`;
  const section = (items) => `<section class="footnotes" data-footnotes>\n<ol>\n${items.join("")}</ol>\n</section>\n`;
  const ref = (label, number, occurrence = 1) => ({ type: "footnote_reference", footnote: { source: label, label, number, occurrence } });
  const block = (id, kind, children = []) => ({ id, kind, range: [0, 0], children });
  const p = (id, inlines) => block(id, { type: "paragraph", inlines });
  const note = (id, label, number, referenceCount, children) => block(id, { type: "footnote_definition", footnote: { label, number, referenceCount } }, children);
  const v1 = (index, json) => JSON.stringify({ v: 1, op: "insert", parent: "doc", index, block: json });
  return [
    {
      name: "footnotes: short form",
      lines: [
        v2,
        '[0,"doc",["p",[0,["A",["f","a","a",1,1]," ",["f","x","",0,0]]]]]',
        '[0,"doc",["n",[19,"a",1,1],[["q",[0,["Note."]]]]]]',
        '[0,"doc",["footnotes",[20,"n"]]]',
      ],
      html: `<p>A${sup("a", 1)} [^x]</p>\n` + section([`<li id="fn-a">\n<p>Note. ${backref("a")}</p>\n</li>\n`]),
    },
    {
      name: "footnotes: long form, a note in a quote with a note in it",
      lines: [
        v1(0, p("p0", ["A", ref("a", 1), " b", ref("b", 2), " again", ref("a", 1, 2), " ", { type: "footnote_reference", footnote: { source: "nope", label: "", number: 0, occurrence: 0 } }])),
        v1(1, note("n1", "a", 1, 2, [p("p1", ["Note A."])])),
        v1(2, block("q", { type: "block_quote" }, [
          p("p2", ["Quoted."]),
          note("n2", "b", 2, 1, [p("p3", ["Note B", ref("c", 3)]), note("n3", "c", 3, 1, [p("p4", ["Deep."]), block("hr", { type: "thematic_break" })])]),
        ])),
        v1(3, note("n4", "unused", 0, 0, [p("p5", ["Never."])])),
        v1(4, block("footnotes", { type: "footnotes", notes: ["n1", "n2", "n3"] })),
      ],
      html: `<p>A${sup("a", 1)} b${sup("b", 2)} again${sup("a", 1, 2)} [^nope]</p>\n<blockquote>\n<p>Quoted.</p>\n</blockquote>\n`
        + section([
          `<li id="fn-a">\n<p>Note A. ${backref("a")} ${backref("a", 2)}</p>\n</li>\n`,
          `<li id="fn-b">\n<p>Note B${sup("c", 3)} ${backref("b")}</p>\n</li>\n`,
          `<li id="fn-c">\n<p>Deep.</p>\n<hr />\n${backref("c")}\n</li>\n`,
        ]),
    },
    {
      name: "footnotes: streamed, the same <li> throughout",
      lines: [
        v2,
        '[0,"doc",["footnotes",[20,"n"]]]', // the section lists a note not there yet
        '[0,"doc",["n",[19,"a",1,2],[["q",[0,["No"]]]]],0]',
        (view, marks) => { marks.li = view.blocks.get("n").el; },
        '"te"',
        '[7,1,[["i","x"]]]',
        '[0,"n",["h",13]]', // the back-references leave the paragraph
        '[0,"doc",["n2",[19,"b",2,1],[["q2",[0,["B"]]]]],1]',
        '[4,"footnotes",[20,"n2","n"]]',
        '[1,"h"]', // and go back into it
      ],
      html: section([
        `<li id="fn-b">\n<p>B ${backref("b")}</p>\n</li>\n`,
        `<li id="fn-a">\n<p>Note<em>x</em> ${backref("a")} ${backref("a", 2)}</p>\n</li>\n`,
      ]),
      check: (view, marks, element) => (view.blocks.get("n").el === marks.li && element.contains(marks.li) ? null : "the note's <li> was replaced"),
    },
    {
      name: "footnotes: a note no longer listed leaves the section",
      lines: [v2, '[0,"doc",["n",[19,"a",1,1],[["q",[0,["x"]]]]]]', '[0,"doc",["footnotes",[20,"n"]]]', '[4,"footnotes",20]', '[4,"n",[19,"a",0,0]]'],
      html: section([]),
    },
    { name: "footnotes: a note alone draws nothing", lines: [v2, '[0,"doc",["n",[19,"a",0,0],[["q",[0,["x"]]]]]]'], html: "" },
    { name: "short: footnote definition without its fields", lines: [v2, '[0,"doc",[0,19]]'], throws: /footnote definition: expected/ },
    { name: "short: footnotes with a note that is no id", lines: [v2, '[0,"doc",[0,[20,"a",1]]]'], throws: /notes must be ids/ },
    { name: "short: footnote reference without its occurrence", lines: [v2, '[0,"doc",[0,[0,[["f","a","a",1]]]]]'], throws: /inline f: expected/ },
  ];
}

/// The copy button on its own: what it copies (through the clipboard, and
/// through the textarea fallback when the clipboard refuses), its state and
/// the state's reset, its accessible name, and that it adds no text to the
/// page (a selection of the whole block copies the code only).
window.runCopyCases = async function runCopyCases() {
  const failures = [];
  let cases = 0;
  const literal = 'if (a < b && c > "d") {\n  return \'é😀\';\n}\n';
  const element = freshHost();
  const view = new StreamMarkView(element);
  view.applyLine('{"v":2}');
  view.applyLine(JSON.stringify([0, "doc", [0, [11, literal, "js"]]]));
  view.applyLine("[3,0]");
  const button = element.querySelector("pre > button.sm-copy");
  const expect = (name, ok, detail) => { cases += 1; if (!ok) failures.push(`${name}: ${detail}`); };
  expect("a button", !!button && button.type === "button" && button.getAttribute("aria-label") === "Copy code" && button.tabIndex === 0,
    button ? button.outerHTML : "none");
  expect("no text in the page", element.querySelector("pre").textContent === literal && button.childNodes.length === 0,
    JSON.stringify(element.querySelector("pre").textContent));

  const clipboard = navigator.clipboard;
  const originalWrite = clipboard.writeText;
  const originalExec = document.execCommand;
  const copied = [];
  try {
    clipboard.writeText = async (text) => { copied.push(text); };
    button.click();
    for (let i = 0; i < 4; i++) await null;
    expect("clipboard", copied.length === 1 && copied[0] === literal, JSON.stringify(copied));
    expect("copied state", button.dataset.state === "copied" && button.getAttribute("aria-label") === "Copied", button.outerHTML);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect("state reset", button.dataset.state === undefined && button.getAttribute("aria-label") === "Copy code", button.outerHTML);

    // The clipboard refuses (no permission, no secure context): the text
    // goes through a hidden textarea and execCommand("copy").
    const viaTextarea = [];
    clipboard.writeText = async () => { throw new DOMException("denied", "NotAllowedError"); };
    document.execCommand = (command) => {
      const area = document.activeElement;
      viaTextarea.push({ command, text: area && area.localName === "textarea" ? area.value : null, inAnswer: !!(area && element.contains(area)) });
      return true;
    };
    button.focus();
    button.click();
    for (let i = 0; i < 8; i++) await null;
    expect("fallback", viaTextarea.length === 1 && viaTextarea[0].command === "copy" && viaTextarea[0].text === literal && !viaTextarea[0].inAnswer,
      JSON.stringify(viaTextarea));
    expect("fallback leaves no textarea and gives focus back", !document.querySelector("textarea") && document.activeElement === button,
      String(document.activeElement && document.activeElement.outerHTML));
    document.execCommand = () => false;
    button.click();
    for (let i = 0; i < 8; i++) await null;
    expect("failure state", button.dataset.state === "failed" && button.getAttribute("aria-label") === "Copy failed", button.outerHTML);
  } finally {
    clipboard.writeText = originalWrite;
    document.execCommand = originalExec;
  }

  // copyButtons: false: exactly streammark's HTML.
  const bare = freshHost();
  const plain = new StreamMarkView(bare, { copyButtons: false });
  plain.applyLine('{"v":2}');
  plain.applyLine(JSON.stringify([0, "doc", [0, [11, literal, "js"]]]));
  expect("copyButtons: false", !bare.querySelector("button"), bare.innerHTML);
  return { cases, failures };
};

/// Math with KaTeX, case by case: what renders (and how bad TeX shows),
/// the renderer options, and the caching: a math span is rendered once per
/// value, a closed math block never again, and a splice or a rebuild reuses
/// the spans of unchanged formulas.
window.runMathCases = async function runMathCases() {
  const katex = await loadKaTeX();
  const failures = [];
  let cases = 0;
  const expect = (name, ok, detail) => { cases += 1; if (!ok) failures.push(`${name}: ${detail}`); };
  const calls = [];
  const counting = { render: (tex, span, settings) => { calls.push({ tex, span, settings }); return katex.render(tex, span, settings); } };
  const start = (options = {}) => {
    const element = freshHost();
    const view = new StreamMarkView(element, { math: counting, ...options });
    view.applyLine('{"v":2}');
    calls.length = 0;
    return { element, view, apply: (...lines) => { for (const line of lines) view.applyLine(line); } };
  };

  // What renders: inline and display math, KaTeX's options, bad TeX.
  {
    const { element, view, apply } = start();
    apply('[0,"doc",[0,[0,["a ",["m","x^2"]," b ",["M","\\\\frac12"]," ",["m","\\\\frac{"]]]]]');
    const spans = [...element.querySelectorAll("span.math")];
    expect("inline math", spans[0].querySelector(".katex") && !spans[0].querySelector(".katex-display"), spans[0].outerHTML.slice(0, 120));
    expect("display math", spans[1].querySelector(".katex-display .katex"), spans[1].outerHTML.slice(0, 120));
    expect("options", calls.length === 3 && calls.every((c) => c.settings.throwOnError === false) &&
      calls.map((c) => c.settings.displayMode).join() === "false,true,false", JSON.stringify(calls.map((c) => c.settings)));
    const error = spans[2].querySelector(".katex-error");
    expect("bad TeX shows as text", error && error.textContent === "\\frac{" && view.stats.mathErrors === 0, spans[2].outerHTML);
    expect("the TeX in KaTeX's annotation", renderedTeX(spans[0]) === "x^2" && renderedTeX(spans[1]) === "\\frac12", `${renderedTeX(spans[0])} ${renderedTeX(spans[1])}`);
  }
  // TeX asking for links or HTML: KaTeX's `trust` is off, so none is made.
  {
    const { element, apply } = start();
    apply('[0,"doc",[0,[0,[["m","\\\\href{javascript:window.__pwned=1}{x}"],["m","\\\\url{javascript:y}"],["m","\\\\htmlId{a}{z}"]]]]]');
    const links = element.querySelectorAll("a, [id='a']").length;
    expect("no links or HTML from TeX", links === 0 && !/javascript:/.test(element.innerHTML.replace(/<annotation[^]*?<\/annotation>/g, "")) &&
      window.__pwned === undefined, element.innerHTML.slice(0, 200));
  }
  // katexRenderer, globalThis.katex, math: false.
  {
    const element = freshHost();
    const view = new StreamMarkView(element, { math: katexRenderer(katex, { macros: { "\\RR": "\\mathbb{R}" } }) });
    view.applyLine('{"v":2}');
    view.applyLine('[0,"doc",[0,[0,[["m","\\\\RR"]]]]]');
    expect("katexRenderer with KaTeX options", renderedTeX(element.querySelector("span.math")) === "\\RR" && !element.querySelector(".katex-error"), element.innerHTML.slice(0, 160));
    globalThis.katex = katex;
    try {
      const found = freshHost();
      const auto = new StreamMarkView(found);
      auto.applyLine('{"v":2}');
      auto.applyLine('[0,"doc",[0,[0,[["m","x"]]]]]');
      expect("globalThis.katex is used by default", !!found.querySelector("span.math .katex"), found.innerHTML.slice(0, 120));
      const off = freshHost();
      const none = new StreamMarkView(off, { math: false });
      none.applyLine('{"v":2}');
      none.applyLine('[0,"doc",[0,[0,[["m","x"]]]]]');
      expect("math: false shows the TeX", off.querySelector("span.math").textContent === "\\(x\\)", off.innerHTML);
    } finally {
      delete globalThis.katex;
    }
    let thrown = null;
    try { new StreamMarkView(freshHost(), { math: "katex" }); } catch (error) { thrown = error; }
    expect("a bad math option", thrown && /math option/.test(thrown.message), String(thrown));
  }
  // A math block: rendered when its TeX changes, not when it stays, never after its close.
  {
    const { element, view, apply } = start();
    apply('[0,"doc",[0,[18,"a\\n"]]]');
    const first = element.querySelector("span.math");
    apply('[4,0,[18,"a"]]');
    expect("the same TeX is not rendered again", calls.length === 1 && element.querySelector("span.math") === first, `${calls.length} renders`);
    apply('[4,0,[18,"a+b\\n"]]');
    const second = element.querySelector("span.math");
    expect("new TeX renders once, off-document", calls.length === 2 && second !== first && !first.isConnected && calls[1].span === second, `${calls.length} renders`);
    apply("[3,0]", '[0,"doc",[20,[0,["more"]]]]');
    for (let i = 0; i < 50; i++) apply('" text"');
    apply('[7,0,["x ",["m","y"]]]', "[3,0]");
    expect("a closed block is not rendered again", calls.length === 3 && element.querySelector("span.math") === second &&
      renderedTeX(second) === "a+b" && view.stats.mathRenders === 3, `${calls.length} renders`);
  }
  // Inline math: a splice (here a closing `*` wrapping earlier text) reuses
  // the rendered spans of formulas that did not change, also inside new
  // emphasis; a changed formula renders again.
  {
    const { element, view, apply } = start();
    apply('[0,"doc",[0,[0,["*a ",["m","x"]," b ",["m","x"]," ",["M","y"]," c"]]]]');
    const [x1, x2, y] = element.querySelectorAll("span.math");
    apply('[7,0,[["i","a ",["m","x"]," b ",["m","x"]," ",["M","y"]]," c"]]');
    const now = [...element.querySelectorAll("span.math")];
    expect("a splice reuses unchanged formulas", calls.length === 3 && now[0] === x1 && now[1] === x2 && now[2] === y &&
      now[0].parentNode.localName === "em" && view.stats.mathReused === 3, `${calls.length} renders, reused ${view.stats.mathReused}`);
    apply('[7,0,[["i","a ",["m","x"]," b ",["m","z"]," ",["m","y"]]," c"]]');
    const after = [...element.querySelectorAll("span.math")];
    expect("changed formulas render again", calls.length === 5 && after[0] === x1 && after[1] !== x2 && after[2] !== y, `${calls.length} renders`);
    // A retype (paragraph to heading) rebuilds the block around the same spans.
    apply("[5,2]");
    const heading = [...element.querySelectorAll("h2 span.math")];
    expect("a retype reuses the spans", calls.length === 5 && heading.length === 3 && heading[0] === after[0] && heading[2] === after[2],
      `${calls.length} renders, ${heading.length} spans`);
  }
  // A list turning loose wraps its items' paragraphs in <p>: their math is moved, not rendered again.
  {
    const { element, apply } = start();
    apply('[0,"doc",[1,9,[[0,8,[[4,[0,["a ",["m","x"]]]]]]]]]');
    const span = element.querySelector("span.math");
    apply('[4,-3,[9,false]]'); // e0.list (the register is at e2)
    expect("loosening reuses the spans", calls.length === 1 && element.querySelector("li > p > span.math") === span, `${calls.length} renders: ${element.innerHTML.slice(0, 200)}`);
  }
  // Unsafe raw HTML around math: the run is parsed as a whole, its math rendered.
  {
    const { element, apply } = start({ unsafe: true });
    apply('[0,"doc",[0,[0,["a ",["h","<b>"],["m","x"],["h","</b>"]]]]]');
    const span = element.querySelector("b > span.math");
    expect("raw HTML around math", span && span.querySelector(".katex") && !element.querySelector("[data-sm-math]") && calls.length === 1,
      element.innerHTML.slice(0, 160));
  }
  return { cases, failures };
};

/// The math styles as the browser applies streammark.css and KaTeX's CSS to
/// `name`'s stream rendered with KaTeX: display math is a centred block
/// that scrolls sideways when too wide (the answer itself does not), and
/// KaTeX's output takes the answer's text colour in both themes.
window.runMathLayout = async function runMathLayout(name) {
  const katex = await loadKaTeX();
  const stream = await fetchText(`/data/${name}.ndjson`);
  const element = freshHost();
  const view = new StreamMarkView(element, { math: katex });
  for (const line of stream.split("\n")) view.applyLine(line);
  view.finish();
  await document.fonts.ready;
  const host = document.getElementById("host");
  const displays = [...element.querySelectorAll("span.math.display")];
  const out = { displays: displays.length, katexCSS: false, notCentred: 0, notScrolling: 0, themes: {} };
  out.katexCSS = [...document.styleSheets].some((sheet) => (sheet.href || "").endsWith("/katex/katex.min.css"));
  for (const span of displays) {
    const style = getComputedStyle(span);
    if (style.display !== "block" || style.textAlign !== "center") out.notCentred += 1;
    if (style.overflowX !== "auto") out.notScrolling += 1;
  }
  host.style.width = "360px";
  try {
    const widest = displays.reduce((a, b) => (b.scrollWidth > a.scrollWidth ? b : a), displays[0]);
    out.wide = widest ? { scrollWidth: widest.scrollWidth, clientWidth: widest.clientWidth, tex: renderedTeX(widest).slice(0, 40) } : null;
    out.answer = { scrollWidth: element.scrollWidth, clientWidth: element.clientWidth };
  } finally {
    host.style.width = "";
  }
  for (const theme of ["light", "dark"]) {
    document.documentElement.dataset.theme = theme;
    const colour = getComputedStyle(element).color;
    const katexes = [...element.querySelectorAll(".katex")];
    const other = katexes.filter((node) => getComputedStyle(node).color !== colour && !node.closest("a, del, em, strong, th")).length;
    const lines = [...element.querySelectorAll(".katex .frac-line")].filter((node) => getComputedStyle(node).borderBottomColor !== colour).length;
    const error = element.querySelector(".katex-error");
    out.themes[theme] = { colour, katexes: katexes.length, other, fracLines: element.querySelectorAll(".katex .frac-line").length, otherLines: lines,
      error: error ? getComputedStyle(error).color : null };
  }
  delete document.documentElement.dataset.theme;
  return out;
};

/// The highlight.js scopes StreamMark writes (docs/highlighting.md).
const KINDS = ["keyword", "built_in", "type", "literal", "number", "string", "regexp", "subst", "symbol", "char.escape_",
  "comment", "doctag", "meta", "title.function_", "title.class_", "title", "params", "attr", "attribute", "variable",
  "variable.language_", "property", "tag", "name", "selector-tag", "selector-class", "selector-id", "selector-pseudo",
  "selector-attr", "addition", "deletion", "operator", "punctuation", "section", "bullet", "template-variable"];

function luminance(rgb) {
  const [r, g, b] = rgb.match(/[0-9.]+/g).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/// The palette as the browser applies streammark.css: per theme and scope,
/// the contrast of the span's colour with the code background (its own
/// background for addition and deletion), and the scopes left in the plain
/// code colour.
window.runPalette = async function runPalette() {
  const host = freshHost();
  const pre = document.createElement("pre");
  const code = document.createElement("code");
  code.className = "language-x";
  pre.append(code);
  host.append(pre);
  const spans = KINDS.map((kind) => {
    const span = document.createElement("span");
    span.setAttribute("class", hljsClasses(kind));
    span.textContent = "x";
    code.append(span);
    return [kind, span];
  });
  const out = {};
  for (const theme of ["light", "dark"]) {
    document.documentElement.dataset.theme = theme;
    const plain = getComputedStyle(code).color;
    const background = getComputedStyle(pre).backgroundColor;
    const ratios = {};
    const unstyled = [];
    for (const [kind, span] of spans) {
      const style = getComputedStyle(span);
      const own = style.backgroundColor;
      const behind = own === "rgba(0, 0, 0, 0)" ? background : own;
      ratios[kind] = Math.round(contrast(style.color, behind) * 100) / 100;
      if (style.color === plain && kind !== "params") unstyled.push(kind);
    }
    out[theme] = { ratios, unstyled, background, plain: Math.round(contrast(plain, background) * 100) / 100 };
    out[theme].alerts = alertTitleContrast(host);
  }
  delete document.documentElement.dataset.theme;
  return out;
};

/// Per alert kind, the contrast of its title and bar colour with the page
/// background (`--sm-bg`), as the stylesheet applies them.
function alertTitleContrast(host) {
  const page = document.createElement("div");
  page.style.backgroundColor = "var(--sm-bg)";
  host.append(page);
  const background = getComputedStyle(page).backgroundColor;
  const ratios = {};
  for (const kind of ["note", "tip", "important", "warning", "caution"]) {
    const alert = document.createElement("div");
    alert.className = `markdown-alert markdown-alert-${kind}`;
    const title = document.createElement("p");
    title.className = "markdown-alert-title";
    title.textContent = kind;
    alert.append(title);
    page.append(alert);
    const color = getComputedStyle(title).color;
    ratios[kind] = { contrast: Math.round(contrast(color, background) * 100) / 100, color, bar: getComputedStyle(alert).borderLeftColor };
  }
  page.remove();
  return ratios;
}

/// SplitMix64 (the project's seeded generator), on BigInt: `next(n)` is an
/// integer in 0..<n.
function splitMix(seed) {
  let state = BigInt.asUintN(64, BigInt(seed));
  return (n) => {
    state = BigInt.asUintN(64, state + 0x9e3779b97f4a7c15n);
    let z = state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    z ^= z >> 31n;
    return Number(z % BigInt(n));
  };
}

/// The rule of `streammark --format html --highlight` for a literal and its
/// lines' tokens, written independently of the view (bytes through
/// TextEncoder/TextDecoder, markup as a string).
function renderExpected(literal, tokens, language) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const lines = literal.split("\n").map((line, i) => {
    const bytes = encoder.encode(line);
    const flat = tokens[i] || [];
    let out = "";
    let at = 0;
    for (let t = 0; t < flat.length; t += 3) {
      const [start, length, kind] = [flat[t], flat[t + 1], flat[t + 2]];
      const [head, ...rest] = kind.split(".");
      out += escape(decoder.decode(bytes.slice(at, start)));
      out += `<span class="${["hljs-" + head, ...rest].join(" ")}">${escape(decoder.decode(bytes.slice(start, start + length)))}</span>`;
      at = start + length;
    }
    return out + escape(decoder.decode(bytes.slice(at)));
  });
  return `<pre><code class="language-${language}">${lines.join("\n")}</code></pre>\n`;
}

/// Property test of highlighting against renderExpected: seeded random code
/// (ASCII, markup characters, `é`, an emoji) streamed in random chunks, the
/// highlight ops a producer would send (each completed line once), plus
/// random restarts from a lower line, random appends that take back
/// characters across line ends (then highlighting goes on from the first
/// line they changed), and random blank lines. Mid-stream, at random points,
/// the code's text must be the literal and its highlighted lines must equal
/// the expected lines; at the end the whole block must.
window.runHighlightProperty = async function runHighlightProperty(seed, cases) {
  const random = splitMix(seed);
  const pieces = ["a", "b", "x", "1", " ", "  ", "<", "&", '"', "é", "😀", "def", "=", "(", ")", "#"];
  const failures = [];
  let ops = 0;
  let restarts = 0;
  let takeBacks = 0;
  for (let n = 0; n < cases && failures.length < 5; n++) {
    const lineCount = 1 + random(12);
    const body = Array.from({ length: lineCount }, () => Array.from({ length: random(9) }, () => pieces[random(pieces.length)]).join("")).join("\n");
    const tokensOf = (line) => {
      const bytes = new TextEncoder().encode(line);
      const boundaries = [0];
      for (let i = 1; i <= bytes.length; i++) if (i === bytes.length || (bytes[i] & 0xc0) !== 0x80) boundaries.push(i);
      const flat = [];
      let b = 0;
      while (b < boundaries.length - 1) {
        const start = b + random(3);
        const end = start + 1 + random(3);
        if (end >= boundaries.length) break;
        flat.push(boundaries[start], boundaries[end] - boundaries[start], KINDS[random(KINDS.length)]);
        b = end;
      }
      return flat;
    };
    const element = freshHost();
    const view = new StreamMarkView(element);
    const apply = (value) => { ops += 1; view.applyLine(JSON.stringify(value)); };
    apply({ v: 2 });
    apply([0, "doc", [0, [11, "\n", "x"]]]);
    let at = 0; // the literal is body.slice(0, at) + "\n"
    let tokens = []; // tokens of the lines highlighted so far
    let highlighted = 0;
    const typed = () => body.slice(0, at);
    const literalNow = () => typed() + "\n";
    const complete = () => typed().split("\n").length - 1;
    const check = (where) => {
      const rec = view.blocks.get("e0");
      const literal = literalNow();
      if (rec.code.textContent !== literal) return `${where}: text ${JSON.stringify(rec.code.textContent)} != ${JSON.stringify(literal)}`;
      const { actual, expected } = normalize(element, renderExpected(literal, tokens, "x"));
      const got = actual.split("\n");
      const exp = expected.split("\n");
      for (let i = 0; i < highlighted; i++) if (got[i] !== exp[i]) return `${where}: line ${i}: ${got[i]} != ${exp[i]}`;
      return null;
    };
    let failure = null;
    try {
      while (at < body.length && !failure) {
        if (random(10) === 0 && at > 0) {
          // Take back up to 4 ASCII characters (line feeds included): they
          // are typed again later.
          let drop = 1 + random(4);
          while (drop > 0 && (drop > at || /[^\x00-\x7f]/.test(body.slice(at - drop, at)))) drop--;
          if (drop > 0) {
            takeBacks += 1;
            const old = literalNow();
            at -= drop;
            apply([6, 0, "", drop, 1]);
            // Lines equal up to their line feed in the old and new literal
            // may keep their highlighting; a producer goes on from there
            // (or from lower: the view restarts then).
            const now = literalNow();
            let same = 0;
            while (same < now.length && now[same] === old[same]) same++;
            const kept = now.slice(0, same).split("\n").length - 1;
            if (highlighted > kept) { highlighted = kept; tokens = tokens.slice(0, kept); }
            continue;
          }
        }
        let size = 1 + random(6);
        if (/[\ud800-\udbff]/.test(body[at + size - 1] || "")) size += 1; // never split a surrogate pair
        const text = body.slice(at, at + size);
        at += text.length;
        apply([6, 0, text, 0, 1]);
        const lines = typed().split("\n");
        if (random(8) === 0 && highlighted > 0) {
          const from = random(highlighted);
          restarts += 1;
          const again = [];
          for (let i = from; i < complete(); i++) again.push(tokensOf(lines[i]));
          apply([8, 0, from, again]);
          tokens = tokens.slice(0, from).concat(again);
          highlighted = complete();
        } else if (complete() > highlighted) {
          const add = [];
          for (let i = highlighted; i < complete(); i++) add.push(tokensOf(lines[i]));
          apply([8, 0, highlighted, add]);
          tokens = tokens.concat(add);
          highlighted = complete();
        }
        if (random(4) === 0) failure = check(`case ${n}, at ${at}`);
      }
      if (!failure) {
        const last = typed().split("\n");
        const rest = [];
        for (let i = highlighted; i < last.length; i++) rest.push(tokensOf(last[i]));
        apply([8, 0, highlighted, rest]);
        tokens = tokens.concat(rest);
        highlighted = last.length;
        apply([3, 0]);
        const { actual, expected } = normalize(element, renderExpected(literalNow(), tokens, "x"));
        if (actual !== expected) failure = `case ${n}: final ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`;
      }
    } catch (error) {
      failure = `case ${n}: ${error.message}`;
    }
    if (failure) failures.push(failure);
  }
  return { cases, ops, restarts, takeBacks, failures };
};
