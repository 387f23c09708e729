// Grand Austria Hotel, Let's Waltz! modules: the parts each module adds to the table, driven by
// the server's legal actions like the rest of the board, found by their facts (see gah.js for ctx).
//
//   I   ballrooms      the three ballrooms (rows, costs, bonuses, dancers, balcony), rehearsal rooms
//   II  celebrities    the lounge (celebrities, chits), the coloured dice, held celebrities
//   III unique_hotels  hotel entrances (auction at setup, owners, Dove / Ninas / Wray / Kozi parts)
//   IV  start_player   the skeleton key on the action board extension and its holder
//   V   more           bell staff cards (face up / face down)

import { clickable, h, seatDisc } from "./dom.js";
import { cardText, has, t } from "./i18n.js";
import { factsOf, legalFirst, legalSome, legalWhere, pickBoost } from "./choices.js";

// Module actions done by clicking a thing on the board, by their facts' verb (the rest become
// prompt buttons): a guest to a ballroom row, an extra dancer, a rehearsal section or board, a
// coloured die, an entrance and the bids, Dove's tokens, Grand Wray's tiles, Kozi's moves, the
// skeleton key, a bell card, Einstein.
export const MODULE_BOARD_VERBS = new Set(["bal_send", "bal_dance", "bal_section", "bal_board", "cdie", "open", "bid",
  "dovetoken", "wray", "kozi", "key", "bell", "einstein"]);

export const DICE_COLOURS = ["red", "blue", "yellow"];

/** The letter of a guest's, a room's or a die's colour (shown with colour-blind marks on). */
export function colourMark(colour) {
  return has(`draw.colour_letter.${colour}`) ? t(`draw.colour_letter.${colour}`) : colour[0].toUpperCase();
}
const ROWS = ["t", "m", "b"];
const ROW_NAMES = ["top", "middle", "bottom"];
// the parts of a ballroom send taken in an order of choice (facts.first) and their buttons' keys
const FIRST_KEYS = { row_bonus: "row", guest_reward: "guest", room_bonus: "room" };

/** The value of a data record that may carry provenance ({value, provenance, note}). */
function val(x) { return x && typeof x === "object" && "provenance" in x && "value" in x ? x.value : x; }
function mdata(ctx, name) { return (ctx.data && ctx.data.module_data && ctx.data.module_data[name]) || {}; }
function part(ctx, name) { return (ctx.view.modules || {})[name] || null; }
export function modulesOn(view) { return (view.config && view.config.modules) || []; }
function mine(ctx) { return !ctx.readOnly && ctx.seat !== null && ctx.seat !== undefined; }
/** The legal action whose facts pass `test` (null: none, or the page only shows). */
const find = (ctx, test) => legalFirst(ctx, test);
const TEXT_KEYS = { staff: "staff", entrances: "entrance", celebrities: "celebrity" };
/** A card's text in the page's language (the `cards` catalog). */
function text(ctx, group, key) { return cardText(`${TEXT_KEYS[group] || group}.${key}.text`); }

function actButton(ctx, a, label, cls = "") {
  return h(`button.small.mod-act${cls}`, { type: "button", "data-action": a, title: ctx.legal.get(a) || "",
    onclick: (ev) => { ev.stopPropagation(); ctx.act(a); } }, label);
}

// ------------------------------------------------------------------ I. Ballrooms
function ballroomRecords(ctx) {
  const recs = val(mdata(ctx, "ballrooms").ballrooms) || [];
  return Object.fromEntries(recs.map((r) => [r.id, r]));
}

function scoringText(sc) {
  const vp = sc.vp;
  switch (sc.kind) {
    case "highest_row": return t("bal.score.highest_row");
    case "row_majority": return t("bal.score.row_majority", { a: vp[0], b: vp[1] });
    case "table": return t("bal.score.table", { list: vp.join(" / ") });
    case "total_rank": return t("bal.score.total_rank", { list: (Array.isArray(vp) ? vp : vp["2"]).join(" / ") });
    case "pairs": return t("bal.score.pairs", { n: vp });
    default: return sc.kind;
  }
}

function dancer(ctx, p, seatName, colours) {
  return h("span.dancer", { style: { background: colours[p] }, title: seatName(ctx, p), "data-seat": p, "data-seat-mark": String(p + 1) });
}

export function ballroomsPanel(ctx, { fxText, seatName, colours, champagne }) {
  const B = part(ctx, "ballrooms");
  if (!B) return null;
  const v = ctx.view;
  const recs = ballroomRecords(ctx);
  const n = v.players.length;
  const side = n === 2 ? "2" : "34";
  const balconyCost = val(mdata(ctx, "ballrooms").balcony_cost) ?? 3;
  const rounds = ctx.data.scoring_rounds || [3, 5, 7];
  const sel = ctx.ui.selectedTable;
  const rooms = B.ballrooms.map((id, b) => {
    const rec = recs[id] || { name: id, sides: {}, bonus: {}, scoring: {} };
    const sides = (val(rec.sides) || {})[side] || { cost: [0, 0, 0], spaces: [0, 0, 0], four_player_only: [0, 0, 0] };
    const bonus = val(rec.bonus) || {};
    const scored = v.round > rounds[b] || v.phase === "over";
    const rows = [0, 1, 2].map((r) => {
      const spaces = sides.spaces[r] - (n === 3 ? sides.four_player_only[r] : 0);
      const here = B.rows[b][r] || [];
      const cells = [];
      for (let i = 0; i < spaces; i++) {
        cells.push(h(`span.br-space${here[i] !== undefined && here[i] !== null ? ".taken" : ""}`,
          here[i] !== undefined && here[i] !== null ? dancer(ctx, here[i], seatName, colours) : null));
      }
      const balcony = b === 2 && r === 0
        ? h("span.balcony", { title: t("bal.balconyHint", { n: balconyCost }) }, h("span.balcony-label", t("bal.balcony")),
          " ", champagne(balconyCost), here.slice(spaces).map((p) => dancer(ctx, p, seatName, colours)))
        : null;
      const bon = bonus[ROW_NAMES[r]];
      const el = h("div.br-row", { "data-ballroom": b, "data-row": ROWS[r],
        title: t("bal.rowHint", { row: t(`bal.row.${ROW_NAMES[r]}`), n: sides.cost[r], bonus: bon && bon.length ? bon.map(fxText).join(" + ") : t("bal.noBonus") }) },
        h("span.br-cost", { title: t("bal.costHint") }, champagne(sides.cost[r])),
        h("span.br-spaces", cells), balcony,
        h("span.br-bonus", bon && bon.length ? bon.map(fxText).join(" + ") : t("bal.noBonus")));
      // the selected café guest to this row, or an extra dancer (a send_dancer effect)
      const a = sel !== null && sel !== undefined
        ? find(ctx, (f) => f.verb === "bal_send" && f.table === sel && f.at === b && f.row === ROW_NAMES[r])
        : find(ctx, (f) => f.verb === "bal_dance" && f.at === b && f.row === ROW_NAMES[r]);
      if (a) clickable(el, a, () => { ctx.ui.selectedTable = null; ctx.act(a); }, ctx.legal.get(a));
      return el;
    });
    const counts = v.players.map((_, p) => B.rows[b].reduce((s, row) => s + row.filter((x) => x === p).length, 0));
    return h(`div.ballroom${scored ? ".scored" : ""}`, { "data-ballroom": b, "data-id": id,
      title: `${cardText(`ballroom.${id}.name`, rec.name)}: ${scoringText(val(rec.scoring) || {})} (${t("game.afterRound", { n: rounds[b] })})` },
      h("div.br-head", h("b.card-name", cardText(`ballroom.${id}.name`, rec.name)), h("span.muted.small", t("game.afterRound", { n: rounds[b] }))),
      h("div.br-scoring.small", scoringText(val(rec.scoring) || {})),
      h("div.br-rows", rows),
      h("div.br-counts.small", v.players.map((_, p) => h("span.nowrap", dancer(ctx, p, seatName, colours), ` ${counts[p]} `))));
  });
  const choose = B.boards_laid_out && B.boards_laid_out.length
    ? h("div.rehearsal-choice", { id: "rehearsal-choice" }, h("h4", t("bal.boardsLaidOut")),
      h("div.rehearsal-boards", B.boards_laid_out.map((id) => rehearsalBoard(ctx, id, null, { fxText, seatName, colours }))))
    : null;
  return h("section.panel.ballrooms", { id: "ballrooms" },
    h("h3", t("bal.title"), h("span.muted.small", ` · ${t("bal.hint")}`)),
    h("div.ballroom-list", rooms), choose);
}

function rehearsalBoard(ctx, id, p, { fxText, seatName, colours }) {
  const boards = val(mdata(ctx, "ballrooms").rehearsal_boards) || [];
  const rec = boards.find((r) => r.id === id) || { sections: [] };
  const left = p === null ? null : part(ctx, "ballrooms").rehearsal[p].sections;
  const secs = rec.sections.map((s, k) => {
    const n = left ? left[k] : s.dancers;
    const discs = [];
    for (let i = 0; i < s.dancers; i++) {
      discs.push(h(`span.dancer${i < n ? "" : ".gone"}`, { style: { background: i < n && p !== null ? colours[p] : "#bbb" },
        "data-seat-mark": i < n && p !== null ? String(p + 1) : null }));
    }
    const el = h(`div.rh-section${left && !n ? ".empty" : ""}`, { "data-section": k + 1,
      title: t("bal.sectionHint", { n: s.dancers, bonus: (s.bonus || []).map(fxText).join(" + ") || t("bal.noBonus") }) },
      h("div.rh-discs", discs), h("div.rh-bonus.small", (s.bonus || []).map(fxText).join(" + ")));
    const a = p !== null && p === ctx.seat ? find(ctx, (f) => f.verb === "bal_section" && f.section === k + 1) : null;
    if (a) clickable(el, a, () => ctx.act(a), ctx.legal.get(a));
    return el;
  });
  const el = h("div.rehearsal", { "data-board": id, title: t("bal.rehearsalHint") },
    h("div.rh-head.small", t("bal.rehearsal", { n: id }),
      p !== null ? h("span.muted", ` · ${t("bal.dancersLeft", { n: left.reduce((a, b) => a + b, 0) })}`) : null),
    h("div.rh-sections", secs));
  const a = p === null ? find(ctx, (f) => f.verb === "bal_board" && f.board === id) : null;
  if (a) clickable(el, a, () => ctx.act(a), ctx.legal.get(a));
  return el;
}

// ------------------------------------------------------------------ II. Celebrities
function celebName(ctx, slug) {
  const list = mdata(ctx, "celebrities").celebrities || [];
  const rec = list.find((c) => c.slug === slug);
  return cardText(`celebrity.${slug}.name`, rec ? rec.name : slug);
}

function celebTile(ctx, slug, extra = {}) {
  const txt = text(ctx, "celebrities", slug);
  return h(`div.celeb${extra.used ? ".used" : ""}`, { "data-celebrity": slug, title: txt },
    h("div.celeb-name.card-name", celebName(ctx, slug)), h("div.celeb-text", txt), extra.children || null);
}

export function loungePanel(ctx) {
  const C = part(ctx, "celebrities");
  if (!C) return null;
  const md = mdata(ctx, "celebrities");
  const colours = val(md.lounge_colours) || DICE_COLOURS;
  const printed = val(md.printed_vp) ?? 1;
  const spaces = C.lounge.map((s, k) => {
    const col = colours[k];
    const face = C.dice[col];
    const vp = s.chit || printed;
    return h(`div.lounge-space.lc-${col}`, { "data-lounge": k, "data-colour": col, title: t("celeb.spaceHint", { die: t(`dice.${col}`) }) },
      h("div.lounge-head", h(`span.cdie.dc-${col}`, { title: t(`dice.${col}`), "data-cmark": colourMark(col) }, face > 0 ? String(face) : "–"),
        h("span.small", t(`dice.${col}`)), s.celebrity ? h("span.chit", { title: t("celeb.chitHint") }, t("unit.vp", { n: vp })) : null),
      s.celebrity ? celebTile(ctx, s.celebrity) : h("div.celeb.empty.muted.small", t("celeb.empty")));
  });
  return h("section.panel.lounge", { id: "lounge" },
    h("h3", t("celeb.lounge"), h("span.muted.small", ` · ${t("celeb.hint")}`)),
    h("div.lounge-spaces", spaces),
    h("div.muted.small", t("celeb.stack", { n: C.stack, d: (C.discard || []).length })));
}

/** The coloured dice on action space n (chips; clickable to take that die). */
export function colouredDice(ctx, n, boost) {
  const C = part(ctx, "celebrities");
  if (!C) return null;
  const chips = DICE_COLOURS.filter((c) => C.dice[c] === n).map((c) => {
    const el = h(`span.cdie.dc-${c}`, { "data-die": c, title: t(`dice.${c}`), "data-cmark": colourMark(c) }, String(n));
    if (n < 6) {
      const a = pickBoost(ctx, boost, (f) => f.verb === "cdie" && f.colour === c && f.face === n);
      if (a) clickable(el, a, () => ctx.act(a), ctx.legal.get(a));
    }
    return el;
  });
  return chips.length ? h("div.cdice", chips) : null;
}

/** Held celebrities of seat p (Einstein clickable when his exchange is legal). */
function heldCelebrities(ctx, p) {
  const C = part(ctx, "celebrities");
  if (!C) return null;
  const held = C.held[p] || [];
  const used = new Set(C.used || []);
  return h("div.held-celebs", { "data-held": p, title: t("celeb.heldHint") }, h("h4", t("celeb.held"), h("span.muted.small", ` · ${t("celeb.heldUntil")}`)),
    held.length ? h("div.celebs", held.map((slug) => {
      const el = celebTile(ctx, slug, { used: used.has(slug) });
      const a = p === ctx.seat && slug === "albert-einstein" ? find(ctx, (f) => f.verb === "einstein") : null;
      if (a) clickable(el, a, () => ctx.act(a), ctx.legal.get(a));
      return el;
    })) : h("p.muted.small", t("celeb.noneHeld")));
}

// ------------------------------------------------------------------ III. Unique Hotels
function entranceRecords(ctx) {
  const list = val(mdata(ctx, "unique_hotels").entrances) || [];
  return Object.fromEntries(list.map((e) => [e.id, e]));
}

function entranceCard(ctx, id, { seatName, colours, itemsText }, opts = {}) {
  const printed = entranceRecords(ctx)[id] || { name: id, items: {} };
  const rec = { ...printed, name: cardText(`entrance.${id}.name`, printed.name) };
  const txt = text(ctx, "entrances", id);
  const owner = opts.owner;
  return h(`div.entrance${opts.cls || ""}`, { "data-entrance": id, title: txt },
    h("div.ent-head", h("b.card-name", rec.name),
      owner !== null && owner !== undefined ? h("span.owner", seatDisc(owner, colours[owner]), " ", seatName(ctx, owner)) : null),
    h("div.ent-items.small", t("ent.start"), ": ", itemsText(rec.items) || t("game.none")),
    h("div.ent-text", txt), opts.children || null);
}

export function entrancesPanel(ctx, helpers) {
  const U = part(ctx, "unique_hotels");
  if (!U) return null;
  const v = ctx.view;
  const auction = U.auction;
  const openActs = legalWhere(ctx, (f) => f.verb === "open");
  const byBid = (a, b) => factsOf(ctx, a).bid - factsOf(ctx, b).bid;
  const picking = openActs.length > 0;
  if (!picking) ctx.ui.entrancePick = null;
  const pick = ctx.ui.entrancePick;
  const cards = U.entrances.map((e) => {
    const lot = auction && auction.entrance === e.id;
    const el = entranceCard(ctx, e.id, helpers, { owner: e.owner, cls: `${lot ? ".lot" : ""}${pick === e.id ? ".selected" : ""}` });
    const mineOpen = openActs.filter((a) => factsOf(ctx, a).entrance === e.id);
    if (mineOpen.length) {
      clickable(el, `open:${e.id}`, () => { ctx.ui.entrancePick = pick === e.id ? null : e.id; ctx.rerender(); }, t("ent.pickHint"));
    }
    return el;
  });
  const parts = [];
  if (auction) {
    const who = ctx.current >= 0 && ctx.current !== undefined ? ctx.current : null;
    const rec = entranceRecords(ctx)[auction.entrance] || { name: auction.entrance };
    const bids = legalWhere(ctx, (f) => f.verb === "bid").sort(byBid);
    const pass = find(ctx, (f) => f.verb === "pass");
    parts.push(h("div.auction", { id: "auction" },
      h("div", h("b", t("ent.auction", { name: cardText(`entrance.${auction.entrance}.name`, rec.name) }))),
      h("div.small", t("ent.currentBid", { n: auction.bid }), " · ",
        auction.leader !== null && auction.leader !== undefined && auction.leader >= 0
          ? [t("ent.leader"), " ", seatDisc(auction.leader, helpers.colours[auction.leader]), " ", helpers.seatName(ctx, auction.leader)] : "",
        (auction.passed || []).length ? ` · ${t("ent.passed", { names: auction.passed.map((p) => helpers.seatName(ctx, p)).join(", ") })}` : "",
        who !== null && v.phase === "auction" ? ` · ${t("ent.toBid", { name: helpers.seatName(ctx, who) })}` : ""),
      bids.length ? h("div.bid-buttons", h("span.small", t("ent.raiseTo")), " ",
        bids.map((a) => actButton(ctx, a, helpers.kr(factsOf(ctx, a).bid), ".bid")),
        pass ? actButton(ctx, pass, t("ent.pass"), ".pass") : null) : null));
  } else if (picking) {
    const list = pick ? openActs.filter((a) => factsOf(ctx, a).entrance === pick) : [];
    parts.push(h("div.auction", { id: "auction" },
      h("div", h("b", pick ? t("ent.openWith", { name: cardText(`entrance.${pick}.name`, (entranceRecords(ctx)[pick] || {}).name || pick) }) : t("ent.pickFirst"))),
      list.length ? h("div.bid-buttons", list.sort(byBid)
        .map((a) => actButton(ctx, a, helpers.kr(factsOf(ctx, a).bid), ".bid"))) : null));
  }
  return h("section.panel.entrances", { id: "entrances" },
    h("h3", t("ent.title"), v.phase === "auction" ? h("span.muted.small", ` · ${t("ent.auctionHint")}`) : null),
    parts, h("div.entrance-list", cards));
}

/** Seat p's own entrance with its parts (Dove tokens, Ninas objectives, Wray tiles, Kaufman pile, Kozi). */
function ownEntrance(ctx, p, helpers) {
  const U = part(ctx, "unique_hotels");
  if (!U) return null;
  const e = U.entrances.find((x) => x.owner === p);
  if (!e) return null;
  const me = p === ctx.seat;
  const children = [];
  if (e.id === "dove" && U.dove_tokens) {
    const toks = val(mdata(ctx, "unique_hotels").dove_tokens) || [];
    children.push(h("div.dove-tokens", U.dove_tokens.map((k) => {
      const tok = toks[k] || {};
      const el = h("div.token-tile.small", { "data-dove": k, title: t("ent.doveHint") },
        h("div", "▲ ", (tok.top || []).map(helpers.fxText).join(" + ")), h("div", "▼ ", (tok.bottom || []).map(helpers.fxText).join(" + ")));
      const a = me ? find(ctx, (f) => f.verb === "dovetoken" && f.token === k) : null;
      if (a) clickable(el, a, () => ctx.act(a), ctx.legal.get(a));
      return el;
    })));
  }
  if (e.id === "ninas-melange" && U.ninas_objectives) {
    children.push(h("div.ninas", U.ninas_objectives.map((o) => {
      const rec = (ctx.data.objectives || {})[o.id] || { text: o.id };
      const txt = cardText(`politics.${o.id}.text`, rec.text);
      return h(`div.token-tile.small${o.completed_round ? ".done" : ""}`, { "data-objective": o.id, title: txt },
        h("b", o.id), " ", txt, o.completed_round ? ` ✓ (${t("game.round", { n: o.completed_round, of: ctx.data.rounds || 7 })})` : "");
    })));
  }
  if (e.id === "the-grand-wray-hotel" && U.wray_tiles) {
    children.push(h("div.wray", U.wray_tiles.map((id) => {
      const el = h("div.token-tile.small", { "data-wray": id, title: t("ent.wrayHint", { bonus: cardText(`emperor.${id}.bonus`) }) },
        h("b", id), " ", cardText(`emperor.${id}.bonus`));
      const a = me ? find(ctx, (f) => f.verb === "wray" && f.tile === id) : null;
      if (a) clickable(el, a, () => ctx.act(a), ctx.legal.get(a));
      return el;
    })));
  }
  if (e.id === "kaufman" && U.kaufman_pile) children.push(h("div.small", { title: t("ent.kaufmanHint") }, t("ent.kaufmanPile", { n: U.kaufman_pile.length })));
  if (me) {
    const kozi = legalWhere(ctx, (f) => f.verb === "kozi");
    if (kozi.length) {
      children.push(h("div.kozi", { id: "kozi" }, h("span.small", t("ent.kozi")), " ", kozi.map((a) => {
        const f = factsOf(ctx, a); // a die from space `from` to `to` (module II: a coloured one)
        return actButton(ctx, a, [f.colour ? h(`span.cdie.dc-${f.colour}`, { "data-cmark": colourMark(f.colour) }, String(f.from))
          : `${f.from}`, ` → ${f.to}`], ".kozi-move");
      })));
    }
  }
  return entranceCard(ctx, e.id, helpers, { owner: p, cls: ".own", children });
}

// ------------------------------------------------------------------ IV. Start Player
/** The action board extension with the skeleton key (clickable: take it, with or without an action). */
export function keySpace(ctx) {
  if (!modulesOn(ctx.view).includes("start_player")) return null;
  const S = part(ctx, "start_player") || {};
  const holder = S.key_holder;
  // the key alone (space 0), then with action 1-5 at strength 1
  const acts = [0, 1, 2, 3, 4, 5].map((n) => find(ctx, (f) => f.verb === "key" && f.space === n)).filter(Boolean);
  const el = h("div.space.key-space", { "data-space": "key", title: t("key.explain") },
    h("div.space-head", h("span.key-icon", { "aria-hidden": "true" }), h("span.small.card-name", t("key.title"))),
    h("div.space-label", holder === null || holder === undefined ? t("key.onBoard") : t("key.heldBy", { name: ctx.seatName(holder) })));
  if (acts.length) {
    clickable(el, "key", () => { ctx.ui.keyOpen = !ctx.ui.keyOpen; ctx.rerender(); }, t("key.hint"));
    if (ctx.ui.keyOpen) {
      el.append(h("div.copy-menu.key-menu", { role: "menu" }, acts.map((a) => h("button.small", { type: "button", "data-action": a,
        title: ctx.legal.get(a), onclick: (ev) => { ev.stopPropagation(); ctx.ui.keyOpen = false; ctx.act(a); } },
      factsOf(ctx, a).space ? t("key.with", { n: factsOf(ctx, a).space, what: t(`space.${factsOf(ctx, a).space}`) }) : t("key.only")))));
    }
  } else ctx.ui.keyOpen = false;
  return el;
}

export function keyHolder(ctx) {
  const S = part(ctx, "start_player");
  return S ? S.key_holder : null;
}

// ------------------------------------------------------------------ V. More (bell cards)
export function faceDown(ctx, p) {
  const M = part(ctx, "more");
  return new Set(M && M.face_down ? M.face_down[p] || [] : []);
}

// ------------------------------------------------------------------ a player's module parts
export function playerModules(ctx, p, helpers) {
  const B = part(ctx, "ballrooms");
  const out = [];
  if (B && B.rehearsal[p] && B.rehearsal[p].board !== null) {
    out.push(h("div.rehearsal-area", { "data-rehearsal": p }, h("h4", t("bal.rehearsalRoom")),
      rehearsalBoard(ctx, B.rehearsal[p].board, p, helpers),
      B.boxed && B.boxed[p] ? h("div.muted.small", t("bal.boxed", { n: B.boxed[p] })) : null));
  }
  const ent = ownEntrance(ctx, p, helpers);
  if (ent) out.push(h("div.entrance-area", h("h4", t("ent.own")), ent));
  if (part(ctx, "celebrities")) out.push(heldCelebrities(ctx, p));
  return out.length ? h("div.module-area", { "data-modules": p }, out) : null;
}

// ------------------------------------------------------------------ prompt buttons and texts
const ITEM_NAMES = ["strudel", "cake", "wine", "coffee", "champagne"];

/** A label for a module action (by its facts) shown as a prompt button (null: not a module action). */
export function moduleButtonLabel(ctx, f, helpers) {
  switch (f.verb) {
    case "bal_first": return t(`btn.first.${FIRST_KEYS[f.first]}`);
    case "bal_unseat": return t("btn.rmdancer", { row: t(`bal.row.${f.row}`) });
    case "bal_later": return t("btn.danceLater");
    case "cbin": return [h(`span.cdie.dc-${f.colour}`, { "data-cmark": colourMark(f.colour) }, " "), " ", t("btn.bin", { colour: t(`dice.${f.colour}`) })];
    case "step": return t("btn.emperorMore", { n: f.steps });
    case "mdraw": return t("btn.drawStaff");
    case "pay": {
      const i = ITEM_NAMES.indexOf(f.item);
      return [helpers.cube(i), " ", t("btn.spend", { item: helpers.itemName(i) })];
    }
    case "freud": return t("btn.freudRoom", { table: f.table + 1, room: f.room });
    case "freud_ballroom":
      return t("btn.freudBallroom", { table: f.table + 1, ballroom: ballroomName(ctx, f.at), row: t(`bal.row.${f.row}`) });
    default: return null;
  }
}

function ballroomName(ctx, b) {
  const B = part(ctx, "ballrooms");
  const rec = B ? ballroomRecords(ctx)[B.ballrooms[b]] : null;
  return rec ? cardText(`ballroom.${rec.id}.name`, rec.name) : String(b + 1);
}

/** Extra words for the prompt when a café guest is selected and may also go to a ballroom. */
export function canSendSelected(ctx, table) {
  return legalSome(ctx, (f) => f.verb === "bal_send" && f.table === table);
}

export function promptExtra(ctx, tp) {
  if (!tp) return "";
  if (tp.decision === "bid" || tp.decision === "open") {
    const U = part(ctx, "unique_hotels");
    const a = U && U.auction;
    return a ? ` (${t("ent.currentBid", { n: a.bid })})` : "";
  }
  return "";
}

export function hasModuleText(kind) { return has(`prompt.${kind}`); }
