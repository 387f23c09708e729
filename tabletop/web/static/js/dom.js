// Tiny DOM helpers (no framework): h("div.a.b", {attrs}, children...).

export function h(spec, attrs, ...children) {
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className += (el.className ? " " : "") + v;
    else if (k === "text") el.textContent = v;
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, v);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** A clickable element: adds the highlight class, keyboard access and a data-action for tests. */
export function clickable(el, action, onClick, title) {
  el.classList.add("legal");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  if (action) el.dataset.action = action;
  if (title) el.title = title;
  el.addEventListener("click", (ev) => { ev.stopPropagation(); onClick(ev); });
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onClick(ev); }
  });
  return el;
}

export function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const ta = h("textarea", { style: { position: "fixed", opacity: "0" } }, text);
  document.body.append(ta);
  ta.select();
  try { document.execCommand("copy"); } finally { ta.remove(); }
  return Promise.resolve();
}

// ---------------------------------------------------------------- card names
// A card's name wraps between words (and is hyphenated where the page's language and the browser
// allow: CSS `hyphens: auto`, <html lang>), never inside a word: a name whose longest word does not
// fit its card is drawn a step smaller until it does (.fit-1 … .fit-5, style.css).
const CARD = ".guest, .staff, .celeb, .entrance, .ballroom, .bj-card, .lounge-space, .token-tile, .space";
const FIT_STEPS = 5;
const FIT_CLASSES = Array.from({ length: FIT_STEPS }, (_, i) => `fit-${i + 1}`);

/** Whether a name reaches past its card (or its own box: a word wider than the line). */
function nameOverflows(el) {
  const r = el.getBoundingClientRect();
  if (!r.width) return false; // not drawn (a closed panel): fitted when it opens
  if (el.scrollWidth > el.clientWidth + 1) return true;
  const box = el.closest(CARD);
  if (!box) return false;
  const b = box.getBoundingClientRect();
  const cs = getComputedStyle(box);
  const left = b.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
  const right = b.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
  return r.right > right + 0.5 || r.left < left - 0.5;
}

/** Fit every card name under ``root`` to its card (reads the layout in batches: one pass per step). */
export function fitNames(root, { again = false } = {}) {
  let els = [...root.querySelectorAll(".card-name")];
  if (again) for (const el of els) el.classList.remove(...FIT_CLASSES);
  else els = els.filter((el) => !FIT_CLASSES.some((c) => el.classList.contains(c)));
  for (let step = 1; step <= FIT_STEPS && els.length; step++) {
    const over = els.filter(nameOverflows);
    for (const el of over) {
      if (step > 1) el.classList.remove(`fit-${step - 1}`);
      el.classList.add(`fit-${step}`);
    }
    els = over;
  }
}

/** A seat's disc in its colour with the seat's number in it: colour is never the only sign of a seat. */
export function seatDisc(seat, colour, { cls = "", title } = {}) {
  return h(`span.disc${cls}`, { style: { background: colour }, "data-seat-mark": String(seat + 1), title });
}
