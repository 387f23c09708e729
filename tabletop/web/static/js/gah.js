// Grand Austria Hotel: the board, driven by the server's legal actions.
//
// ctx = { view, seat (viewer or null), seats, current, legal: Map(action -> server text),
//         facts: Map(action -> its facts, the server's data: verb, table, room, …), act(action),
//         ui (kept across renders), rerender(), data (GET /api/data/...), readOnly }
//
// Every legal action is found by its facts (choices.js); its string is only the id sent back.

import { clickable, h, seatDisc } from "./dom.js";
import { cardText, has, t } from "./i18n.js";
import { factsOf, legalFirst, legalSome, legalWhere, pickBoost } from "./choices.js";
import {
  MODULE_BOARD_VERBS, ballroomsPanel, canSendSelected, colourMark, colouredDice, entrancesPanel, faceDown, keyHolder, keySpace,
  loungePanel, moduleButtonLabel, modulesOn, playerModules, promptExtra,
} from "./gah_modules.js";

export const SEAT_COLOURS = ["#f28c28", "#4fb3e8", "#8e5cc7", "#8a8a8a"];
const LETTERS = "scwkh";
// five items: the four dishes and drinks, and champagne (Let's Waltz! module I)
const ITEMS_DEFAULT = ["strudel", "cake", "wine", "coffee", "champagne"];
const COLOURS_DEFAULT = ["yellow", "blue", "red", "green"];

// Actions done by clicking a thing on the board (by their facts' verb); everything else becomes a
// prompt button. (A die from space 1-5 or 6, an item on a café guest, a guest into a room, …)
const BOARD_VERBS = new Set(["guest", "die", "item", "move", "room", "occupy", "remove", "complete",
  "play", "use", "discard", "draft"]);

/** The item indices in play: champagne only with the ballrooms module (or when someone holds some). */
function itemIdx(ctx) {
  return modulesOn(ctx.view).includes("ballrooms") || (ctx.view.supply && ctx.view.supply.champagne) ? [0, 1, 2, 3, 4] : [0, 1, 2, 3];
}
const colours = (ctx) => (ctx.data && ctx.data.names && ctx.data.names.colours) || COLOURS_DEFAULT;
const itemName = (i) => t(`item.${ITEMS_DEFAULT[i]}`);
const seatName = (ctx, p) => (ctx.seats[p] && ctx.seats[p].name) || t("game.seatN", { n: p + 1 });
export const guestName = (g) => cardText(`guest.${g.id}.name`, g.name);

function top(view) { return view.pending && view.pending.length ? view.pending[view.pending.length - 1] : null; }
function myTurn(ctx) { return !ctx.readOnly && ctx.seat !== null && ctx.legal.size > 0; }

/** A dish or drink: its colour, and its letter of the notation (s c w k h) with colour-blind marks on. */
export function cube(i, extra) {
  return h(`span.cube.i-${ITEMS_DEFAULT[i]}${extra ? "." + extra : ""}`, { title: itemName(i), "aria-label": itemName(i),
    "data-letter": LETTERS[i] });
}

function kr(n) { return t("unit.krone", { n }); }

// ------------------------------------------------------------------ effect texts
function itemsList(e) {
  return ITEMS_DEFAULT.map((it, i) => (e[it] ? `${e[it]} ${itemName(i)}` : null)).filter(Boolean).join(", ");
}

export function fxText(e) {
  switch (e.effect) {
    case "gain_items": return t("fx.items", { list: itemsList(e) });
    case "gain_money": return t("fx.money", { n: e.amount });
    case "lose_money": return t("fx.loseMoney", { n: e.amount });
    case "advance_emperor": return t("fx.emperor", { n: e.steps });
    case "gain_vp": return t("fx.vp", { n: e.amount });
    case "lose_vp": return t("fx.loseVp", { n: e.amount });
    case "draw_staff": return t("fx.draw", { n: e.count });
    case "play_staff": return e.discount === "free" ? t("fx.playFree") : t("fx.play", { n: e.discount });
    case "draw_and_play": return e.discount === "free" ? t("fx.drawPlayFree", { n: e.draw }) : t("fx.drawPlay", { n: e.draw, d: e.discount });
    case "free_guest": return t("fx.freeGuest");
    case "occupy_room": return t("fx.occupy", { n: e.count || 1 });
    case "gain_item_choice": return t("fx.choice", { n: e.count || 1 });
    case "extra_turn": return t("fx.extraTurn");
    case "extra_die_action": return t("fx.extraAction");
    case "complete_order": return t("fx.complete");
    case "prepare_room": {
      const cost = t(`fx.cost.${e.cost}`);
      const floors = e.floors ? t("fx.floors", { list: e.floors.join("–") }) : "";
      return t(e.occupy ? "fx.prepareOccupy" : "fx.prepare", { cost, floors });
    }
    case "send_dancer": {
      const what = e.discount === "free" ? t("fx.dancerFree") : e.discount ? t("fx.dancerLess", { n: e.discount })
        : e.discounts ? t("fx.dancerLess", { n: e.discounts.join("/") }) : t("fx.dancer");
      return (e.count || 1) > 1 ? `${e.count} × ${what}` : what;
    }
    case "lose_champagne": return t("fx.loseChampagne", { n: e.amount });
    case "remove_dancers": return t("fx.removeDancers", { n: e.count, b: e.ballroom + 1 });
    case "vp_per_dancer": return t("fx.vpPerDancer", { n: e.amount });
    case "occupy_low": return t("fx.occupyLow", { n: e.max_floor });
    case "vp_per_marker": return t("fx.vpPerMarker", { n: e.amount });
    case "lose_all_money": return t("fx.loseAll");
    default: return has(`fx.${e.effect}`) ? t(`fx.${e.effect}`, e) : e.effect.replace(/_/g, " ");
  }
}

function champagne(n) { return h("span.nowrap", `${n}×`, cube(4)); }
function itemsText(obj) { return itemsOf(obj); }
function helpers() {
  return { fxText, seatName, colours: SEAT_COLOURS, champagne, itemsText, kr, cube, itemName };
}

// ------------------------------------------------------------------ cards
function guestCard(ctx, gid, opts = {}) {
  const g = ctx.data.guests[String(gid)];
  if (!g) return h("div.guest", `#${gid}`);
  const colour = colours(ctx)[g.colour];
  const served = opts.served;
  const order = [];
  g.order.forEach((n, i) => {
    for (let k = 0; k < n; k++) {
      const done = served ? k < (served[ITEMS_DEFAULT[i]] || 0) : true;
      order.push(cube(i, served ? (done ? "served" : "wanted") : ""));
    }
  });
  const reward = (g.reward || []).map(fxText).join(" · ") || t("fx.none");
  const complete = served && g.order.every((n, i) => (served[ITEMS_DEFAULT[i]] || 0) >= n);
  return h(`div.guest.c-${colour}${complete ? ".complete" : ""}`,
    { title: `${guestName(g)} (#${g.id}) — ${t(`colour.${colour}`)} — ${t("game.reward")}: ${reward}`, "data-guest": g.id },
    h("div.guest-head", h("span.guest-name.card-name", guestName(g)), h("span.vp", t("unit.vp", { n: g.vp }))),
    h("div.order", { "data-cmark": colourMark(colour) }, order),
    h("div.reward", reward),
    opts.extra || null);
}

/** A staff card's price: the printed cost, or — while a decision plays cards at a discount —
 * the printed cost struck through and the price actually paid (99 is "free"). */
function priceTag(cost, discount) {
  if (!discount || typeof cost !== "number") return h("span.cost", kr(cost));
  const pay = discount >= 99 ? 0 : Math.max(0, cost - discount);
  return h("span.cost.discounted", { title: t("game.priceAfterDiscount", { printed: cost, n: pay }) },
    h("s.muted", kr(cost)), " ", h("b", { "data-price": pay }, kr(pay)));
}

function staffCard(ctx, slug, opts = {}) {
  const id = ctx.data.staff_by_slug[slug];
  const s = ctx.data.staff[String(id)] || { name: slug, cost: "?", timing: "" };
  const text = cardText(`staff.${slug}.text`);
  const el = h(`div.staff.t-${s.timing}${opts.used ? ".used" : ""}${opts.down ? ".face-down" : ""}`, { "data-staff": slug, title: text },
    h("div.staff-head", h("span.staff-name.card-name", cardText(`staff.${slug}.name`, s.name)), priceTag(s.cost, opts.discount)),
    h("div.staff-timing", (has(`timing.${s.timing}`) ? t(`timing.${s.timing}`) : s.timing) + (opts.used ? ` · ${t("game.used")}` : "")
      + (opts.down ? ` · ${t("game.faceDown")}` : "")),
    h("div.staff-text", text));
  if (!ctx.readOnly && opts.actions) {
    for (const verb of opts.actions) {
      const a = legalFirst(ctx, (f) => f.verb === verb && f.staff === slug);
      if (a) {
        clickable(el, a, () => ctx.act(a), ctx.legal.get(a));
        el.append(h("div.staff-verb", t(`verb.${verb}`)));
        break;
      }
    }
  }
  return el;
}

// ------------------------------------------------------------------ shared board
function queuePanel(ctx) {
  const v = ctx.view;
  const costs = ctx.data.queue_costs || [3, 2, 1, 0, 0];
  const slots = v.queue.map((gid, i) => {
    const a = legalFirst(ctx, (f) => f.verb === "guest" && f.slot === i);
    const card = gid ? guestCard(ctx, gid) : h("div.guest.empty", t("game.emptySlot"));
    const slot = h("div.slot", { "data-slot": i }, h("div.slot-cost", kr(costs[i])), card);
    if (a) clickable(slot, a, () => ctx.act(a), ctx.legal.get(a));
    return slot;
  });
  return h("section.panel.queue", { id: "queue" },
    h("h3", t("game.queue"), h("span.muted.small", ` · ${t("game.deck", { n: typeof v.guest_deck === "number" ? v.guest_deck : v.guest_deck.length })}`)),
    h("div.queue-slots", slots));
}

function dieFace(n) { return h(`span.die.f${n}`, String(n)); }

function actionBoard(ctx) {
  const v = ctx.view;
  const ui = ctx.ui;
  const anyBoost = legalSome(ctx, (f) => (f.verb === "die" || f.verb === "cdie") && f.boost);
  if (!anyBoost) ui.boost = false;
  const spaces = [];
  for (let n = 1; n <= 6; n++) {
    const count = v.dice[String(n)] || 0;
    const el = h(`div.space.s${n}`, { "data-space": n },
      h("div.space-head", dieFace(n), h("span.count", { title: t("game.diceHere") }, `× ${count}`)),
      h("div.space-label", t(`space.${n}`)), colouredDice(ctx, n, ui.boost));
    if (!ctx.readOnly) {
      if (n < 6) {
        const choice = pickBoost(ctx, ui.boost, (f) => f.verb === "die" && f.face === n);
        if (choice) clickable(el, choice, () => ctx.act(choice), ctx.legal.get(choice));
      } else {
        // a 6 for action k: the white die, then the coloured ones (module II)
        const copies = [1, 2, 3, 4, 5].flatMap((k) => [null, "red", "blue", "yellow"].map((c) => pickBoost(ctx, ui.boost,
          (f) => f.face === 6 && f.space === k && (c === null ? f.verb === "die" : f.verb === "cdie" && f.colour === c))))
          .filter(Boolean);
        if (copies.length) {
          clickable(el, "d6", () => { ui.copyOpen = !ui.copyOpen; ctx.rerender(); }, t("game.copyHint"));
          if (ui.copyOpen) {
            el.append(h("div.copy-menu", { role: "menu" }, h("div.small", t("game.copyWhich")),
              copies.map((a) => {
                const k = factsOf(ctx, a).space;
                const col = factsOf(ctx, a).colour;
                return h("button.small", { type: "button", "data-action": a, title: ctx.legal.get(a),
                  onclick: (ev) => { ev.stopPropagation(); ui.copyOpen = false; ctx.act(a); } },
                col ? h(`span.cdie.dc-${col}`, { "data-cmark": colourMark(col) }, "6") : null, col ? " " : null, `${k}: ${t(`space.${k}`)}`);
              })));
          }
        } else ui.copyOpen = false;
      }
    }
    spaces.push(el);
  }
  const key = keySpace(ctx);
  if (key) spaces.push(key);
  const boost = anyBoost && !ctx.readOnly
    ? h("label.boost", { title: t("game.boostHint") },
      h("input", { type: "checkbox", id: "boost", checked: !!ui.boost, onchange: (e) => { ui.boost = e.target.checked; ctx.rerender(); } }),
      " ", t("game.boost"))
    : null;
  const extra = [];
  if (v.dice_to_roll) extra.push(t("game.toRoll", { n: v.dice_to_roll }));
  if (v.dustbin) extra.push(t("game.dustbin", { n: v.dustbin }));
  return h("section.panel.actions", { id: "action-board" },
    h("div.panel-head", h("h3", t("game.actionBoard")), boost),
    h(`div.spaces${key ? ".with-key" : ""}`, spaces),
    extra.length ? h("div.muted.small", extra.join(" · ")) : null);
}

function politicsPanel(ctx) {
  const v = ctx.view;
  const vps = ctx.data.marker_vp || [15, 10, 5];
  return h("section.panel.politics", { id: "politics" }, h("h3", t("game.politics")),
    h("div.politics-cards", v.objectives.map((o) => {
      const rec = { text: cardText(`politics.${o.id}.text`, (ctx.data.objectives[o.id] || { text: o.id }).text) };
      return h("div.politics", { "data-objective": o.id, title: rec.text },
        h("div.politics-head", h("b", o.id)),
        h("div.politics-text", rec.text),
        h("div.markers", vps.map((vp, k) => {
          const who = o.markers[k];
          return h(`span.marker${who !== undefined ? ".taken" : ""}`, { style: who !== undefined ? { background: SEAT_COLOURS[who], color: "#fff" } : {},
            title: who !== undefined ? seatName(ctx, who) : "" }, String(vp), who !== undefined ? seatDisc(who, SEAT_COLOURS[who], { cls: ".tiny" }) : null);
        })));
    })));
}

function emperorPanel(ctx) {
  const v = ctx.view;
  const vp = ctx.data.emperor_vp || [];
  const top = ctx.data.emperor_top || 13;
  const cells = [];
  for (let i = 0; i <= top; i++) {
    const here = v.players.map((pl, p) => (pl.emperor === i ? p : -1)).filter((p) => p >= 0);
    cells.push(h("div.emp-cell", { "data-emperor": i },
      h("div.emp-n", String(i)),
      h("div.emp-discs", here.map((p) => seatDisc(p, SEAT_COLOURS[p], { title: seatName(ctx, p) }))),
      h("div.emp-vp", vp[i] !== undefined ? String(vp[i]) : "")));
  }
  const rounds = ctx.data.scoring_rounds || [3, 5, 7];
  const tiles = v.emperor_tiles.map((id, k) => {
    const txt = { bonus: cardText(`emperor.${id}.bonus`), penalty: cardText(`emperor.${id}.penalty`) };
    const done = k < (v.emperor_index || 0) || v.round > rounds[k] || v.phase === "over";
    return h(`div.emp-tile${done ? ".done" : ""}`, { "data-tile": id },
      h("div.emp-tile-head", h("b", id), h("span.muted", t("game.afterRound", { n: rounds[k] }))),
      h("div.bonus", h("b", t("game.bonus")), " ", txt.bonus || ""),
      h("div.penalty", h("b", t("game.penalty")), " ", txt.penalty || ""));
  });
  return h("section.panel.emperor", { id: "emperor" },
    h("h3", t("game.emperor"), h("span.muted.small", ` · ${t("game.emperorHint")}`)),
    h("div.emp-track", cells),
    h("div.emp-tiles", tiles));
}

function roundPanel(ctx) {
  const v = ctx.view;
  const order = v.turn_order.map((o, p) => ({ ...o, p })).sort((a, b) => a.tile[0] - b.tile[0]);
  const holder = keyHolder(ctx);
  return h("section.panel.round", { id: "round" },
    h("div.round-line", h("b", t("game.round", { n: v.round, of: ctx.data.rounds || 7 })), " · ", t(`phase.${v.phase}`)),
    h("div.turn-order", { title: t("game.turnOrderHelp") }, order.map((o) => h(`span.tile${o.passed ? ".passed" : ""}${ctx.current === o.p ? ".current" : ""}`,
      { style: { borderColor: SEAT_COLOURS[o.p] }, title: t("game.tileHint", { name: seatName(ctx, o.p), a: o.tile[0], b: o.tile[1] }) },
      seatDisc(o.p, SEAT_COLOURS[o.p]),
      `${o.tile[0]}|${o.tile[1]}`, o.covered ? h("small", ` ✓${o.covered}`) : null, o.passed ? h("small", ` ${t("game.passed")}`) : null,
      holder === o.p ? h("span.key-icon", { title: t("key.title"), "data-key": o.p }) : null))),
    h("div.supply.small.muted", t("game.supply"), ": ",
      itemIdx(ctx).map((i) => h("span.supply-item", { "data-supply": ITEMS_DEFAULT[i] }, cube(i), ` ${v.supply[ITEMS_DEFAULT[i]] ?? 0} `)),
      " · ", t("game.roomTiles"), ": ", ["yellow", "blue", "red"].map((c) => h(`span.room-chip.c-${c}`,
        { title: t(`colour.${c}`), "data-cmark": colourMark(c) }, String(v.room_supply[c] ?? "")))));
}

// ------------------------------------------------------------------ a player's board
function hotelGrid(ctx, p, mine) {
  const d = ctx.data;
  const pl = ctx.view.players[p];
  const prepared = new Set(pl.prepared);
  const occupied = new Set(pl.occupied);
  const sel = mine ? ctx.ui.selectedTable : null;
  const pos = {};
  for (let r = 0; r < 20; r++) pos[`${d.room_floor[r]},${d.room_column[r]}`] = r;
  const rows = [];
  for (let f = 4; f >= 1; f--) {
    const cells = [h("div.floor-cost", { title: t("game.floorCost") }, kr(d.floor_cost[f]))];
    for (let c = 0; c < 5; c++) {
      const r = pos[`${f},${c}`];
      const colour = colours(ctx)[d.room_colour[r]];
      const g = d.room_group[r];
      const border = [];
      for (const [side, df, dc] of [["t", 1, 0], ["b", -1, 0], ["l", 0, -1], ["r", 0, 1]]) {
        const n = pos[`${f + df},${c + dc}`];
        if (n === undefined || d.room_group[n] !== g) border.push(`g${side}`);
      }
      const state = occupied.has(r) ? "occupied" : prepared.has(r) ? "prepared" : "empty";
      const el = h(`div.room.c-${colour}.${state}.${border.join(".")}`,
        { "data-room": r, "data-cmark": colourMark(colour), "aria-label": t("game.roomAria", { r, colour: t(`colour.${colour}`), f, state: t(`room.${state}`) }),
          title: t("game.roomAria", { r, colour: t(`colour.${colour}`), f, state: t(`room.${state}`) }) },
        h("span.room-no", String(r)),
        d.room_vp && d.room_vp[r] ? h("span.room-vp", `+${d.room_vp[r]}`) : null,
        state === "occupied" ? h("span.occupant") : null);
      if (mine && !ctx.readOnly) {
        let a = null;
        if (sel !== null && sel !== undefined) a = legalFirst(ctx, (f) => f.verb === "move" && f.table === sel && f.room === r);
        else {
          for (const verb of ["room", "occupy", "remove"]) { // prepare, occupy, remove (in that order)
            a = legalFirst(ctx, (f) => f.verb === verb && f.room === r);
            if (a) break;
          }
        }
        if (a) clickable(el, a, () => { ctx.ui.selectedTable = null; ctx.act(a); }, ctx.legal.get(a));
      }
      cells.push(el);
    }
    rows.push(h("div.floor", { "data-floor": f }, cells));
  }
  return h("div.hotel", { "aria-label": t("game.hotel") }, rows);
}

function cafePanel(ctx, p, mine) {
  const pl = ctx.view.players[p];
  const U = (ctx.view.modules || {}).unique_hotels;
  const kaufman = U && U.entrances.some((e) => e.id === "kaufman" && e.owner === p);
  const hasFourth = pl.cafe[3] || (pl.played || []).includes("maitre-d") || kaufman;
  const tables = pl.cafe.slice(0, hasFourth ? 4 : 3).map((entry, tIdx) => {
    if (!entry) return h("div.table.empty", { "data-table": tIdx }, h("span.muted", t("game.emptyTable")));
    const extra = [];
    if (mine && !ctx.readOnly) {
      const adds = [0, 1, 2, 3, 4].map((i) => legalFirst(ctx, (f) => f.verb === "item" && f.table === tIdx
        && f.item === ITEMS_DEFAULT[i])).filter(Boolean);
      if (adds.length) {
        extra.push(h("div.serve-buttons", adds.map((a) => {
          const i = ITEMS_DEFAULT.indexOf(factsOf(ctx, a).item);
          return h("button.small.serve-item", { type: "button", "data-action": a, title: ctx.legal.get(a),
            onclick: (ev) => { ev.stopPropagation(); ctx.act(a); } }, "+", cube(i), " ", itemName(i));
        })));
      }
    }
    const card = guestCard(ctx, entry.guest, { served: entry.served, extra });
    const table = h("div.table", { "data-table": tIdx }, card);
    if (mine && !ctx.readOnly) {
      // into a room, or (module I) to a ballroom
      const moves = legalWhere(ctx, (f) => (f.verb === "move" || f.verb === "bal_send") && f.table === tIdx);
      const complete = legalFirst(ctx, (f) => f.verb === "complete" && f.table === tIdx);
      if (complete) clickable(card, complete, () => ctx.act(complete), ctx.legal.get(complete));
      else if (moves.length) {
        if (ctx.ui.selectedTable === tIdx) card.classList.add("selected");
        clickable(card, `m${tIdx}`, () => {
          ctx.ui.selectedTable = ctx.ui.selectedTable === tIdx ? null : tIdx;
          ctx.rerender();
        }, t("game.moveHint"));
      }
    }
    return table;
  });
  return h("div.cafe", h("h4", t("game.cafe")), h("div.tables", tables));
}

function kitchenPanel(ctx, p) {
  const pl = ctx.view.players[p];
  return h("div.kitchen", { "data-kitchen": p }, h("h4", t("game.kitchen")),
    h("div.kitchen-items", itemIdx(ctx).map((i) => h("span.kitchen-item", { title: itemName(i), "data-item": ITEMS_DEFAULT[i] },
      cube(i), ` × ${pl.kitchen[ITEMS_DEFAULT[i]] || 0}`))));
}

function vpTotal(pl) { return Object.values(pl.vp).reduce((a, b) => a + b, 0); }

function statLine(ctx, p) {
  const pl = ctx.view.players[p];
  const proj = ctx.projected && gameStarted(ctx.view) ? ctx.projected[p] : null;
  return h("div.stats",
    h("span.stat", { title: t("game.money") }, h("b", kr(pl.money))),
    h("span.stat", { title: t("game.emperor") }, t("game.emperorShort"), " ", h("b", String(pl.emperor))),
    h("span.stat", { title: Object.entries(pl.vp).filter(([, n]) => n).map(([k, n]) => `${t(`vp.${k}`)} ${n}`).join(", ") },
      h("b", t("unit.vp", { n: vpTotal(pl) }))),
    proj !== null && proj !== undefined ? h("span.stat.muted", { title: t("game.projectedHint") }, t("game.projectedShort", { n: proj })) : null);
}

function staffPanel(ctx, p, mine) {
  const v = ctx.view;
  const pl = v.players[p];
  const used = new Set(pl.used || []);
  const down = faceDown(ctx, p);
  const parts = [];
  const tp = top(v);
  if (mine) {
    if (tp && tp.decision === "drawn" && tp.player === p && Array.isArray(tp.cards)) {
      parts.push(h("div.drawn", { id: "drawn-cards" }, h("h4", t("game.drawn")),
        h("div.cards", tp.cards.map((slug) => staffCard(ctx, slug, { actions: ["play"], discount: tp.discount })))));
    }
    const packet = v.draft_packets && v.draft_packets[p];
    if (Array.isArray(packet) && packet.length) {
      parts.push(h("div.draft", { id: "draft-cards" }, h("h4", t("game.draft")),
        h("div.cards", packet.map((slug) => staffCard(ctx, slug, { actions: ["draft"] })))));
    }
  }
  if (Array.isArray(pl.hand)) {
    parts.push(h("div.hand", { id: mine ? "hand" : null }, h("h4", t("game.hand"), h("span.muted.small", ` (${pl.hand.length})`)),
      pl.hand.length ? h("div.cards", pl.hand.map((slug) => staffCard(ctx, slug, { actions: ["play", "discard"],
        discount: mine && tp && tp.decision === "play" && tp.player === p ? tp.discount : 0 }))) : h("p.muted.small", t("game.none"))));
  } else {
    parts.push(h("div.hand-count.small", t("game.handCount", { n: pl.hand })));
  }
  parts.push(h("div.played", { id: mine ? "played" : null }, h("h4", t("game.played"), h("span.muted.small", ` (${pl.played.length})`)),
    pl.played.length
      ? h("div.cards", pl.played.map((slug) => staffCard(ctx, slug, { used: used.has(slug), down: down.has(slug),
        actions: mine ? ["bell", "use", "discard"] : null })))
      : h("p.muted.small", t("game.none"))));
  return h("div.staff-area", parts);
}

function playerBoard(ctx, p, mine) {
  return h(`div.player-board${mine ? ".mine" : ""}`, { "data-player": p },
    h("div.pb-grid",
      h("div.pb-hotel", hotelGrid(ctx, p, mine)),
      h("div.pb-side", cafePanel(ctx, p, mine), kitchenPanel(ctx, p))),
    playerModules(ctx, p, helpers()),
    staffPanel(ctx, p, mine));
}

function playerHead(ctx, p, mine) {
  const cur = ctx.current === p;
  return h("div.player-head",
    seatDisc(p, SEAT_COLOURS[p], { cls: ".big" }),
    h("span.player-name", seatName(ctx, p), mine ? h("span.you", ` (${t("game.you")})`) : null),
    cur ? h("span.badge.turn", t("game.toAct")) : null,
    statLine(ctx, p));
}

// ------------------------------------------------------------------ public API
export function renderBoard(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const wide = window.matchMedia("(min-width: 760px)").matches;
  const ui = ctx.ui;
  ui.openOpponents = ui.openOpponents || {};
  const others = v.players.map((_, p) => p).filter((p) => p !== me);
  ctx.seatName = (p) => seatName(ctx, p);
  const auction = v.phase === "auction" ? entrancesPanel(ctx, helpers()) : null;
  const shared = h("div.shared", roundPanel(ctx), auction, queuePanel(ctx), actionBoard(ctx), loungePanel(ctx),
    ballroomsPanel(ctx, helpers()));
  const tracks = h("div.two-col", politicsPanel(ctx), emperorPanel(ctx));
  const mine = me !== null && me !== undefined
    ? h("section.panel.me", { id: "my-board" }, playerHead(ctx, me, true), turnInfo(ctx, me), playerBoard(ctx, me, true))
    : null;
  const opp = others.map((p) => {
    const open = ui.openOpponents[p] ?? (wide || me === null);
    const det = h("details.panel.opponent", { "data-player": p, open },
      h("summary", playerHead(ctx, p, false)), playerBoard(ctx, p, false));
    det.addEventListener("toggle", () => { ui.openOpponents[p] = det.open; });
    return det;
  });
  const entrances = auction ? null : entrancesPanel(ctx, helpers());
  return h("div.gah-board", shared, mine, tracks, entrances, opp.length ? h("div.opponents", { id: "opponents" }, opp) : null);
}

function turnInfo(ctx, p) {
  const tr = ctx.view.turn;
  if (!tr || tr.player !== p) return null;
  return h("div.turn-info.small",
    h(`span${tr.guest_taken ? ".done" : ""}`, (tr.guest_taken ? "✓ " : "○ ") + t("game.guestTaken")), " ",
    h(`span${tr.die_taken ? ".done" : ""}`, (tr.die_taken ? "✓ " : "○ ") + t("game.dieTaken")));
}

/** Whether an action (by its facts) is clicked on the board rather than a prompt button. */
export function isBoardAction(facts) { return BOARD_VERBS.has(facts.verb) || MODULE_BOARD_VERBS.has(facts.verb); }

/** A food action's split (facts.items: the items taken, none with 0): "2 × strudel + 1 × cake". */
function foodLabel(items) {
  const parts = [];
  ITEMS_DEFAULT.forEach((it, i) => {
    if (items && items[it]) parts.push(h("span.nowrap", `${items[it]} × `, cube(i), ` ${itemName(i)}`));
  });
  if (!parts.length) parts.push(t("btn.nothing"));
  return parts.flatMap((x, k) => (k ? [" + ", x] : [x]));
}

/** Prompt-panel buttons: [{action, label (node or text), kind}] for the legal actions not clicked on the board. */
export function promptButtons(ctx) {
  const tp = top(ctx.view);
  const kind = tp ? tp.decision : "";
  const out = [];
  for (const [a, text] of ctx.legal) {
    const f = factsOf(ctx, a);
    if (isBoardAction(f)) continue;
    let label;
    let cls = "";
    const v = f.verb;
    if (v === "done") { label = has(`btn.done.${kind}`) ? t(`btn.done.${kind}`) : t("btn.done"); cls = "done"; }
    else if (v === "pass") label = t("btn.pass");
    else if (v === "serve") label = t("btn.serve");
    else if (v === "food") label = foodLabel(f.items);
    else if (v === "empmoney") label = t("btn.empmoney", { e: f.steps, m: f.kronen });
    else if (v === "choice") { const i = ITEMS_DEFAULT.indexOf(f.item); label = [cube(i), " ", t("btn.takeItem", { item: itemName(i) })]; }
    else if (v === "penalty" && f.option === "main") label = t("btn.penaltyMain");
    else if (v === "penalty") label = t("btn.penaltyAlt");
    else if (v === "avoid") label = t("btn.avoid");
    else if (v === "suffer") label = t("btn.suffer");
    else if (v === "bonuskind") label = t(`btn.bonus.${f.kind}`);
    else label = moduleButtonLabel(ctx, f, helpers()) || text || a;
    out.push({ action: a, label, cls, title: v === "pass" ? t("game.passHint") : text });
  }
  return out;
}

function itemsOf(obj) {
  return ITEMS_DEFAULT.map((it, i) => (obj && obj[it] ? `${obj[it]} ${itemName(i)}` : null)).filter(Boolean).join(", ");
}

/** The pending decision in words (the viewer's own, or what another seat is doing). */
export function promptText(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || ctx.status === "finished") return t("prompt.over");
  if (ctx.current === -1) return t("prompt.chance");
  const tp = top(v);
  if (!tp) return "";
  const kind = tp.decision;
  if (!myTurn(ctx)) {
    const who = seatName(ctx, ctx.current >= 0 ? ctx.current : tp.player);
    return t("prompt.other", { name: who, what: has(`doing.${kind}`) ? t(`doing.${kind}`) : kind });
  }
  if (ctx.ui.selectedTable !== null && ctx.ui.selectedTable !== undefined) {
    const e = v.players[ctx.seat].cafe[ctx.ui.selectedTable];
    const g = e && ctx.data.guests[String(e.guest)];
    return t(canSendSelected(ctx, ctx.ui.selectedTable) ? "prompt.chooseRoomOrBallroomFor" : "prompt.chooseRoomFor", { guest: g ? guestName(g) : "?" });
  }
  const params = {
    left: tp.left ?? "",
    n: tp.dice ?? "",
    discount: tp.discount === 99 ? t("fx.cost.free") : kr(tp.discount ?? 0),
    items: itemsOf(tp.fresh),
    cost: tp.cost ? t(`fx.cost.${tp.cost}`) : "",
  };
  let s = (has(`prompt.${kind}`) ? t(`prompt.${kind}`, params) : kind) + promptExtra(ctx, tp);
  if (kind === "turn") {
    const moves = legalSome(ctx, (f) => f.verb === "move" || f.verb === "bal_send");
    if (moves) s += " " + t("prompt.moveHint");
  }
  if ((kind === "penalty" || kind === "avoid") && tp.scoring !== undefined) {
    const id = v.emperor_tiles[tp.scoring];
    const txt = has(`emperor.${id}.bonus`) ? { bonus: cardText(`emperor.${id}.bonus`), penalty: cardText(`emperor.${id}.penalty`) } : null;
    if (txt) s += ` (${id}: ${txt.penalty})`;
  }
  return s;
}

/** Play has begun (the first dice are rolled): before, a projected score would only mislead. */
export function gameStarted(v) {
  return !!v && (["roll", "play", "emperor", "over"].includes(v.phase) || v.round > 1);
}

export function sourceLabel(key) { return has(`vp.${key}`) ? t(`vp.${key}`) : key; }
