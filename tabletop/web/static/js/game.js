// The game page: live state, acting, undo, seats, log, end screen and replay viewer.
// The board itself is drawn by the game's module (gah.js, burger.js).
//
// showGame puts the page together from its parts, each a file with one job, all sharing the
// page object `pg` (its state S, the parts' functions, render()):
//   game_sync.js    the state from the server: fetching, the WebSocket's pushes, acting, undo
//   game_header.js  the top bar's title and connection badge, the countdowns and clocks
//   game_seats.js   seat names and colours, the players' table, the waiting room
//   game_prompt.js  the prompt, its buttons and tools, the keyboard, what to tap on a phone
//   game_coach.js   the hint and the review
//   game_log.js     the log
//   game_end.js     the end screen, the rematch and the replay viewer

import { chatBox } from "./chat.js";
import { loadAccountPrefs, noticesSent } from "./notice.js";
import { clear, fitNames, h } from "./dom.js";
import { t } from "./i18n.js";
import { tokenFor } from "./tokens.js";
import * as gah from "./gah.js";
import * as burger from "./burger.js";
import { syncPart } from "./game_sync.js";
import { headerPart } from "./game_header.js";
import { cbMarks, seatsPart } from "./game_seats.js";
import { promptPart } from "./game_prompt.js";
import { coachPart } from "./game_coach.js";
import { logPart } from "./game_log.js";
import { endPart } from "./game_end.js";

const MODULES = { "grand-austria-hotel": gah, "burger-joint": burger };

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
  const chat = token ? chatBox(gameId, token, () => { if (S.p) render(); }) : null;
  // the page: what its parts share (`live`: the WebSocket, once connected)
  const pg = { S, root, gameId, token, chat, live: null, mod, ctxFor, keep, render };

  if (!token) {
    S.fatal = t("game.noToken");
    render();
    return { render };
  }

  for (const part of [syncPart, headerPart, seatsPart, promptPart, coachPart, logPart, endPart]) Object.assign(pg, part(pg));

  // ---------------------------------------------------------------- view helpers
  function mod() { return (S.p && MODULES[S.p.game]) || null; }

  /** What a game's board draws from: the view, the seats, and the legal actions (each one's words,
   * and its facts: what the board places it by; its string is only the id sent back). */
  function ctxFor(view, { readOnly = false } = {}) {
    const p = S.p;
    return {
      view,
      seat: readOnly ? null : p.seat,
      seats: pg.seatsShown(),
      players: p.players,
      current: readOnly ? -2 : p.current_player,
      status: p.status,
      legal: readOnly ? new Map() : new Map(p.legal.map((l) => [l.action, l.text])),
      facts: readOnly ? new Map() : new Map(p.legal.map((l) => [l.action, l.facts || {}])),
      projected: readOnly ? null : p.projected,
      act: pg.act,
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
    const shownView = S.replay && S.replay.view ? S.replay.view : p.view; // the replay's moment while replaying
    pg.showTitle(topTitle, shownView);
    pg.connBadge();
    let main;
    if (S.replay) main = pg.replayPanel();
    else if (p.status === "open") main = pg.waitingRoom();
    else if (!m) main = h("pre", JSON.stringify(p.view, null, 1));
    else if (!S.data) main = h("p.loading", t("ui.loading"));
    else main = m.renderBoard(ctxFor(p.view));
    const scrollY = window.scrollY;
    const focused = document.activeElement && document.activeElement.id ? document.activeElement : null;
    const selection = focused && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;
    clear(root).append(h(`div.game.game-${p.game}${cbMarks() ? ".cb-marks" : ""}`, { "data-revision": p.revision, "data-status": p.status, "data-seat": p.seat ?? "" },
      pg.statusBar(),
      S.replay ? null : pg.endPanel(),
      h("div.layout", h("div.main-col", main), h("aside.side-col", pg.playersPanel(),
        chat.panel(p.seat, p.seats.map((s) => s.name), S.replay ? pg.replayAt() : null), pg.logPanel())),
      // while replaying, the result (and the review's other moments) below the replay
      S.replay ? pg.endPanel() : null));
    fitNames(root);
    window.scrollTo(0, scrollY);
    pg.showTargets(p);
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
  pg.refresh();
  pg.loadMeta();
  chat.load();
  loadAccountPrefs();
  pg.connect();
  // hooks for the browser tests and for debugging in the console
  window.tabletop = Object.assign(window.tabletop || {}, {
    state: () => S.p,
    act: pg.act,
    dropConnection: () => pg.live.drop(),
    debug: () => ({ busy: S.busy, renders: S.renders, drawnBusy: S.drawnBusy, behind: !!S.behind,
      catchingUp: !!S.catchingUp, pushes: S.pushes || 0, queued: S.queued, error: S.error || "",
      notice: S.notice || "", conn: S.conn, revision: S.p ? S.p.revision : null, turnNotices: noticesSent() }),
    connection: () => S.conn,
    fitNames: () => fitNames(root, { again: true }),
  });
  return { render };
}
