// The in-page half of the browser test (scripts/test-browser.sh): streams a
// recorded patch file into a StreamMarkView under a MutationObserver and
// checks, after every patch, what changed in the DOM.
//
// window.runCase(name) fetches /data/NAME.ndjson (the patches of
// `streammark --replay 4:0 --format patches`) and /data/NAME.html
// (`streammark --format html`), and returns a report object:
//   equal       (a) final HTML equals the expected HTML (see normalize())
//   closedHits  (b) mutations on nodes of closed blocks, outside the two
//                   counted exceptions (must be 0)
//   linkHits, reflowHits   mutations of the two exceptions (updates of a
//                   closed block, lists turning loose after items closed)
//   boundFails  (c) patches whose mutation count exceeded the bound
//   selection   (d) a selection made in a closed block survived
// window.timeStream(name, runs) applies the same stream without observer and
// returns the fastest run's time in ms.

import { StreamMarkView } from "../streammark.js";

/// The mutation bound of one patch on an open block: a constant plus one
/// node per 4 bytes of patch JSON, plus a constant per paragraph re-wrapped
/// because its list turned loose or tight.
export function mutationBound(bytes, reflowed) {
  return 6 + Math.ceil(bytes / 4) + 8 * reflowed;
}

/// The two sides of the HTML comparison, each serialized by the browser:
/// the expected HTML is parsed in an inert document and serialized again
/// (void elements lose their " /", entities become characters where the
/// serializer allows: `&quot;` in text, `&#x27;` in attributes); the view's
/// HTML is serialized without its `data-id` attributes.
export function normalize(element, expectedHTML) {
  const inert = document.implementation.createHTMLDocument("");
  inert.body.innerHTML = expectedHTML;
  const clone = element.cloneNode(true);
  for (const node of clone.querySelectorAll("[data-id]")) node.removeAttribute("data-id");
  return { actual: clone.innerHTML, expected: inert.body.innerHTML };
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

/// A text node of at least two characters inside a closed top-level block.
function selectionTarget(view) {
  for (const rec of view.root.children) {
    if (!rec.closed || !rec.el) continue;
    const walker = document.createTreeWalker(rec.el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.data.trim().length >= 2) return node;
  }
  return null;
}

window.runCase = async function runCase(name) {
  const [stream, expectedHTML] = await Promise.all([
    fetchText(`/data/${name}.ndjson`),
    fetchText(`/data/${name}.html`),
  ]);
  const lines = stream.split("\n").filter((line) => line.length > 0);
  const element = freshHost();
  const view = new StreamMarkView(element);
  const observer = new MutationObserver(() => {});
  observer.observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
  const report = {
    name, patches: lines.length, patchBytes: 0, mutations: 0, closedHits: 0, linkHits: 0,
    reflowHits: 0, boundFails: 0, worst: null, maxRatio: 0, closedViolations: [], selection: null,
  };
  let closed = new Set();
  let selected = null;
  const encoder = new TextEncoder();
  for (const line of lines) {
    const patch = JSON.parse(line);
    const bytes = encoder.encode(line).length;
    report.patchBytes += bytes;
    // A change of a closed block: the protocol allows it only for a link
    // reference definition that arrived later (counted, not failed).
    const targetId = typeof patch === "string" ? view.continuationTarget : patch.id;
    const closedUpdate = typeof patch === "string" || ["update", "retype", "append", "splice"].includes(patch.op)
      ? view.isClosed(targetId) : false;
    const reflowedBefore = view.stats.reflowed;
    const loosenedBefore = view.stats.loosenedClosed;
    view.apply(patch);
    const records = observer.takeRecords();
    const reflowed = view.stats.reflowed - reflowedBefore;
    let count = 0;
    for (const record of records) {
      const n = countNodes(record);
      count += n;
      if (!hitsClosed(record, closed, element)) continue;
      if (closedUpdate) report.linkHits += n;
      else if (view.stats.loosenedClosed > loosenedBefore) report.reflowHits += n;
      else {
        report.closedHits += n;
        if (report.closedViolations.length < 3) report.closedViolations.push({ line: line.slice(0, 300), type: record.type });
      }
    }
    report.mutations += count;
    if (!closedUpdate && count > mutationBound(bytes, reflowed)) {
      report.boundFails += 1;
      if (!report.worst) report.worst = { count, bytes, line: line.slice(0, 300) };
    }
    report.maxRatio = Math.max(report.maxRatio, count / bytes);
    if (patch.op === "close" || closedUpdate || reflowed > 0) closed = closedNodes(view);
    if (patch.op === "close" && !selected) {
      const node = selectionTarget(view);
      if (node) {
        const range = document.createRange();
        range.setStart(node, 0);
        range.setEnd(node, Math.min(node.data.length, 12));
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        selected = { node, text: selection.toString(), end: range.endOffset };
      }
    }
  }
  view.finish();
  observer.disconnect();
  if (selected) {
    const selection = window.getSelection();
    const range = selection.rangeCount === 1 ? selection.getRangeAt(0) : null;
    report.selection = !!range && selected.node.isConnected && range.startContainer === selected.node &&
      range.endContainer === selected.node && range.startOffset === 0 && range.endOffset === selected.end &&
      selection.toString() === selected.text && selected.text.length >= 2;
    report.selectedText = selected.text;
  }
  const { actual, expected } = normalize(element, expectedHTML);
  report.equal = actual === expected;
  if (!report.equal) {
    let i = 0;
    while (i < actual.length && actual[i] === expected[i]) i++;
    report.diff = { at: i, actual: actual.slice(Math.max(0, i - 80), i + 120), expected: expected.slice(Math.max(0, i - 80), i + 120) };
  }
  report.stats = view.stats;
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
  observer.disconnect();
  return { hits, closed: closed.size };
};

window.timeStream = async function timeStream(name, runs) {
  const stream = await fetchText(`/data/${name}.ndjson`);
  const lines = stream.split("\n").filter((line) => line.length > 0);
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const element = freshHost();
    const start = performance.now();
    const view = new StreamMarkView(element);
    for (const line of lines) view.applyLine(line);
    view.finish();
    best = Math.min(best, performance.now() - start);
  }
  return { ms: best, patches: lines.length, bytes: stream.length };
};

window.harnessReady = true;
