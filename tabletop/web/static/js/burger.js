// Burger Joint: allocation board, bag, and each player's development board, driven by the legal
// actions, found by their facts (verb, colour, bistro, to; choices.js): the action strings are
// only the ids sent back.

import { clickable, h, seatDisc } from "./dom.js";
import { has, t } from "./i18n.js";
import { factsOf, legalFirst } from "./choices.js";

export const SEAT_COLOURS = ["#d9822b", "#c23b3b"];
const COLOURS_DEFAULT = ["white", "black", "yellow", "green", "brown", "red"];
const BISTROS_DEFAULT = ["redraw", "two-for-one", "draw", "one-for-one", "choose", "prestige"];
const SEATS_DEFAULT = ["burger", "pizza"];

const names = (ctx, key, dflt) => (ctx.data && ctx.data.names && ctx.data.names[key]) || dflt;
const colours = (ctx) => names(ctx, "colours", COLOURS_DEFAULT);
const bistros = (ctx) => names(ctx, "bistros", BISTROS_DEFAULT);
const seatKeys = (ctx) => names(ctx, "seats", SEATS_DEFAULT);
const colourName = (c) => t(`bjcolour.${c}`);
const seatName = (ctx, p) => (ctx.seats[p] && ctx.seats[p].name) || t("game.seatN", { n: p + 1 });
const top = (v) => (v.pending && v.pending.length ? v.pending[v.pending.length - 1] : null);

// Clicked on the board (by their facts' verb: a cube of a colour, a building); everything else
// becomes a prompt button.
const BOARD_VERBS = new Set(["take", "get", "return", "discard", "steal", "pay", "upgrade", "use",
  "publicity", "basic", "diner", "bistro"]);

// The rules panel: a short summary of the rulebook (002), one section per part of it. Each
// section has bj.rules.<id>.title, its numbered steps bj.rules.<id>.stepN and its points bj.rules.<id>.<item>.
const RULES = [
  { id: "goal", items: ["win", "cubes"] },
  { id: "boards", items: ["dev", "shared", "start"] },
  { id: "turn", steps: 5, items: ["who"] },
  { id: "production", items: ["capacity", "areas", "first", "rest"] },
  { id: "trade", items: ["three", "abilities"] },
  { id: "build", items: ["pay", "publicity", "basic", "diner", "bistro"] },
  { id: "score", items: ["count", "track", "win"] },
  { id: "discard", items: ["limit"] },
  { id: "site", items: ["click", "hover", "limit"] },
];

function rulesPanel(ctx) {
  const turnLimit = ctx.view.config && ctx.view.config.turn_limit;
  const sections = RULES.map((sec) => h("section.bj-rules-sec", { "data-section": sec.id },
    h("h4", t(`bj.rules.${sec.id}.title`)),
    sec.steps ? h("ol", Array.from({ length: sec.steps }, (_, i) => h("li", t(`bj.rules.${sec.id}.step${i + 1}`)))) : null,
    h("ul", sec.items.filter((it) => !(sec.id === "site" && it === "limit" && !turnLimit))
      .map((it) => h("li", { "data-item": it }, t(`bj.rules.${sec.id}.${it}`, { n: turnLimit }))))));
  const det = h("details.panel.bj-rules", { id: "bj-rules", open: !!ctx.ui.bjRulesOpen },
    h("summary", t("bj.rules.summary")), h("div.bj-rules-body", sections));
  det.addEventListener("toggle", () => { ctx.ui.bjRulesOpen = det.open; });
  return det;
}

/** A cube: its colour, and its mark (a letter) with colour-blind marks on. */
function bjCube(c, extra) {
  return h(`span.bjcube.b-${c}${extra ? "." + extra : ""}`, { title: colourName(c), "aria-label": colourName(c),
    "data-letter": has(`bjcolour.${c}.mark`) ? t(`bjcolour.${c}.mark`) : c[0].toUpperCase() });
}

function cubePile(ctx, counts, { verbs = [], owner = "", empty = true } = {}) {
  const out = [];
  for (const c of colours(ctx)) {
    const n = counts[c] || 0;
    if (!n && !empty) continue;
    const el = h(`span.pile${n ? "" : ".zero"}`, { "data-colour": c, "data-owner": owner, title: t("bj.label.pile", { colour: colourName(c), n }) },
      bjCube(c), h("span.pile-n", `×${n}`));
    if (!ctx.readOnly) {
      const a = verbs.map((v) => legalFirst(ctx, (f) => f.verb === v && f.colour === c)).find(Boolean);
      if (a) clickable(el, a, () => ctx.act(a), ctx.legal.get(a));
    }
    out.push(el);
  }
  return h("div.piles", out);
}

function costView(ctx, cost) {
  if (!cost) return null;
  const parts = [];
  cost.counts.forEach((n, i) => { for (let k = 0; k < n; k++) parts.push(bjCube(colours(ctx)[i], "tiny")); });
  if (cost.any) parts.push(h("span.small", ` +${cost.any} ${t("bj.any")}`));
  return h("span.cost-cubes", { title: t("bj.cost") }, parts);
}

/** The element clickable for the first legal action of those whose facts pass the tests, in order. */
function buildable(ctx, el, ...tests) {
  let action = null;
  for (const test of tests) if (!action) action = legalFirst(ctx, test);
  if (!ctx.readOnly && action) clickable(el, action, () => ctx.act(action), ctx.legal.get(action));
  return el;
}

const sum = (counts) => Object.values(counts || {}).reduce((a, n) => a + n, 0);

/** A development token on a building: whose it is (a tooltip), in the seat's colour. */
const token = (ctx, p) => h("span.token", { style: { background: SEAT_COLOURS[p] }, "data-seat-mark": String(p + 1),
  title: t("bj.label.token", { name: seatName(ctx, p) }) });

function board(ctx, p, mine) {
  const v = ctx.view;
  const key = seatKeys(ctx)[p];
  const pl = v.players[key];
  const b = ctx.data.boards[p];
  const d = ctx.data;
  const stealVerbs = mine ? [] : ["steal"];
  // publicity track: the TV-shaped publicity marker moves down it, its space shows the VP it is worth
  const pubAt = pl.publicity
    ? t("bj.label.publicityAt", { n: pl.publicity, vp: b.publicity_vp[pl.publicity - 1] }) : t("bj.label.publicityNone");
  const pubHelp = t("bj.label.publicityHelp");
  const pub = h("div.bj-track.publicity", { "data-part": "publicity", title: pubHelp },
    h("div.bj-part-head", h("b", { "data-label": "publicity", title: pubHelp }, t("bj.publicity")), costView(ctx, b.publicity_cost),
      h("span.muted.small", { "data-label": "publicity-marker", title: pubHelp }, pubAt)),
    h("div.track-cells", { title: pubHelp }, b.publicity_vp.map((vp, i) => {
      const on = pl.publicity === i + 1;
      return h(`span.track-cell${on ? ".on" : ""}`, { title: t(on ? "bj.label.publicityCellOn" : "bj.label.publicityCell", { space: i + 1, vp }) }, String(vp));
    })));
  if (mine) buildable(ctx, pub, (f) => f.verb === "publicity");
  // basic restaurants: one token per restaurant owned, filled from the top
  const basicHelp = t("bj.label.basicHelp");
  const basic = h("div.bj-track.basic", { "data-part": "basic", title: basicHelp },
    h("div.bj-part-head", h("b", { "data-label": "basic", title: basicHelp }, t("bj.basic")), costView(ctx, b.basic_cost),
      h("span.muted.small", { "data-label": "basic-count", title: basicHelp }, t("bj.label.basicCount", { n: pl.basic, max: b.basic_vp.length }))),
    h("div.track-cells", { title: basicHelp }, b.basic_vp.map((vp, i) => h(`span.track-cell${i < pl.basic ? ".on" : ""}`,
      { title: t(i < pl.basic ? "bj.label.basicCellOn" : "bj.label.basicCell", { space: i + 1, vp }) }, vp ? String(vp) : "·"))));
  if (mine) buildable(ctx, basic, (f) => f.verb === "basic");
  // diners
  const diners = h("div.bj-diners", { "data-part": "diners" }, h("div.bj-part-head", h("b", { "data-label": "diners", title: t("bj.label.dinersHelp") }, t("bj.diners"))),
    h("div.bj-cards", colours(ctx).map((c, i) => {
      const owned = pl.diners.includes(c);
      const help = t("bj.label.diner", { colour: colourName(c), vp: b.diner_vp[i] });
      const el = h(`div.bj-card.diner.b-${c}${owned ? ".owned" : ""}`, { "data-diner": c, title: help },
        h("div.bj-card-head", { title: help }, bjCube(c), " ", h("span.card-name", colourName(c))),
        h("div.small", costView(ctx, b.diner_cost[i]), " · ", t("unit.vp", { n: b.diner_vp[i] })),
        owned ? token(ctx, p) : null);
      if (mine) buildable(ctx, el, (f) => f.verb === "diner" && f.colour === c, (f) => f.verb === "upgrade" && f.colour === c);
      return el;
    })));
  // bistros
  const bist = h("div.bj-bistros", { "data-part": "bistros" }, h("div.bj-part-head", h("b", { "data-label": "bistros", title: t("bj.label.bistrosHelp") }, t("bj.bistros"))),
    h("div.bj-cards", bistros(ctx).map((bn, i) => {
      const owned = pl.bistros.includes(bn);
      const usedNow = v.active === key && (v.this_turn.abilities_used || []).includes(bn);
      const help = t(`bjbistro.${bn}.help`) + (usedNow ? ` (${t("bj.label.used")})` : "");
      const el = h(`div.bj-card.bistro${owned ? ".owned" : ""}${usedNow ? ".used" : ""}`, { "data-bistro": bn, title: help },
        h("div.bj-card-head.card-name", { title: help }, t(`bjbistro.${bn}`)),
        h("div.small", costView(ctx, b.bistro_cost[i]), " · ", t("unit.vp", { n: b.bistro_vp[i] })),
        owned ? token(ctx, p) : null);
      if (mine) buildable(ctx, el, (f) => f.verb === "bistro" && f.bistro === bn, (f) => f.verb === "use" && f.bistro === bn);
      return el;
    })));
  const storage = h("div.bj-storage", { "data-part": "storage" },
    h("div.bj-part-head", h("b", t("bj.storage")),
      h("span.muted.small", { "data-label": "storage", title: t("bj.label.storageHelp", { limit: d.storage_limit }) },
        ` (${sum(pl.storage)}/${d.storage_limit})`)),
    cubePile(ctx, pl.storage, { verbs: mine ? ["discard", "return", "pay"] : stealVerbs, owner: key }));
  const fresh = Object.values(pl.new).some((n) => n)
    ? h("div.bj-new", { "data-label": "new", title: t("bj.label.newHelp") }, h("b.small", t("bj.new")), cubePile(ctx, pl.new, { empty: false, owner: key })) : null;
  const score = ctx.view.scores ? ctx.view.scores[key] : null;
  const cur = ctx.current === p;
  // production capacity: one cube per diner and bistro, at most the production limit
  const capacity = Math.min(d.production_limit, pl.diners.length + pl.bistros.length);
  const tokens = pl.basic + pl.diners.length + pl.bistros.length;
  const head = h("div.player-head",
    seatDisc(p, SEAT_COLOURS[p], { cls: ".big", title: t("bj.label.colour", { name: seatName(ctx, p) }) }),
    h("span.player-name", seatName(ctx, p), " · ", t(`bjseat.${key}`), mine ? h("span.you", ` (${t("game.you")})`) : null),
    cur ? h("span.badge.turn", t("game.toAct")) : null,
    h("div.stats",
      h("span.stat", { "data-label": "vp", title: t("bj.label.vpHelp") }, h("b", t("unit.vp", { n: score ?? "" }))),
      h("span.stat.muted", { "data-label": "track", title: t("bj.label.trackHelp", { start: d.start_score, win: d.win_vp }) },
        t("bj.label.track", { n: pl.track })),
      h("span.stat.muted", { "data-label": "production", title: t("bj.label.productionHelp", { limit: d.production_limit }) },
        t("bj.label.production", { n: capacity })),
      h("span.stat.muted", { "data-label": "tokens", title: t("bj.label.tokensHelp", { total: d.tokens_per_player }) },
        t("bj.label.tokens", { n: tokens, total: d.tokens_per_player }))));
  const body = h("div.bj-board", storage, fresh, pub, basic, diners, bist);
  if (mine) return h("section.panel.me", { id: "my-board", "data-player": p }, head, body);
  const wide = window.matchMedia("(min-width: 760px)").matches;
  const det = h("details.panel.opponent", { "data-player": p, open: ctx.ui.openOpponents[p] ?? (wide || ctx.seat === null) }, h("summary", head), body);
  det.addEventListener("toggle", () => { ctx.ui.openOpponents[p] = det.open; });
  return det;
}

function shared(ctx) {
  const v = ctx.view;
  const keys = seatKeys(ctx);
  const area = (label, help, counts, owner) => h("div.alloc-area", { "data-area": owner, "data-label": `area-${owner}`, title: help },
    h("div.small", h("b", label)), cubePile(ctx, counts, { verbs: ["take"], owner, empty: false }),
    Object.values(counts).some((n) => n) ? null : h("span.muted.small", "—"));
  return h("section.panel.bj-shared", { id: "shared" },
    h("div.round-line", h("b", t("bj.turn", { n: v.turn })), " · ", t("bj.active", { name: seatName(ctx, keys.indexOf(v.active)) }), " · ",
      h("span", { "data-label": "phase", title: t("bj.label.phaseHelp") }, t(`bjphase.${v.phase}`))),
    h("div.bj-shared-grid",
      h("div.bag", { id: "bag" }, h("h3", t("bj.bag"),
        h("span.muted.small", { "data-label": "bag", title: t("bj.label.bagHelp", { n: sum(v.bag), total: ctx.data.total_cubes }) }, ` (${sum(v.bag)})`)),
        cubePile(ctx, v.bag, { verbs: ["get"], owner: "bag" })),
      h("div.alloc", { id: "allocation" }, h("h3", t("bj.allocation")),
        h("div.alloc-areas",
          area(t("bj.general"), t("bj.label.generalHelp"), v.general, "general"),
          keys.map((k, p) => area(t("bj.areaOf", { name: seatName(ctx, p) }), t("bj.label.areaHelp", { name: seatName(ctx, p) }), v.reserved[k] || {}, k))))));
}

export function renderBoard(ctx) {
  ctx.ui.openOpponents = ctx.ui.openOpponents || {};
  const me = ctx.seat;
  const order = me === null || me === undefined ? [0, 1] : [me, 1 - me];
  return h("div.bj", rulesPanel(ctx), order.map((p, k) => (k === 0 && me !== null && me !== undefined ? board(ctx, p, true) : null)),
    shared(ctx),
    h("div.opponents", { id: "opponents" }, order.filter((p) => p !== me).map((p) => board(ctx, p, false))));
}

/** Whether an action (by its facts) is clicked on the board rather than a prompt button. */
export function isBoardAction(facts) { return BOARD_VERBS.has(facts.verb); }

export function promptButtons(ctx) {
  const out = [];
  const trades = [];
  for (const [a, text] of ctx.legal) {
    const f = factsOf(ctx, a);
    if (isBoardAction(f)) continue;
    if (f.verb === "trade") { trades.push({ a, give: f.colour, get: f.to, text }); continue; }
    let label;
    if (f.verb === "done") label = has(`bjbtn.done.${ctx.view.phase}`) ? t(`bjbtn.done.${ctx.view.phase}`) : t("btn.done");
    else if (f.verb === "advance") label = t("bjbtn.advance");
    else label = text || a;
    out.push({ action: a, label, cls: f.verb === "done" ? "done" : "", title: text });
  }
  for (const tr of trades) {
    out.push({ action: tr.a, cls: "trade", title: tr.text,
      label: [t("bjbtn.trade"), " 3×", bjCube(tr.give), " → ", bjCube(tr.get), " ", colourName(tr.get)] });
  }
  return out;
}

export function promptText(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || ctx.status === "finished") return t("prompt.over");
  if (ctx.current === -1) return t("bjprompt.chance");
  const mine = !ctx.readOnly && ctx.seat !== null && ctx.legal.size > 0;
  if (!mine) return t("prompt.other", { name: seatName(ctx, ctx.current), what: t(`bjdoing.${v.phase}`) });
  const tp = top(v);
  if (tp) return has(`bjprompt.pending.${tp.kind}`) ? t(`bjprompt.pending.${tp.kind}`, { count: tp.count ?? "" }) : tp.kind;
  return has(`bjprompt.${v.phase}`) ? t(`bjprompt.${v.phase}`, { limit: ctx.data.storage_limit }) : v.phase;
}

export function sourceLabel(key) {
  const k = key.replace(/ /g, "_");
  return has(`bjvp.${k}`) ? t(`bjvp.${k}`) : key;
}

/** Log lines say "burger …" / "pizza …": name the player instead. */
export function logText(text, seats) {
  return text.replace(/^(burger|pizza)\b/, (m) => {
    const i = SEATS_DEFAULT.indexOf(m);
    return seats[i] ? `${seats[i].name} (${t(`bjseat.${m}`)})` : m;
  });
}
