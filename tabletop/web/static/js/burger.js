// Burger Joint: allocation board, bag, and each player's development board, driven by the legal actions.

import { clickable, h } from "./dom.js";
import { has, t } from "./i18n.js";

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

// Clicked on the board; everything else becomes a prompt button.
const BOARD_ACTION = /^(take|get|return|discard|steal|pay|upgrade|use) \S+$|^build (publicity|basic|diner \S+|bistro \S+)$/;

function bjCube(c, extra) {
  return h(`span.bjcube.b-${c}${extra ? "." + extra : ""}`, { title: colourName(c), "aria-label": colourName(c) });
}

function cubePile(ctx, counts, { verbs = [], owner = "", empty = true } = {}) {
  const out = [];
  for (const c of colours(ctx)) {
    const n = counts[c] || 0;
    if (!n && !empty) continue;
    const el = h(`span.pile${n ? "" : ".zero"}`, { "data-colour": c, "data-owner": owner }, bjCube(c), h("span.pile-n", `×${n}`));
    if (!ctx.readOnly) {
      const a = verbs.map((v) => `${v} ${c}`).find((x) => ctx.legal.has(x));
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

function buildable(ctx, el, action) {
  if (!ctx.readOnly && action && ctx.legal.has(action)) clickable(el, action, () => ctx.act(action), ctx.legal.get(action));
  return el;
}

function board(ctx, p, mine) {
  const v = ctx.view;
  const key = seatKeys(ctx)[p];
  const pl = v.players[key];
  const b = ctx.data.boards[p];
  const stealVerbs = mine ? [] : ["steal"];
  // publicity track
  const pub = h("div.bj-track.publicity", { "data-part": "publicity" },
    h("div.bj-part-head", h("b", t("bj.publicity")), costView(ctx, b.publicity_cost)),
    h("div.track-cells", b.publicity_vp.map((vp, i) => h(`span.track-cell${pl.publicity === i + 1 ? ".on" : ""}`, { title: t("unit.vp", { n: vp }) }, String(vp)))));
  if (mine) buildable(ctx, pub, "build publicity");
  // basic restaurants
  const basic = h("div.bj-track.basic", { "data-part": "basic" },
    h("div.bj-part-head", h("b", t("bj.basic")), costView(ctx, b.basic_cost)),
    h("div.track-cells", b.basic_vp.map((vp, i) => h(`span.track-cell${i < pl.basic ? ".on" : ""}`, { title: t("unit.vp", { n: vp }) }, vp ? String(vp) : "·"))));
  if (mine) buildable(ctx, basic, "build basic");
  // diners
  const diners = h("div.bj-diners", { "data-part": "diners" }, h("div.bj-part-head", h("b", t("bj.diners"))),
    h("div.bj-cards", colours(ctx).map((c, i) => {
      const owned = pl.diners.includes(c);
      const el = h(`div.bj-card.diner.b-${c}${owned ? ".owned" : ""}`, { "data-diner": c },
        h("div.bj-card-head", bjCube(c), " ", colourName(c)),
        h("div.small", costView(ctx, b.diner_cost[i]), " · ", t("unit.vp", { n: b.diner_vp[i] })),
        owned ? h("span.token", { style: { background: SEAT_COLOURS[p] } }) : null);
      if (mine) buildable(ctx, el, [`build diner ${c}`, `upgrade ${c}`].find((a) => ctx.legal.has(a)));
      return el;
    })));
  // bistros
  const bist = h("div.bj-bistros", { "data-part": "bistros" }, h("div.bj-part-head", h("b", t("bj.bistros"))),
    h("div.bj-cards", bistros(ctx).map((bn, i) => {
      const owned = pl.bistros.includes(bn);
      const usedNow = v.active === key && (v.this_turn.abilities_used || []).includes(bn);
      const el = h(`div.bj-card.bistro${owned ? ".owned" : ""}${usedNow ? ".used" : ""}`, { "data-bistro": bn, title: t(`bjbistro.${bn}.help`) },
        h("div.bj-card-head", t(`bjbistro.${bn}`)),
        h("div.small", costView(ctx, b.bistro_cost[i]), " · ", t("unit.vp", { n: b.bistro_vp[i] })),
        owned ? h("span.token", { style: { background: SEAT_COLOURS[p] } }) : null);
      if (mine) buildable(ctx, el, [`build bistro ${bn}`, `use ${bn}`].find((a) => ctx.legal.has(a)));
      return el;
    })));
  const storage = h("div.bj-storage", { "data-part": "storage" },
    h("div.bj-part-head", h("b", t("bj.storage")), h("span.muted.small", ` (${Object.values(pl.storage).reduce((a, n) => a + n, 0)}/${ctx.data.storage_limit})`)),
    cubePile(ctx, pl.storage, { verbs: mine ? ["discard", "return", "pay"] : stealVerbs, owner: key }));
  const fresh = Object.values(pl.new).some((n) => n)
    ? h("div.bj-new", h("b.small", t("bj.new")), cubePile(ctx, pl.new, { empty: false, owner: key })) : null;
  const score = ctx.view.scores ? ctx.view.scores[key] : null;
  const cur = ctx.current === p;
  const head = h("div.player-head",
    h("span.disc.big", { style: { background: SEAT_COLOURS[p] } }),
    h("span.player-name", seatName(ctx, p), " · ", t(`bjseat.${key}`), mine ? h("span.you", ` (${t("game.you")})`) : null),
    cur ? h("span.badge.turn", t("game.toAct")) : null,
    h("div.stats", h("span.stat", h("b", t("unit.vp", { n: score ?? "" }))),
      h("span.stat.muted", t("bj.track", { n: pl.track }))));
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
  const area = (label, counts, owner) => h("div.alloc-area", { "data-area": owner },
    h("div.small", h("b", label)), cubePile(ctx, counts, { verbs: ["take"], owner, empty: false }),
    Object.values(counts).some((n) => n) ? null : h("span.muted.small", "—"));
  return h("section.panel.bj-shared", { id: "shared" },
    h("div.round-line", h("b", t("bj.turn", { n: v.turn })), " · ", t("bj.active", { name: seatName(ctx, keys.indexOf(v.active)) }), " · ", t(`bjphase.${v.phase}`)),
    h("div.bj-shared-grid",
      h("div.bag", { id: "bag" }, h("h3", t("bj.bag"), h("span.muted.small", ` (${Object.values(v.bag).reduce((a, n) => a + n, 0)})`)),
        cubePile(ctx, v.bag, { verbs: ["get"], owner: "bag" })),
      h("div.alloc", { id: "allocation" }, h("h3", t("bj.allocation")),
        h("div.alloc-areas",
          area(t("bj.general"), v.general, "general"),
          keys.map((k, p) => area(t("bj.areaOf", { name: seatName(ctx, p) }), v.reserved[k] || {}, k))))));
}

export function renderBoard(ctx) {
  ctx.ui.openOpponents = ctx.ui.openOpponents || {};
  const me = ctx.seat;
  const order = me === null || me === undefined ? [0, 1] : [me, 1 - me];
  return h("div.bj", order.map((p, k) => (k === 0 && me !== null && me !== undefined ? board(ctx, p, true) : null)),
    shared(ctx),
    h("div.opponents", { id: "opponents" }, order.filter((p) => p !== me).map((p) => board(ctx, p, false))));
}

export function isBoardAction(a) { return BOARD_ACTION.test(a); }

export function promptButtons(ctx) {
  const out = [];
  const trades = [];
  for (const [a, text] of ctx.legal) {
    if (isBoardAction(a)) continue;
    let m;
    if ((m = a.match(/^trade (\S+) (\S+)$/))) { trades.push({ a, give: m[1], get: m[2], text }); continue; }
    let label;
    if (a === "done") label = has(`bjbtn.done.${ctx.view.phase}`) ? t(`bjbtn.done.${ctx.view.phase}`) : t("btn.done");
    else if (a === "advance") label = t("bjbtn.advance");
    else label = text || a;
    out.push({ action: a, label, cls: a === "done" ? "done" : "", title: text });
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
