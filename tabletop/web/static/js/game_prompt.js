// The game page's prompt: the pending decision in words, its buttons, the tools beside them
// (undo, all options, hint, notices), the keyboard, and bringing what to tap into view on a
// phone. Part of showGame (game.js).

import { askPermission, noticePrefs, setNoticePrefs } from "./notice.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { legalSome, pickBoost } from "./choices.js";

export function promptPart(pg) {
  const { S, root } = pg;

  /** The facts of the legal actions now (their verbs: ending the turn, passing, a die …), by action. */
  const factsNow = () => new Map(((S.p && S.p.legal) || []).map((l) => [l.action, l.facts || {}]));

  /** A button that moves the turn along (end the turn, pass) does not take a click in the moment after
   * another click: a double click on "keep the rest" must not also end the turn. */
  const GUARD_MS = 800;
  function guarded(action) {
    const p = S.p;
    const pending = p && p.view && p.view.pending ? p.view.pending[p.view.pending.length - 1] : null;
    const verb = (factsNow().get(action) || {}).verb;
    const moves = verb === "pass" || (verb === "done" && pending && pending.decision === "turn");
    const wait = GUARD_MS - (Date.now() - (S.lastActAt || 0));
    if (!moves || wait <= 0) return false;
    // afterwards the button takes clicks again: changed in place (drawing the page anew under the
    // pointer could swallow a click that is on its way to another button)
    clearTimeout(S.guardTimer);
    S.guardTimer = setTimeout(() => {
      for (const el of root.querySelectorAll("[data-guarded]")) { el.disabled = !!S.busy; el.removeAttribute("data-guarded"); }
    }, wait + 20);
    return true;
  }
  /** The attributes of a button that might move the turn along: greyed in the moment after a click. */
  function guardAttrs(action) {
    const wait = guarded(action);
    return { disabled: S.busy || wait, "data-guarded": wait ? "1" : null };
  }

  // ---------------------------------------------------------------- the prompt
  /** The player's "your turn" choices: a chime, a browser notification (asks permission once). */
  function noticeControls() {
    const prefs = noticePrefs();
    const save = async (next) => {
      if (next.browser && !(await askPermission())) next.browser = false;
      await setNoticePrefs(next);
      pg.render();
    };
    return pg.keep(h("details.notices.small", { id: "notices" }, h("summary", { title: t("notice.help") }, "🔔 ", t("notice.title")),
      h("label", h("input", { type: "checkbox", id: "notice-sound", checked: prefs.sound,
        onchange: (e) => save({ ...noticePrefs(), sound: e.target.checked }) }), " ", t("notice.sound")), " ",
      h("label", h("input", { type: "checkbox", id: "notice-browser", checked: prefs.browser,
        onchange: (e) => save({ ...noticePrefs(), browser: e.target.checked }) }), " ", t("notice.browser")),
      h("p.muted.small", t("notice.help"))), "notices");
  }

  function statusBar() {
    const p = S.p;
    const m = pg.mod();
    const parts = [];
    const ctx = pg.ctxFor(p.view);
    let prompt = "";
    if (p.status === "open") prompt = t("game.waitingRoom");
    else if (m && S.data) prompt = m.promptText(ctx);
    else prompt = p.prompt;
    const mine = p.legal.length > 0 && !!S.data; // your turn, and the board to act on is drawn
    parts.push(h(`div.prompt${S.ui.promptOpen ? ".expanded" : ""}`, { id: "prompt", "data-testid": "prompt", "data-mine": mine ? "1" : "0",
      title: typeof prompt === "string" ? prompt : "", onclick: () => { S.ui.promptOpen = !S.ui.promptOpen; pg.render(); } },
      mine ? h("span.badge.turn", t("game.yourTurn")) : null, " ", prompt));
    if (m && S.data && mine) {
      const btns = m.promptButtons(ctx);
      if (btns.length) {
        parts.push(h("div.prompt-buttons", { id: "prompt-buttons" }, btns.map((b) => h(`button.action${b.cls ? "." + b.cls : ""}`,
          { type: "button", "data-action": b.action, title: b.title || "", ...guardAttrs(b.action), onclick: () => pg.act(b.action) }, b.label))));
      }
    }
    const tools = [];
    if (p.can_undo) tools.push(h("button.undo", { type: "button", id: "undo", disabled: S.busy, onclick: pg.undo }, "↶ ", t("game.undo")));
    else if (p.undo_why && p.status === "active") {
      // why there is no undo: new information came to light, or another player has moved since
      tools.push(h("span.undo-why.small.muted", { id: "undo-why", title: t(`game.undoWhy.${p.undo_why}`) }, "↶ ", t(`game.undoWhy.${p.undo_why}`)));
    }
    if (mine) {
      tools.push(pg.keep(h("details.all-options", { id: "all-options" }, h("summary", { title: t("game.allOptions", { n: p.legal.length }) },
        h("span.ao-icon", "☰ "), h("span.ao-text", t("game.allOptions", { n: p.legal.length })), h("span.ao-count", String(p.legal.length))),
        h("div.option-list", p.legal.map((l) => h("button.small.option", { type: "button", "data-action": l.action, ...guardAttrs(l.action), onclick: () => pg.act(l.action) },
          h("code", l.action), " ", pg.logText(l.text))))), "all-options"));
    }
    const thinker = p.status === "active" ? p.seats[p.current_player] : null;
    if (thinker && thinker.kind === "bot") {
      // a bot is to move: say so, with the seconds it has been thinking (it may take a few on a busy machine)
      tools.push(h("span.bot-thinking.small", { id: "bot-thinking", "aria-live": "polite" }, "⏳ ",
        t("game.botThinking", { name: thinker.name }), " ", h("span", { "data-thinking": "1" }, pg.clock((Date.now() - (S.botSince || Date.now())) / 1000))));
    }
    if (p.seat !== null && p.status !== "finished") tools.push(noticeControls());
    if (p.rated) tools.push(h("span.table-rated.badge.small", { id: "table-rated", title: t("rating.ratedHelp") }, t("rating.rated")));
    if (p.hints) tools.push(h("span.table-hints.small.muted", { id: "table-hints", title: t("game.hint.tableHelp") }, t("game.hint.table")));
    if (mine && p.can_hint) {
      tools.push(h("button.small.hint", { type: "button", id: "hint", title: t("game.hint.title"),
        disabled: !!(S.hint && S.hint.loading), onclick: pg.askHint }, t("game.hint")));
    }
    if (p.seat !== null && p.status === "active") {
      tools.push(h("button.small.link-like.keys-button", { type: "button", id: "keys-button", title: `${t("game.keys.title")} (?)`,
        "aria-expanded": S.ui.keysOpen ? "true" : "false", onclick: () => { S.ui.keysOpen = !S.ui.keysOpen; pg.render(); } }, "⌨ ?"));
    }
    if (tools.length) parts.push(h("div.tools", tools));
    if (S.ui.keysOpen) parts.push(keysHelp());
    if (mine && S.hint && S.hint.revision === p.revision) parts.push(pg.hintPanel());
    const meSeat = p.seat !== null ? p.seats[p.seat] : null;
    if (meSeat && meSeat.stand_in && p.status !== "finished") {
      parts.push(h("p.stand-in", { id: "stand-in", role: "status" }, t("game.botPlaysForYou", { level: t(`level.${meSeat.bot}`) }), " ",
        h("button.primary", { type: "button", id: "reclaim", disabled: S.busy, onclick: pg.reclaim }, t("game.reclaim"))));
    }
    if (S.error) parts.push(h("p.error", { role: "alert", id: "error" }, S.error, " ", h("button.small.link-like", { type: "button", onclick: () => { S.error = ""; pg.render(); } }, "✕")));
    if (S.notice) parts.push(h("p.notice", { role: "status", id: "notice" }, S.notice));
    return h(`section.statusbar${mine ? ".mine" : ""}`, { id: "statusbar" }, parts);
  }

  // ---------------------------------------------------------------- keyboard
  // Shortcuts for the common moves, never while a text field (the chat, a name) has the focus and never
  // with Ctrl, Alt or Cmd: Enter or Space press the prompt's "done" button (or its only button: pass),
  // U undoes, H asks for a hint, 1-5 take the die of that action space (the boost as ticked), 6 opens
  // space 6's choice and then 1-5 pick the action, Esc cancels a selection or closes a menu, ? shows the list.
  const KEYS = [["game.keys.confirmKeys", "game.keys.confirm"], ["U", "game.keys.undo"], ["H", "game.keys.hint"],
    ["1–6", "game.keys.dice"], ["game.keys.escKey", "game.keys.escape"], ["?", "game.keys.help"]];

  function keysHelp() {
    return h("div.keys-help", { id: "keys-help", role: "note" },
      h("b", t("game.keys.title")),
      h("dl", KEYS.map(([k, what]) => [h("dt", h("kbd", k.includes(".") ? t(k) : k)), h("dd", t(what))])),
      h("p.muted.small", t("game.keys.note")));
  }

  /** A field the keys are typed into: shortcuts are off while it has the focus. */
  function typing(el) {
    if (!el || el === document.body) return false;
    if (el.isContentEditable || el.tagName === "TEXTAREA" || el.tagName === "SELECT") return true;
    return el.tagName === "INPUT" && !["checkbox", "radio", "button", "submit", "reset", "range", "color"].includes(el.type);
  }

  /** The prompt's button that Enter presses: its "done" (end the turn, stop), else its only button. */
  function confirmAction(ctx) {
    const m = pg.mod();
    const btns = m && m.promptButtons ? m.promptButtons(ctx) : [];
    const done = btns.find((b) => b.cls === "done");
    return done ? done.action : btns.length === 1 ? btns[0].action : null;
  }

  /** What key n (1-6) does now: take the die of space n, or (space 6's choice open) copy action n. */
  function dieKey(n) {
    const ctx = { facts: factsNow() };
    // the white die showing `face` for action `space` (boosted as ticked, or the only way it is legal)
    const pickOf = (face, space) => pickBoost(ctx, S.ui.boost, (f) => f.verb === "die" && f.face === face && f.space === space);
    if (S.ui.copyOpen && n <= 5) {
      const a = pickOf(6, n);
      return a ? () => { S.ui.copyOpen = false; pg.act(a); } : null;
    }
    if (n <= 5) {
      const a = pickOf(n, n);
      return a ? () => pg.act(a) : null;
    }
    // a 6 for any action: the white die or (module II) a coloured one
    if (!legalSome(ctx, (f) => (f.verb === "die" || f.verb === "cdie") && f.face === 6)) return null;
    return () => { S.ui.copyOpen = true; pg.render(); };
  }

  function cancelSelection() {
    const ui = S.ui;
    const had = ui.selectedTable !== null || ui.copyOpen || ui.keyOpen || ui.entrancePick || ui.keysOpen || ui.promptOpen
      || (ui.open && ui.open["all-options"]) || (S.hint && !S.hint.loading);
    ui.selectedTable = null;
    ui.copyOpen = false;
    ui.keyOpen = false;
    ui.entrancePick = null;
    ui.keysOpen = false;
    ui.promptOpen = false;
    if (ui.open) ui.open["all-options"] = false;
    if (S.hint && !S.hint.loading) S.hint = null;
    if (had) pg.render();
    return had;
  }

  function onKey(ev) {
    const p = S.p;
    if (!p || S.fatal || ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented || typing(document.activeElement)) return;
    const key = ev.key;
    if (key === "?") { ev.preventDefault(); S.ui.keysOpen = !S.ui.keysOpen; pg.render(); return; }
    if (key === "Escape") { if (cancelSelection()) ev.preventDefault(); return; }
    if (S.replay || p.status !== "active" || ev.repeat) return;
    const mine = p.legal.length > 0 && !!S.data;
    const lower = key.length === 1 ? key.toLowerCase() : key;
    if (lower === "u") {
      if (p.can_undo && !S.busy) { ev.preventDefault(); pg.undo(); }
      return;
    }
    if (lower === "h") {
      if (mine && p.can_hint && !(S.hint && S.hint.loading)) { ev.preventDefault(); pg.askHint(); }
      return;
    }
    if (!mine) return;
    if (key === "Enter" || key === " ") {
      // a focused button, link, checkbox or thing on the board takes the key itself
      const f = document.activeElement;
      if (f && f !== document.body && f.closest("button, a, summary, label, input, [role=button], [tabindex]")) return;
      const a = confirmAction(pg.ctxFor(p.view));
      if (!a) return;
      ev.preventDefault();
      if (!guarded(a)) pg.act(a); // as the button: not in the moment after another move (a double press)
      return;
    }
    if (/^[1-6]$/.test(key)) {
      const go = dieKey(Number(key));
      if (go) { ev.preventDefault(); go(); }
    }
  }
  document.addEventListener("keydown", onKey);

  /** A menu that opens over the board (space 6, the key) stays inside the window sideways. */
  function keepMenusInside() {
    for (const menu of root.querySelectorAll(".copy-menu")) {
      const r = menu.getBoundingClientRect();
      const over = r.right - (document.documentElement.clientWidth - 6);
      if (over > 0) menu.style.left = `${-Math.min(over, Math.max(0, r.left - 6))}px`;
    }
  }

  /**
   * What the pending decision asks to tap on the board: its highlighted things and the buttons on the
   * board that carry a legal action (serving an item, a bid), not ending the turn or passing; once a
   * first tap chose something (a café guest, space 6, the key, an entrance), only what completes it.
   */
  function boardTargets(p) {
    const facts = new Map(p.legal.map((l) => [l.action, l.facts || {}]));
    const verb = (a) => (facts.get(a) || {}).verb;
    const ui = S.ui;
    let only = null;
    if (ui.selectedTable !== null && ui.selectedTable !== undefined) {
      // the selected café guest into a room or (module I) to a ballroom row
      only = (a) => (verb(a) === "move" || verb(a) === "bal_send") && facts.get(a).table === ui.selectedTable;
    }
    else if (ui.copyOpen || ui.keyOpen) only = (a, el) => !!el.closest(".copy-menu");
    else if (ui.entrancePick) only = (a, el) => !!el.closest("#auction");
    return [...root.querySelectorAll(".main-col .legal, .main-col [data-action]")].filter((el) => {
      const a = el.dataset.action || "";
      return !el.disabled && (el.classList.contains("legal") || facts.has(a)) && verb(a) !== "done" && verb(a) !== "pass"
        && (!only || only(a, el)) && el.getClientRects().length > 0;
    });
  }

  /**
   * On a narrow screen, bring what the pending decision asks to tap into view when none of it is (the
   * prompt's buttons are always at hand): the nearest of it, below the sticky prompt; an open menu whole.
   * Once per decision and per first tap, so that the player's own scrolling is left alone.
   */
  function showTargets(p) {
    keepMenusInside();
    if (window.innerWidth > 760 || !p.legal.length || S.replay) return;
    const ui = S.ui;
    const key = `${p.revision}:${p.legal.length}:${ui.selectedTable ?? ""}:${!!ui.copyOpen}:${!!ui.keyOpen}:${ui.entrancePick || ""}`;
    if (S.shownTargets === key) return;
    S.shownTargets = key;
    const targets = boardTargets(p);
    if (!targets.length) return;
    const bar = document.getElementById("statusbar");
    const top = bar ? bar.getBoundingClientRect().height + 8 : 8; // the prompt sticks to the top once scrolled
    const bottom = window.innerHeight - 8;
    const seen = (r) => Math.min(r.bottom, bottom) - Math.max(r.top, top) >= Math.min(20, r.height / 2);
    const rects = targets.map((el) => el.getBoundingClientRect());
    const menu = targets[0].closest(".copy-menu");
    if (menu) { // a menu whole, as little moved as may be
      const r = menu.getBoundingClientRect();
      const by = r.bottom > bottom ? Math.min(r.bottom - bottom, r.top - top) : r.top < top ? r.top - top : 0;
      if (by) window.scrollBy(0, by);
      return;
    }
    if (rects.some(seen)) return;
    const dist = (r) => (r.top >= bottom ? r.top - bottom : top - r.bottom);
    const near = rects.reduce((a, b) => (dist(b) < dist(a) ? b : a));
    const mid = (top + bottom) / 2;
    window.scrollBy(0, Math.round(near.top + Math.min(near.height, bottom - top) / 2 - mid));
  }

  return { guarded, guardAttrs, noticeControls, statusBar, keysHelp, typing, confirmAction, dieKey, cancelSelection, onKey, keepMenusInside, boardTargets, showTargets };
}
