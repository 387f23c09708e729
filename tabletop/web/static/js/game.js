// The game page: live state, acting, undo, seats, log, end screen and replay viewer.
// The board itself is drawn by the game's module (gah.js, burger.js).

import { ApiError, botLevels, getJSON, liveUpdates, postJSON } from "./api.js";
import { chatBox } from "./chat.js";
import { askPermission, loadAccountPrefs, noticePrefs, noticesSent, setNoticePrefs, yourTurn } from "./notice.js";
import { clear, fitNames, h, seatDisc } from "./dom.js";
import { has, onLangChange, t } from "./i18n.js";
import { rememberToken, tokenFor } from "./tokens.js";
import * as gah from "./gah.js";
import * as burger from "./burger.js";

const MODULES = { "grand-austria-hotel": gah, "burger-joint": burger };
const CB_KEY = "tabletop.cbMarks"; // "off": no letters on the items and colours (on by default)

/** Colour-blind marks: the item letters and the colour letters on guests, rooms, dice and cubes (this browser's choice). */
function cbMarks() {
  try { return localStorage.getItem(CB_KEY) !== "off"; } catch { return true; }
}

export function showGame(root, gameId) {
  const params = new URLSearchParams(location.search);
  let token = params.get("token");
  if (!token) {
    token = tokenFor(gameId);
    if (token) history.replaceState(null, "", `/game/${gameId}?token=${encodeURIComponent(token)}`);
  }
  const S = {
    p: null, // the latest payload
    data: null,
    conn: "connecting",
    error: "",
    notice: "",
    busy: false,
    fatal: "",
    ui: { selectedTable: null, boost: false, copyOpen: false },
    fullLog: null,
    replay: null, // the loaded step {step, steps, view, prompt, scores, text} and the requested one (want)
    logFilter: { round: "", seat: "" }, // "" = all
    openSource: null, // the breakdown line whose events the end screen shows
    joinName: "",
    botLevel: "medium",
    meta: null, // GET /api/meta: each game's bot levels
  };
  let live = null;
  let noticeTimer = null;
  const chat = token ? chatBox(gameId, token, () => { if (S.p) render(); }) : null;

  if (!token) {
    S.fatal = t("game.noToken");
    render();
    return { render };
  }

  // ---------------------------------------------------------------- state
  /** The bot levels this game offers (the master only where the game has its judgement). */
  function levels() {
    return botLevels(S.meta, S.p && S.p.game);
  }

  async function loadMeta() {
    try {
      S.meta = await getJSON("/api/meta");
    } catch { return; } // the levels every game has
    if (S.p) render();
  }

  function accept(payload, force) {
    const cur = S.p;
    const stale = !force && cur && payload.revision < cur.revision; // an older answer overtaken by a push
    const same = !stale && cur && !S.error && sameMoment(cur, payload); // the push and the answer of one move
    if (stale || same) {
      if (same) S.p = payload;
      // drawn while waiting: the buttons come back; a finished game's rematch made: its button shows
      if (S.drawnBusy !== S.busy || (same && cur.rematch !== payload.rematch)) render();
      return;
    }
    const changed = !cur || cur.revision !== payload.revision || cur.status !== payload.status;
    const wasMine = !!(cur && cur.legal.length);
    S.p = payload;
    if (cur && !wasMine && payload.legal.length && payload.status === "active") {
      yourTurn(`${payload.title}: ${t("game.yourTurn")}`, t("notice.body"));
    }
    S.recvAt = Date.now(); // the away countdowns count from here
    // a bot's turn: how long it has been thinking counts from when its turn reached this page
    const botTurn = (x) => x && x.status === "active" && x.seats[x.current_player] && x.seats[x.current_player].kind === "bot";
    if (botTurn(payload) && !(botTurn(cur) && cur.current_player === payload.current_player)) S.botSince = Date.now();
    if (changed) {
      S.ui.selectedTable = null;
      S.ui.copyOpen = false;
      if (S.hint && S.hint.revision !== payload.revision) S.hint = null;
      if (S.fullLog && payload.log_total !== S.fullLog.length) S.fullLog = null;
    }
    if (!S.data) loadData();
    render();
  }

  /**
   * A push carries only the log entries since the push before it (``log_after`` names that
   * revision, ``log_since`` the first action whose entries it brings); the page keeps its own
   * entries before that and drops what falls out of the tail (``log_first``). Returns the
   * payload with its whole log tail, or null when this page does not show the push's starting point.
   */
  function withLog(cur, msg) {
    if (msg.log_after === null || msg.log_after === undefined) return msg; // the whole tail
    let kept;
    if (cur && cur.revision === msg.log_after) {
      kept = msg.log_since > 0 ? cur.log.filter((e) => e.idx < msg.log_since) : [];
    } else if (cur && cur.revision === msg.revision && cur.log_total === msg.log_total) {
      return { ...msg, log: cur.log }; // the same moment, seen already (the answer to a move came first)
    } else {
      return null;
    }
    const first = msg.log_first;
    const log = kept.concat(msg.log).filter((e) => first === 0 || e.idx >= first);
    return { ...msg, log };
  }
  async function catchUp() {
    S.behind = true;
    if (S.catchingUp) return;
    S.catchingUp = true;
    // until a whole state is in that no push overtook, or a later push fitted on to the page; a
    // bot playing a long turn can overtake several fetches in a row, so after the first few the
    // page waits a little longer before each (giving up would leave it behind until the next push,
    // which never comes once the turn is the player's)
    for (let tries = 0; S.behind; tries++) {
      const took = await refresh();
      if (took === null) break; // refused or failed: refresh() has said so
      if (took) S.behind = false;
      else if (tries >= 2) await new Promise((ok) => setTimeout(ok, Math.min(2000, 100 * 2 ** (tries - 2))));
    }
    S.catchingUp = false;
  }

  /** Two payloads of the same moment of the game (a push and the answer to the same move). */
  function sameMoment(a, b) {
    return a.revision === b.revision && a.status === b.status && a.log_total === b.log_total
      && a.current_player === b.current_player && a.can_undo === b.can_undo && a.legal.length === b.legal.length
      && a.seat === b.seat && JSON.stringify(a.seats) === JSON.stringify(b.seats)
      && (a.log[a.log.length - 1] || {}).text === (b.log[b.log.length - 1] || {}).text; // not a language switch
  }

  async function loadData() {
    if (S.dataLoading || !S.p) return;
    S.dataLoading = true;
    try {
      // card names and texts come with the page's language (static/i18n, the `cards` catalog)
      S.data = await getJSON(`/api/data/${S.p.game}?game_id=${encodeURIComponent(gameId)}`);
    } catch (e) {
      S.error = e.detail || String(e);
    }
    S.dataLoading = false;
    render();
  }

  /** Fetch the whole state; true when it was taken, false when a push overtook it, null on an error. */
  async function refresh() {
    try {
      const pushes = S.pushes || 0;
      const p = await getJSON(`/api/games/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}`);
      if (!S.remembered) { rememberToken(gameId, token, p.seat); S.remembered = true; }
      // a push that arrived while this request was under way is newer than its answer
      if ((S.pushes || 0) !== pushes) return false;
      accept(p, true);
      return true;
    } catch (e) {
      if (e instanceof ApiError && (e.status === 403 || e.status === 404)) { S.fatal = e.detail; live && live.stop(); }
      else S.error = e.detail || String(e);
      render();
      return null;
    }
  }

  function flash(msg) {
    S.notice = msg;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { S.notice = ""; render(); }, 4000);
  }

  async function call(path, body, { force = false } = {}) {
    if (S.busy) return null;
    S.busy = true;
    S.error = "";
    render();
    try {
      const p = await postJSON(path, body);
      S.busy = false;
      // the answer to a move carries only its own log entries (as a push does)
      let got = withLog(S.p, p);
      if (!got && S.p && p.revision < S.p.revision && !force) got = p; // overtaken by a push: accept() passes it over
      if (got) accept(got, force);
      else { render(); catchUp(); }
      sendQueued();
      return got || p;
    } catch (e) {
      S.busy = false;
      S.queued = null;
      if (e instanceof ApiError && e.status === 409) {
        flash(t("game.stale", { detail: e.detail }));
        await refresh();
      } else {
        S.error = e instanceof ApiError && e.status === 400 ? t("game.refused", { detail: e.detail }) : (e.detail || String(e));
        render();
      }
      return null;
    }
  }

  function act(action, revision) {
    if (!S.p) return null;
    S.lastActAt = Date.now();
    if (S.busy) {
      // The server pushes a move's new board before it answers the request; a click on that new
      // board while the answer is still on its way is kept and sent when the answer is in. A click
      // on the board as it was before (a double click) is dropped then: it was meant for a moment
      // that has passed.
      S.queued = { action, revision: revision ?? S.p.revision };
      return null;
    }
    return call(`/api/games/${encodeURIComponent(gameId)}/actions`,
      { token, revision: revision ?? S.p.revision, action });
  }
  function sendQueued() {
    const q = S.queued;
    S.queued = null;
    if (q && S.p && q.revision === S.p.revision && S.p.status === "active") act(q.action, q.revision);
  }
  const undo = () => call(`/api/games/${encodeURIComponent(gameId)}/undo`, { token, revision: S.p.revision }, { force: true });
  const join = () => call(`/api/games/${encodeURIComponent(gameId)}/join`, { token, name: S.joinName.trim() });
  const start = () => call(`/api/games/${encodeURIComponent(gameId)}/start`, { token });
  const toBot = (seat, level) => {
    if (!confirm(t("game.confirmBot", { name: S.p.seats[seat].name, level: t(`level.${level}`) }))) return null;
    return call(`/api/games/${encodeURIComponent(gameId)}/seats/${seat}/bot`, { token, bot: level });
  };
  const reclaim = () => call(`/api/games/${encodeURIComponent(gameId)}/seats/${S.p.seat}/reclaim`, { token });

  // ---------------------------------------------------------------- away countdowns
  /** Seconds until the others may hand this seat to a bot (0: now), null when they may not. */
  function awayLeft(s) {
    if (s.takeover_in === null || s.takeover_in === undefined) return null;
    return Math.max(0, s.takeover_in - (Date.now() - (S.recvAt || Date.now())) / 1000);
  }
  const clock = (secs) => `${Math.floor(secs / 60)}:${String(Math.ceil(secs % 60) === 60 ? 0 : Math.ceil(secs % 60)).padStart(2, "0")}`;
  /** A game clock's time left: days and hours, hours and minutes, or minutes and seconds. */
  const longClock = (secs) => {
    const s = Math.max(0, Math.floor(secs));
    if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
    if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  };
  /** A seat's time left on the table's clock now (the running one counts down from the payload's moment). */
  function timeLeft(seat) {
    const c = S.p && S.p.clock;
    if (!c) return null;
    const ran = c.running === seat ? (Date.now() - (S.recvAt || Date.now())) / 1000 : 0;
    return Math.max(0, c.left[seat] - ran);
  }
  // every second: tick the countdowns on the page; when one runs out, draw the page again (its button appears)
  setInterval(() => {
    if (!S.p) return;
    let ranOut = false;
    for (const el of root.querySelectorAll("[data-countdown]")) {
      const left = awayLeft(S.p.seats[Number(el.dataset.countdown)] || {});
      if (left === null) continue;
      el.textContent = clock(left);
      if (left <= 0) ranOut = true;
    }
    for (const el of root.querySelectorAll("[data-thinking]")) el.textContent = clock((Date.now() - (S.botSince || Date.now())) / 1000);
    for (const el of root.querySelectorAll("[data-game-clock]")) {
      const left = timeLeft(Number(el.dataset.gameClock));
      if (left !== null) el.textContent = longClock(left);
    }
    if (ranOut) render();
  }, 1000);

  function seatChangeText(e) {
    const seats = seatsShown();
    const name = seats[e.seat] ? seats[e.seat].name : t("game.seatN", { n: e.seat + 1 });
    const by = seats[e.by] ? seats[e.by].name : t("game.seatN", { n: e.by + 1 });
    const level = e.bot ? t(`level.${e.bot}`) : "";
    return t(e.change === "reclaimed" ? "log.seat.reclaimed" : `log.seat.to_bot.${e.reason}`, { name, by, level });
  }

  async function loadFullLog() {
    try {
      S.fullLog = await getJSON(`/api/games/${encodeURIComponent(gameId)}/log?token=${encodeURIComponent(token)}`);
    } catch (e) {
      S.error = e.detail || String(e);
    }
    render();
  }

  // ---------------------------------------------------------------- replay
  // The replay shows the step it has loaded; a requested step (`want`) shows on the slider until it arrives.
  // `scroll`: bring the replay into view (opened from the end screen or the review, below it)
  async function replayGo(step, scroll = false) {
    const steps = S.replay && S.replay.steps !== undefined ? S.replay.steps : S.p.revision;
    step = Math.max(0, Math.min(steps, step));
    S.replay = { ...(S.replay || {}), want: step };
    if (!S.fullLog) loadFullLog(); // the log beside the replay shows the game up to its step
    render();
    if (scroll) {
      const el = document.getElementById("replay");
      if (el) el.scrollIntoView({ block: "start" });
    }
    try {
      const r = await getJSON(`/api/games/${encodeURIComponent(gameId)}/replay/${step}?token=${encodeURIComponent(token)}`);
      if (S.replay && S.replay.want === step) S.replay = { ...r, want: null };
    } catch (e) {
      S.error = e.detail || String(e);
      if (S.replay && !S.replay.view) S.replay = null;
    }
    render();
  }
  const replayAt = () => (S.replay.want ?? S.replay.step ?? 0);

  // ---------------------------------------------------------------- view helpers
  const mod = () => (S.p && MODULES[S.p.game]) || null;
  /** Seats with names told apart: bots that took over are all called "Bot (level)". */
  /** A seat's name as shown: the server's default names ("Bot (level)", "Player N") in the page's language. */
  function shownName(s) {
    if (s.kind === "bot" && s.name === `Bot (${s.bot})`) return t("name.bot", { level: has(`level.${s.bot}`) ? t(`level.${s.bot}`) : s.bot });
    if (s.name === `Player ${s.seat + 1}`) return t("lobby.playerN", { n: s.seat + 1 });
    return s.name;
  }

  function seatsShown() {
    const seats = S.p.seats.map((s) => ({ ...s, name: shownName(s) }));
    const count = {};
    for (const s of seats) count[s.name] = (count[s.name] || 0) + 1;
    return seats.map((s) => (count[s.name] > 1 ? { ...s, name: `${s.name} #${s.seat + 1}` } : s));
  }
  const seatColour = (i) => ((mod() && mod().SEAT_COLOURS) || gah.SEAT_COLOURS)[i] || "#999";
  const seatName = (i) => (S.p && S.p.seats[i] ? seatsShown()[i].name : t("game.seatN", { n: i + 1 }));

  /** A button that moves the turn along (end the turn, pass) does not take a click in the moment after
   * another click: a double click on "keep the rest" must not also end the turn. */
  const GUARD_MS = 800;
  function guarded(action) {
    const p = S.p;
    const pending = p && p.view && p.view.pending ? p.view.pending[p.view.pending.length - 1] : null;
    const moves = action === "pass" || (action === "done" && pending && pending.decision === "turn");
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
    const g = guarded(action);
    return { disabled: S.busy || g, "data-guarded": g ? "1" : null };
  }

  function logText(text) {
    if (!S.p) return text;
    const seats = seatsShown();
    const m = mod();
    if (m && m.logText) text = m.logText(text, seats);
    return text.replace(/\b[Ss]eat (\d+)\b/g, (m, n) => (seats[+n] ? seats[+n].name : m));
  }

  function ctxFor(view, { readOnly = false } = {}) {
    const p = S.p;
    return {
      view,
      seat: readOnly ? null : p.seat,
      seats: seatsShown(),
      players: p.players,
      current: readOnly ? -2 : p.current_player,
      status: p.status,
      legal: readOnly ? new Map() : new Map(p.legal.map((l) => [l.action, l.text])),
      projected: readOnly ? null : p.projected,
      act,
      ui: S.ui,
      rerender: render,
      data: S.data,
      readOnly,
    };
  }

  /** A <details> that stays open or closed across re-renders. */
  function keep(details, key) {
    S.ui.open = S.ui.open || {};
    if (key in S.ui.open) details.open = S.ui.open[key];
    details.addEventListener("toggle", () => { S.ui.open[key] = details.open; });
    return details;
  }

  // ---------------------------------------------------------------- parts
  /** The player's "your turn" choices: a chime, a browser notification (asks permission once). */
  function noticeControls() {
    const prefs = noticePrefs();
    const save = async (next) => {
      if (next.browser && !(await askPermission())) next.browser = false;
      await setNoticePrefs(next);
      render();
    };
    return keep(h("details.notices.small", { id: "notices" }, h("summary", { title: t("notice.help") }, "🔔 ", t("notice.title")),
      h("label", h("input", { type: "checkbox", id: "notice-sound", checked: prefs.sound,
        onchange: (e) => save({ ...noticePrefs(), sound: e.target.checked }) }), " ", t("notice.sound")), " ",
      h("label", h("input", { type: "checkbox", id: "notice-browser", checked: prefs.browser,
        onchange: (e) => save({ ...noticePrefs(), browser: e.target.checked }) }), " ", t("notice.browser")),
      h("p.muted.small", t("notice.help"))), "notices");
  }

  function statusBar() {
    const p = S.p;
    const m = mod();
    const parts = [];
    const ctx = ctxFor(p.view);
    let prompt = "";
    if (p.status === "open") prompt = t("game.waitingRoom");
    else if (m && S.data) prompt = m.promptText(ctx);
    else prompt = p.prompt;
    const mine = p.legal.length > 0 && !!S.data; // your turn, and the board to act on is drawn
    parts.push(h(`div.prompt${S.ui.promptOpen ? ".expanded" : ""}`, { id: "prompt", "data-testid": "prompt", "data-mine": mine ? "1" : "0",
      title: typeof prompt === "string" ? prompt : "", onclick: () => { S.ui.promptOpen = !S.ui.promptOpen; render(); } },
      mine ? h("span.badge.turn", t("game.yourTurn")) : null, " ", prompt));
    if (m && S.data && mine) {
      const btns = m.promptButtons(ctx);
      if (btns.length) {
        parts.push(h("div.prompt-buttons", { id: "prompt-buttons" }, btns.map((b) => h(`button.action${b.cls ? "." + b.cls : ""}`,
          { type: "button", "data-action": b.action, title: b.title || "", ...guardAttrs(b.action), onclick: () => act(b.action) }, b.label))));
      }
    }
    const tools = [];
    if (p.can_undo) tools.push(h("button.undo", { type: "button", id: "undo", disabled: S.busy, onclick: undo }, "↶ ", t("game.undo")));
    else if (p.undo_why && p.status === "active") {
      // why there is no undo: new information came to light, or another player has moved since
      tools.push(h("span.undo-why.small.muted", { id: "undo-why", title: t(`game.undoWhy.${p.undo_why}`) }, "↶ ", t(`game.undoWhy.${p.undo_why}`)));
    }
    if (mine) {
      tools.push(keep(h("details.all-options", { id: "all-options" }, h("summary", { title: t("game.allOptions", { n: p.legal.length }) },
        h("span.ao-icon", "☰ "), h("span.ao-text", t("game.allOptions", { n: p.legal.length })), h("span.ao-count", String(p.legal.length))),
        h("div.option-list", p.legal.map((l) => h("button.small.option", { type: "button", "data-action": l.action, ...guardAttrs(l.action), onclick: () => act(l.action) },
          h("code", l.action), " ", logText(l.text))))), "all-options"));
    }
    const thinker = p.status === "active" ? p.seats[p.current_player] : null;
    if (thinker && thinker.kind === "bot") {
      // a bot is to move: say so, with the seconds it has been thinking (it may take a few on a busy machine)
      tools.push(h("span.bot-thinking.small", { id: "bot-thinking", "aria-live": "polite" }, "⏳ ",
        t("game.botThinking", { name: thinker.name }), " ", h("span", { "data-thinking": "1" }, clock((Date.now() - (S.botSince || Date.now())) / 1000))));
    }
    if (p.seat !== null && p.status !== "finished") tools.push(noticeControls());
    if (p.rated) tools.push(h("span.table-rated.badge.small", { id: "table-rated", title: t("rating.ratedHelp") }, t("rating.rated")));
    if (p.hints) tools.push(h("span.table-hints.small.muted", { id: "table-hints", title: t("game.hint.tableHelp") }, t("game.hint.table")));
    if (mine && p.can_hint) {
      tools.push(h("button.small.hint", { type: "button", id: "hint", title: t("game.hint.title"),
        disabled: !!(S.hint && S.hint.loading), onclick: askHint }, t("game.hint")));
    }
    if (p.seat !== null && p.status === "active") {
      tools.push(h("button.small.link-like.keys-button", { type: "button", id: "keys-button", title: `${t("game.keys.title")} (?)`,
        "aria-expanded": S.ui.keysOpen ? "true" : "false", onclick: () => { S.ui.keysOpen = !S.ui.keysOpen; render(); } }, "⌨ ?"));
    }
    if (tools.length) parts.push(h("div.tools", tools));
    if (S.ui.keysOpen) parts.push(keysHelp());
    if (mine && S.hint && S.hint.revision === p.revision) parts.push(hintPanel());
    const meSeat = p.seat !== null ? p.seats[p.seat] : null;
    if (meSeat && meSeat.stand_in && p.status !== "finished") {
      parts.push(h("p.stand-in", { id: "stand-in", role: "status" }, t("game.botPlaysForYou", { level: t(`level.${meSeat.bot}`) }), " ",
        h("button.primary", { type: "button", id: "reclaim", disabled: S.busy, onclick: reclaim }, t("game.reclaim"))));
    }
    if (S.error) parts.push(h("p.error", { role: "alert", id: "error" }, S.error, " ", h("button.small.link-like", { type: "button", onclick: () => { S.error = ""; render(); } }, "✕")));
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
    const m = mod();
    const btns = m && m.promptButtons ? m.promptButtons(ctx) : [];
    const done = btns.find((b) => b.cls === "done");
    return done ? done.action : btns.length === 1 ? btns[0].action : null;
  }

  /** What key n (1-6) does now: take the die of space n, or (space 6's choice open) copy action n. */
  function dieKey(n) {
    const legal = new Set(S.p.legal.map((l) => l.action));
    const pickOf = (plain) => (S.ui.boost && legal.has(`${plain}+`) ? `${plain}+` : legal.has(plain) ? plain
      : legal.has(`${plain}+`) ? `${plain}+` : null);
    if (S.ui.copyOpen && n <= 5) {
      const a = pickOf(`d6=${n}`);
      return a ? () => { S.ui.copyOpen = false; act(a); } : null;
    }
    if (n <= 5) {
      const a = pickOf(`d${n}`);
      return a ? () => act(a) : null;
    }
    if (![...legal].some((a) => a.startsWith("d6="))) return null;
    return () => { S.ui.copyOpen = true; render(); };
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
    if (had) render();
    return had;
  }

  function onKey(ev) {
    const p = S.p;
    if (!p || S.fatal || ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented || typing(document.activeElement)) return;
    const key = ev.key;
    if (key === "?") { ev.preventDefault(); S.ui.keysOpen = !S.ui.keysOpen; render(); return; }
    if (key === "Escape") { if (cancelSelection()) ev.preventDefault(); return; }
    if (S.replay || p.status !== "active" || ev.repeat) return;
    const mine = p.legal.length > 0 && !!S.data;
    const lower = key.length === 1 ? key.toLowerCase() : key;
    if (lower === "u") {
      if (p.can_undo && !S.busy) { ev.preventDefault(); undo(); }
      return;
    }
    if (lower === "h") {
      if (mine && p.can_hint && !(S.hint && S.hint.loading)) { ev.preventDefault(); askHint(); }
      return;
    }
    if (!mine) return;
    if (key === "Enter" || key === " ") {
      // a focused button, link, checkbox or thing on the board takes the key itself
      const f = document.activeElement;
      if (f && f !== document.body && f.closest("button, a, summary, label, input, [role=button], [tabindex]")) return;
      const a = confirmAction(ctxFor(p.view));
      if (!a) return;
      ev.preventDefault();
      if (!guarded(a)) act(a); // as the button: not in the moment after another move (a double press)
      return;
    }
    if (/^[1-6]$/.test(key)) {
      const go = dieKey(Number(key));
      if (go) { ev.preventDefault(); go(); }
    }
  }
  document.addEventListener("keydown", onKey);

  // ---------------------------------------------------------------- coach
  async function askHint() {
    const revision = S.p.revision;
    if (S.hint && S.hint.revision === revision && !S.hint.loading) { S.hint = null; render(); return; } // shown: hide it
    S.hint = { revision, loading: true };
    render();
    try {
      const r = await getJSON(`/api/games/${encodeURIComponent(gameId)}/hint?token=${encodeURIComponent(token)}`);
      if (S.hint && S.hint.revision === r.revision) S.hint = { revision: r.revision, moves: r.moves };
    } catch (e) {
      S.hint = null;
      S.error = e.detail || String(e);
    }
    render();
  }

  /** The coach's three best moves: each with the player's estimated final VP after it, and why. */
  function hintPanel() {
    const hi = S.hint;
    if (hi.loading) return h("div.hint-panel", { id: "hint-panel", "data-loading": "1" }, h("span.muted", t("game.hint.thinking")));
    return h("div.hint-panel", { id: "hint-panel", "data-loading": "0" },
      h("ol.hint-moves", hi.moves.map((m) => h("li", { "data-hint": m.action },
        h("button.small.link-like", { type: "button", "data-hint-action": m.action, title: t("game.hint.play"),
          onclick: () => act(m.action) }, logText(m.text)),
        " ", h("span.worth", t("game.hint.worth", { worth: Math.round(m.worth) })),
        m.behind > 0.05 ? h("span.muted.small", " ", t("game.hint.behind", { d: m.behind.toFixed(1) })) : null,
        m.reasons ? h("div.small.muted.hint-why", { "data-why": m.why.map((w) => w.term).join(" ") }, m.reasons) : null))),
      h("p.muted.small", t("game.hint.note")));
  }

  async function openReview() {
    S.review = { loading: true };
    render();
    try {
      const r = await getJSON(`/api/games/${encodeURIComponent(gameId)}/review?token=${encodeURIComponent(token)}`);
      S.review = { mistakes: r.mistakes };
    } catch (e) {
      S.review = null;
      S.error = e.detail || String(e);
    }
    render();
  }

  /** After the game: the decisions that cost the player most by the coach's judgement, each a jump into the replay. */
  function reviewPanel() {
    const rv = S.review;
    if (!rv) return null;
    if (rv.loading) return h("div.review", { id: "review", "data-loading": "1" }, h("p.muted", t("game.review.thinking")));
    return h("div.review", { id: "review", "data-loading": "0" },
      h("h3", t("game.review.head")),
      rv.mistakes.length ? h("ol.review-list", rv.mistakes.map((m) => h("li", { "data-review-step": m.step },
        t("game.review.line", { round: m.round ?? "?", played: logText(m.played.text), pv: Math.round(m.played.worth),
          best: logText(m.best.text), bv: Math.round(m.best.worth), loss: m.loss.toFixed(1) }), " ",
        h("button.small", { type: "button", "data-review-show": m.step, onclick: () => replayGo(m.step, true) }, t("game.review.show")),
        m.reasons ? h("div.small.muted.review-why", m.reasons) : null)))
        : h("p.muted", t("game.review.none")));
  }

  function waitingRoom() {
    const p = S.p;
    const me = p.seat;
    const rows = p.seats.map((s) => h("li", { "data-seat": s.seat },
      seatDisc(s.seat, seatColour(s.seat)), " ",
      h("b", s.name), " ",
      s.kind === "bot" ? h("span.muted", t("lobby.botSeat", { level: s.bot })) : s.joined ? h("span.ok", "✓ " + t("game.joined")) : h("span.muted", t("game.notJoined")),
      me !== null && s.kind === "human" && !s.joined && s.seat !== me
        ? h("button.small", { type: "button", "data-bot-seat": s.seat, onclick: () => toBot(s.seat, S.botLevel) }, t("game.makeBot")) : null));
    const meSeat = me !== null ? p.seats[me] : null;
    const allJoined = p.seats.every((s) => s.joined);
    return h("section.panel.waiting", { id: "waiting-room" },
      h("h2", t("game.waitingTitle")),
      h("ul.seat-list", rows),
      meSeat && !meSeat.joined
        ? h("form.join", { id: "join-form", onsubmit: (e) => { e.preventDefault(); join(); } },
          h("label", { for: "join-name" }, t("game.yourName")),
          h("input", { id: "join-name", type: "text", maxlength: 60, value: S.joinName || meSeat.name, oninput: (e) => { S.joinName = e.target.value; } }),
          h("button.primary", { type: "submit", id: "join-button", disabled: S.busy }, t("game.join")))
        : null,
      meSeat && meSeat.joined
        ? h("button.primary", { type: "button", id: "start-button", disabled: !allJoined || S.busy, onclick: start }, t("game.start"))
        : null,
      meSeat && meSeat.joined && !allJoined ? h("p.muted", t("game.waitOthers")) : null,
      me === null ? h("p.muted", t("game.spectatorWait")) : null);
  }

  function playersPanel() {
    const p = S.p;
    const m = mod();
    // while replaying: the score at the replay's step (the projection is the end's: not shown)
    const replayed = S.replay && S.replay.view ? S.replay : null;
    const scores = replayed ? replayed.scores : p.scores;
    const rows = seatsShown().map((s) => {
      const cur = p.current_player === s.seat && p.status === "active";
      return h(`tr${cur ? ".current" : ""}${p.seat === s.seat ? ".me" : ""}`, { "data-seat": s.seat },
        h("td", seatDisc(s.seat, seatColour(s.seat))),
        h("td.name", s.name, s.kind === "bot" && !p.seats[s.seat].name.startsWith("Bot") ? h("span.muted.small", ` · ${t("game.botLabel", { level: has(`level.${s.bot}`) ? t(`level.${s.bot}`) : s.bot })}`) : null,
          cur ? h("span.badge.turn.small", t("game.toAct")) : null, awayNote(s)),
        p.clock ? h(`td.num.game-clock${p.clock.running === s.seat ? ".running" : ""}`, { "data-game-clock": s.seat },
          longClock(timeLeft(s.seat))) : null,
        h("td.num", { "data-score": s.seat }, String(scores[s.seat] ?? "")),
        h("td.num.muted", { "data-projected": s.seat, title: t("game.projectedHint") },
          String(!replayed && p.projected && (!m || !m.gameStarted || m.gameStarted(p.view)) ? p.projected[s.seat] ?? "" : "—")));
    });
    const botControls = p.seat !== null && p.status === "active"
      ? keep(h("details.bot-controls", { id: "bot-controls" }, h("summary", t("game.seatsToBots")),
        h("p.small.muted", t("game.botHelp")),
        h("label.small", t("lobby.level"), " ",
          h("select", { id: "bot-level", onchange: (e) => { S.botLevel = e.target.value; } },
            levels().map((l) => h("option", { value: l, selected: S.botLevel === l }, t(`level.${l}`))))),
        h("div.bot-buttons", p.seats.filter((s) => s.kind === "human" && (s.seat === p.seat || awayLeft(s) === 0)).map((s) =>
          h("button.small", { type: "button", "data-bot-seat": s.seat, disabled: S.busy, onclick: () => toBot(s.seat, S.botLevel) },
            s.seat === p.seat ? t("game.botForMe") : t("game.botFor", { name: s.name }))))), "bot-controls")
      : null;
    const me = p.seat !== null ? p.seats[p.seat] : null;
    const setting = me && p.status !== "finished"
      ? h("label.small.setting", { title: t("game.autoSingleHelp") },
        h("input", { type: "checkbox", id: "auto-single", checked: !!p.auto_single, disabled: S.busy,
          onchange: (e) => call(`/api/games/${encodeURIComponent(gameId)}/seats/${p.seat}/settings`, { token, auto_single: e.target.checked }, { force: true }) }),
        " ", t("game.autoSingle"))
      : null;
    // this browser's choice, for every table: letters beside the colours (the seats' numbers are always shown)
    const marks = h("label.small.setting", { title: t("game.cbMarksHelp") },
      h("input", { type: "checkbox", id: "cb-marks", checked: cbMarks(),
        onchange: (e) => { try { localStorage.setItem(CB_KEY, e.target.checked ? "on" : "off"); } catch { /* private mode */ } render(); } }),
      " ", t("game.cbMarks"));
    return h("section.panel.players", { id: "players" },
      h("table.score-table",
        h("thead", h("tr", h("th"), h("th", t("game.player")), p.clock ? h("th.num", { title: t("game.clockTitle") }, "⏱") : null,
          h("th.num", t("game.vpShort")), h("th.num", { title: t("game.projectedHint") }, t("game.projected")))),
        h("tbody", rows)),
      setting,
      marks,
      botControls);
  }

  /** Away from the table: the countdown to when the others may hand the seat to a bot. */
  function awayNote(s) {
    const left = S.p.status === "active" && !s.present ? awayLeft(s) : null;
    if (left === null) return null;
    return left > 0
      ? h("span.away.small", { "data-away": s.seat }, " · ", t("game.awayCountdown"), " ", h("span.countdown", { "data-countdown": s.seat }, clock(left)))
      : h("span.away.small", { "data-away": s.seat }, " · ", t("game.awayLong"));
  }

  /** The log's entries that pass the round and seat filters (a round's scoring stays under its round end). */
  function filtered(entries) {
    const f = S.logFilter;
    return entries.filter((e) => (f.round === "" || e.kind === "seat" || String(e.round) === f.round)
      && (f.seat === "" || String(e.seat) === f.seat || (e.kind === "round_end" || e.kind === "game_end")));
  }

  function logFilters(entries) {
    const rounds = [...new Set(entries.filter((e) => e.round).map((e) => e.round))];
    const set = (k) => (ev) => { S.logFilter[k] = ev.target.value; if (!S.fullLog) loadFullLog(); else render(); };
    return h("div.log-filters",
      h("label.small", t("game.logRound"), " ", h("select", { id: "log-round", onchange: set("round") },
        h("option", { value: "", selected: S.logFilter.round === "" }, t("game.logAll")),
        rounds.map((r) => h("option", { value: String(r), selected: S.logFilter.round === String(r) }, String(r))))),
      " ",
      h("label.small", t("game.logSeat"), " ", h("select", { id: "log-seat", onchange: set("seat") },
        h("option", { value: "", selected: S.logFilter.seat === "" }, t("game.logAll")),
        seatsShown().map((s) => h("option", { value: String(s.seat), selected: S.logFilter.seat === String(s.seat) }, s.name)))));
  }

  function logPanel() {
    const p = S.p;
    let entries = S.fullLog || p.log;
    if (S.replay) {
      // the moment the replay is at: the entries of its first `at` actions (a seat change after them)
      const at = replayAt();
      entries = entries.filter((e) => (e.kind === "seat" ? e.idx <= at : e.idx < at));
    }
    let scoring = false; // entries after a round's end and before its next roll: the round's scoring
    const rows = entries.map((e) => {
      if (e.kind === "round_end") scoring = true;
      else if (e.kind === "roll" || e.kind === "action") scoring = false;
      return { e, scoring: scoring && e.kind !== "round_end" };
    });
    const shown = new Set(filtered(entries));
    const list = rows.filter((r) => shown.has(r.e)).reverse().map(({ e, scoring: sc }) => e.kind === "seat"
      ? h("li.seat-change", { "data-seat-change": e.change, "data-reason": e.reason },
        h("span.log-idx", "·"), seatDisc(e.seat, seatColour(e.seat), { cls: ".small" }), " ", seatChangeText(e))
      : e.kind === "round_end" || e.kind === "game_end"
      ? h(`li.log-head.${e.kind}`, { "data-idx": e.idx, "data-kind": e.kind }, e.text)
      : h(`li${e.seat < 0 ? ".chance" : ""}${sc ? ".scoring" : ""}`, { "data-idx": e.idx, "data-kind": e.kind || "", "data-seat": e.seat, "data-vp": e.vp || 0 },
      h("span.log-idx", String(e.idx + 1)),
      e.seat >= 0 ? seatDisc(e.seat, seatColour(e.seat), { cls: ".small" }) : h("span.log-chance", { title: t("game.chance") }),
      " ", logText(e.text), e.auto ? h("span.muted.small.auto", { title: t("game.auto") }, ` (${t("game.auto")})`) : null));
    return h("section.panel.log", { id: "log" },
      h("div.panel-head", h("h3", t("game.log")),
        !S.fullLog && p.log_total > p.log.length
          ? h("button.small", { type: "button", id: "full-log", onclick: loadFullLog }, t("game.fullLog", { n: p.log_total }))
          : null),
      logFilters(entries),
      list.length ? h("ol.log-list", { reversed: true }, list) : h("p.muted.small", t("game.noLog")));
  }

  /** One click to play again: the same people, a new deal, everyone one seat on (made once, whoever asks first). */
  async function goRematch() {
    S.busy = true;
    render();
    try {
      const path = `/api/games/${encodeURIComponent(gameId)}/rematch`;
      const out = S.p.rematch || S.p.seat === null
        ? await getJSON(`${path}?token=${encodeURIComponent(token)}`)
        : await postJSON(path, { token });
      rememberToken(out.game_id, out.token, out.seat);
      location.assign(`/game/${out.game_id}?token=${encodeURIComponent(out.token)}`);
    } catch (e) {
      S.busy = false;
      flash(e.detail || String(e));
      render();
    }
  }

  function rematchLine() {
    const p = S.p;
    if (p.rematch) {
      return h("p.rematch", h("button.primary", { type: "button", id: "rematch-ready", disabled: S.busy, onclick: goRematch },
        t("game.rematchReady")));
    }
    if (p.seat === null) return null;
    return h("p.rematch", h("button", { type: "button", id: "rematch", disabled: S.busy, onclick: goRematch,
      title: t("game.rematchHelp") }, t("game.rematch")), " ", h("span.muted.small", t("game.rematchHelp")));
  }

  function endPanel() {
    const p = S.p;
    const r = p.result;
    if (p.status !== "finished" || !r) return null;
    const m = mod();
    const sources = [];
    for (const b of r.breakdown || []) for (const k of Object.keys(b)) if (!sources.includes(k)) sources.push(k);
    const label = (k) => (m && m.sourceLabel ? m.sourceLabel(k) : k);
    const winners = (r.winners || []).map(seatName).join(", ");
    return h("section.panel.end", { id: "end-screen" },
      h("h2", t("game.over")),
      h("p.winners", { id: "winners" }, (r.winners || []).length > 1 ? t("game.winnersTie", { names: winners }) : t("game.winner", { names: winners })),
      r.forfeit !== undefined && r.forfeit !== null ? h("p.forfeit-result", { id: "forfeit-result" },
        t("game.forfeitResult", { name: seatName(r.forfeit) })) : null,
      (r.stand_ins || []).map((x) => h("p.muted.stand-in-result", { "data-stand-in": x.seat },
        t("game.standInResult", { name: seatName(x.seat), reasons: x.reasons.map((why) => t(`reason.${why}`)).join(", ") }))),
      h("div.table-wrap", h("table.breakdown", { id: "breakdown" },
        h("thead", h("tr", h("th", t("game.source")), seatsShown().map((s) => h("th.num", seatDisc(s.seat, seatColour(s.seat)), " ", s.name)))),
        h("tbody",
          sources.map((k) => h(`tr${S.openSource === k ? ".open" : ""}`, { "data-source": k },
            h("td", h("button.link-like.small", { type: "button", "data-open-source": k, title: t("game.sourceEvents"),
              onclick: () => { S.openSource = S.openSource === k ? null : k; if (!S.fullLog) loadFullLog(); else render(); } },
            S.openSource === k ? "▾ " : "▸ ", label(k))),
            p.seats.map((s, i) => h("td.num", String((r.breakdown[i] || {})[k] ?? 0))))),
          h("tr.total", h("td", t("game.total")), p.seats.map((s, i) => h("td.num", { "data-final": i }, String(r.scores[i]))))))),
      S.openSource ? sourceEvents(S.openSource) : null,
      rematchLine(),
      h("p.end-buttons",
        h("button.primary", { type: "button", id: "open-replay", onclick: () => replayGo(0, true) }, t("replay.open")), " ",
        p.seat !== null ? h("button", { type: "button", id: "open-review", disabled: !!(S.review && S.review.loading),
          onclick: openReview }, t("game.review")) : null, " ",
        h("a.button", { id: "download-record", download: `game-${gameId}.json`,
          href: `/api/games/${encodeURIComponent(gameId)}/record?token=${encodeURIComponent(token)}` }, t("game.downloadRecord"))),
      reviewPanel());
  }

  /** The log's events behind one line of the score breakdown, per player. */
  function sourceEvents(k) {
    if (!S.fullLog) return h("p.muted", { id: "source-events" }, t("ui.loading"));
    const evs = S.fullLog.filter((e) => e.sources && e.sources[k]);
    return h("div.source-events", { id: "source-events", "data-source": k },
      seatsShown().map((s) => {
        const mine = evs.filter((e) => e.seat === s.seat);
        const sum = mine.reduce((a, e) => a + e.sources[k], 0);
        return h("div.source-seat", { "data-seat": s.seat },
          h("h4", seatDisc(s.seat, seatColour(s.seat), { cls: ".small" }), " ", s.name, " · ", String(sum)),
          mine.length ? h("ol.log-list", mine.map((e) => h("li", { "data-idx": e.idx },
            h("span.log-idx", t("game.roundShort", { n: e.round })), " ", e.text, " ", h("b", `${e.sources[k] > 0 ? "+" : ""}${e.sources[k]}`))))
            : h("p.muted.small", "—"));
      }));
  }

  function replayPanel() {
    const r = S.replay;
    const steps = r.steps ?? S.p.revision;
    const at = replayAt();
    const m = mod();
    const board = r.view && m && S.data ? m.renderBoard(ctxFor(r.view, { readOnly: true })) : h("p", t("ui.loading"));
    return h("section.panel.replay", { id: "replay", "data-step": r.view ? r.step : "", "data-loading": r.want !== null && r.want !== undefined ? "1" : "0" },
      h("div.panel-head", h("h2", t("replay.title")),
        h("button.small", { type: "button", id: "close-replay", onclick: () => { S.replay = null; render(); } }, t("replay.close"))),
      h("div.replay-controls",
        h("button", { type: "button", id: "replay-first", title: t("replay.first"), onclick: () => replayGo(0) }, "|◀"),
        h("button", { type: "button", id: "replay-prev", title: t("replay.prev"), onclick: () => replayGo(at - 1) }, "◀"),
        h("input", { type: "range", id: "replay-slider", min: 0, max: steps, value: at, "aria-label": t("replay.slider"),
          onchange: (e) => replayGo(Number(e.target.value)) }),
        h("button", { type: "button", id: "replay-next", title: t("replay.next"), onclick: () => replayGo(at + 1) }, "▶"),
        h("button", { type: "button", id: "replay-last", title: t("replay.last"), onclick: () => replayGo(steps) }, "▶|")),
      r.view ? h("p.replay-step", { id: "replay-step" }, t("replay.step", { step: r.step, steps }), " · ",
        h("span.replay-text", r.text === "setup" ? t("replay.setup") : logText(r.text || "")),
        r.scores ? h("span.muted", ` · ${t("game.vpShort")}: ${r.scores.join(" : ")}`) : null) : h("p.muted", t("ui.loading")),
      h("div.replay-board", board));
  }

  function connBadge() {
    const el = document.getElementById("conn");
    if (!el) return;
    el.hidden = false;
    el.className = `conn conn-${S.conn}`;
    el.textContent = t(`conn.${S.conn}`);
    el.title = t(`conn.${S.conn}`);
  }

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
    const legal = new Set(p.legal.map((l) => l.action));
    const ui = S.ui;
    let only = null;
    if (ui.selectedTable !== null && ui.selectedTable !== undefined) only = (a) => a.startsWith(`m${ui.selectedTable}r`) || a.startsWith(`m${ui.selectedTable}b`);
    else if (ui.copyOpen || ui.keyOpen) only = (a, el) => !!el.closest(".copy-menu");
    else if (ui.entrancePick) only = (a, el) => !!el.closest("#auction");
    return [...root.querySelectorAll(".main-col .legal, .main-col [data-action]")].filter((el) => {
      const a = el.dataset.action || "";
      return !el.disabled && (el.classList.contains("legal") || legal.has(a)) && a !== "done" && a !== "pass"
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

  // ---------------------------------------------------------------- render
  function render() {
    S.renders = (S.renders || 0) + 1;
    S.drawnBusy = S.busy;
    const topTitle = document.getElementById("topbar-title");
    if (S.fatal) {
      topTitle.textContent = "";
      clear(root).append(h("section.panel.fatal", h("h2", t("game.cannotOpen")), h("p.error", S.fatal), h("a.button", { href: "/" }, t("game.toLobby"))));
      return;
    }
    // a running game is drawn once its board data is here: never a page that shows the game but not
    // yet whose turn it is
    if (!S.p || (S.p.status !== "open" && mod() && !S.data)) { clear(root).append(h("p.loading", t("ui.loading"))); return; }
    const p = S.p;
    const m = mod();
    // the round first; on a phone only the round (the game's name is what would be cut)
    const shownView = S.replay && S.replay.view ? S.replay.view : p.view; // the replay's moment while replaying
    clear(topTitle).append(
      shownView && shownView.round ? h("span.title-round", t("game.round", { n: shownView.round, of: S.data ? S.data.rounds || 7 : 7 })) : "",
      h("span.title-name", `${shownView && shownView.round ? " · " : ""}${p.title}`));
    document.title = `${p.legal.length ? "● " : ""}${p.title} · tabletop`;
    connBadge();
    let main;
    if (S.replay) main = replayPanel();
    else if (p.status === "open") main = waitingRoom();
    else if (!m) main = h("pre", JSON.stringify(p.view, null, 1));
    else if (!S.data) main = h("p.loading", t("ui.loading"));
    else main = m.renderBoard(ctxFor(p.view));
    const scrollY = window.scrollY;
    const focused = document.activeElement && document.activeElement.id ? document.activeElement : null;
    const selection = focused && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;
    clear(root).append(h(`div.game.game-${p.game}${cbMarks() ? ".cb-marks" : ""}`, { "data-revision": p.revision, "data-status": p.status, "data-seat": p.seat ?? "" },
      statusBar(),
      S.replay ? null : endPanel(),
      h("div.layout", h("div.main-col", main), h("aside.side-col", playersPanel(),
        chat.panel(p.seat, p.seats.map((s) => s.name), S.replay ? replayAt() : null), logPanel())),
      // while replaying, the result (and the review's other moments) below the replay
      S.replay ? endPanel() : null));
    fitNames(root);
    window.scrollTo(0, scrollY);
    showTargets(p);
    if (focused && !root.contains(focused)) {
      const again = document.getElementById(focused.id);
      if (again) {
        again.focus({ preventScroll: true });
        if (selection && again.setSelectionRange) try { again.setSelectionRange(...selection); } catch { /* not a text field */ }
      }
    }
  }

  // ---------------------------------------------------------------- start
  // card names fitted again when the window changes size, and when a closed panel (an opponent) opens
  let resizeTimer = null;
  window.addEventListener("resize", () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => fitNames(root, { again: true }), 120); });
  root.addEventListener("toggle", (ev) => { if (ev.target.open) fitNames(ev.target); }, true);
  render();
  refresh();
  loadMeta();
  chat.load();
  loadAccountPrefs();
  onLangChange(() => { // the server writes the log in the page's language: fetch it again
    S.fullLog = null;
    refresh();
    if (live) live.drop(); // reconnects by itself, now asking for the new language
  });
  live = liveUpdates(gameId, token, {
    onState: (msg) => {
      S.pushes = (S.pushes || 0) + 1;
      if (!S.remembered) { rememberToken(gameId, token, msg.seat); S.remembered = true; }
      const whole = withLog(S.p, msg);
      if (!whole) { catchUp(); return; } // a push for a moment this page has not seen: ask for all
      S.behind = false;
      accept(whole, true); // pushes arrive in order: the newest always wins (an undo goes back)
    },
    onSeats: (msg) => {
      if (!S.p || msg.revision !== S.p.revision) return;
      S.p = { ...S.p, seats: msg.seats };
      S.recvAt = Date.now();
      render();
    },
    onChat: (msg) => chat.heard(msg.lines),
    onStatus: (s) => { S.conn = s; connBadge(); },
    onReconnect: () => { refresh(); chat.load(); },
    onFatal: (msg) => { S.fatal = msg.detail; render(); },
  });
  // hooks for the browser tests and for debugging in the console
  window.tabletop = Object.assign(window.tabletop || {}, {
    state: () => S.p,
    act,
    dropConnection: () => live.drop(),
    debug: () => ({ busy: S.busy, renders: S.renders, drawnBusy: S.drawnBusy, behind: !!S.behind,
      catchingUp: !!S.catchingUp, pushes: S.pushes || 0, queued: S.queued, error: S.error || "",
      notice: S.notice || "", conn: S.conn, revision: S.p ? S.p.revision : null, turnNotices: noticesSent() }),
    connection: () => S.conn,
    fitNames: () => fitNames(root, { again: true }),
  });
  return { render };
}
