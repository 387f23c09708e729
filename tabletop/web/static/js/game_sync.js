// The game page's state from the server: fetching it, the WebSocket's pushes (merged with the
// log the page holds), acting, undo, joining and seats' requests. Part of showGame (game.js);
// `pg` is the page: its state S, its parts' functions and render().

import { ApiError, getJSON, liveUpdates, postJSON } from "./api.js";
import { yourTurn } from "./notice.js";
import { onLangChange, t } from "./i18n.js";
import { rememberToken } from "./tokens.js";

export function syncPart(pg) {
  const { S, gameId, token, chat } = pg;

  let noticeTimer = null;

  async function loadMeta() {
    try {
      S.meta = await getJSON("/api/meta");
    } catch { return; } // the levels every game has
    if (S.p) pg.render();
  }

  function accept(payload, force) {
    const cur = S.p;
    const stale = !force && cur && payload.revision < cur.revision; // an older answer overtaken by a push
    const same = !stale && cur && !S.error && sameMoment(cur, payload); // the push and the answer of one move
    if (stale || same) {
      if (same) S.p = payload;
      // drawn while waiting: the buttons come back; a finished game's rematch made: its button shows
      if (S.drawnBusy !== S.busy || (same && cur.rematch !== payload.rematch)) pg.render();
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
    pg.render();
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
    pg.render();
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
      if (e instanceof ApiError && (e.status === 403 || e.status === 404)) { S.fatal = e.detail; pg.live && pg.live.stop(); }
      else S.error = e.detail || String(e);
      pg.render();
      return null;
    }
  }

  function flash(msg) {
    S.notice = msg;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { S.notice = ""; pg.render(); }, 4000);
  }

  async function call(path, body, { force = false } = {}) {
    if (S.busy) return null;
    S.busy = true;
    S.error = "";
    pg.render();
    try {
      const p = await postJSON(path, body);
      S.busy = false;
      // the answer to a move carries only its own log entries (as a push does)
      let got = withLog(S.p, p);
      if (!got && S.p && p.revision < S.p.revision && !force) got = p; // overtaken by a push: accept() passes it over
      if (got) accept(got, force);
      else { pg.render(); catchUp(); }
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
        pg.render();
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

  // ---------------------------------------------------------------- live updates
  /** The WebSocket's pushes; after a language switch the state again (the log is in the page's language). */
  function connect() {
    onLangChange(() => { // the server writes the log in the page's language: fetch it again
      S.fullLog = null;
      refresh();
      if (pg.live) pg.live.drop(); // reconnects by itself, now asking for the new language
    });
    pg.live = liveUpdates(gameId, token, {
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
        pg.render();
      },
      onChat: (msg) => chat.heard(msg.lines),
      onStatus: (s) => { S.conn = s; pg.connBadge(); },
      onReconnect: () => { refresh(); chat.load(); },
      onFatal: (msg) => { S.fatal = msg.detail; pg.render(); },
    });
  }

  return { loadMeta, accept, withLog, catchUp, sameMoment, loadData, refresh, flash, call, act, sendQueued, undo, join, start, toBot, reclaim, connect };
}
