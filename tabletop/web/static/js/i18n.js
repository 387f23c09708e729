// UI strings: static/i18n/<lang>.json, compiled from the gettext catalogs (tabletop/i18n: the
// page's own words, the game's log words and the card names and texts; `python -m
// tabletop.i18n.build`): flat keys, "{name}" placeholders, plural messages as lists chosen by
// the language's rule ("_plural") and the `n` parameter. English is the fallback.

export const LANGUAGES = { en: "English", de: "Deutsch", zh: "中文" };
const STORE_KEY = "tabletop.lang";
let lang = "en";
let dict = {};
let fallback = {};
const listeners = new Set();

async function load(code) {
  const r = await fetch(`/static/i18n/${code}.json`, { cache: "no-cache" });
  if (!r.ok) throw new Error(`cannot load language ${code}`);
  return r.json();
}

function initial() {
  const saved = localStorage.getItem(STORE_KEY);
  if (saved && LANGUAGES[saved]) return saved;
  const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
  return LANGUAGES[nav] ? nav : "en";
}

export async function initI18n() {
  fallback = await load("en");
  await setLang(initial(), false);
}

let pluralOf = (n) => Number(n !== 1);

/** The language's plural rule (a C expression from its PO header, e.g. "(n != 1)") as a function. */
function pluralRule(expr) {
  if (!/^[\sn0-9()<>=!%&|?:]+$/.test(expr || "")) return (n) => Number(n !== 1);
  return new Function("n", `return Number(${expr});`); // eslint-disable-line no-new-func
}

export async function setLang(code, notify = true) {
  if (!LANGUAGES[code]) code = "en";
  dict = code === "en" ? fallback : await load(code);
  pluralOf = pluralRule(dict._plural);
  lang = code;
  localStorage.setItem(STORE_KEY, code);
  document.documentElement.lang = code === "zh" ? "zh-Hans" : code;
  if (notify) for (const fn of listeners) fn(code);
}

export function getLang() { return lang; }
export function onLangChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }
export function has(key) { return key in dict || key in fallback; }

/** t("key", {n: 3}) -> the string in the current language with {n} filled in. */
export function t(key, params) {
  let s = dict[key] ?? fallback[key];
  if (s === undefined) return key;
  if (Array.isArray(s)) s = s[Math.min(s.length - 1, params && params.n !== undefined ? pluralOf(Number(params.n)) : 0)];
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return s;
}

/** A card's name or text in the page's language (the `cards` catalog), else the printed English. */
export const cardText = (key, printed = "") => (has(key) ? t(key) : printed);

/** The first key that exists, else the last argument's literal text. */
export function tFirst(keys, params, literal) {
  for (const k of keys) if (has(k)) return t(k, params);
  return literal ?? keys[keys.length - 1];
}
