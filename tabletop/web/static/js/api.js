// HTTP calls and the live-update WebSocket (reconnects with backoff).
// Every call names the page's language (?lang=): the server writes the log and the
// action texts in it.

import { getLang } from "./i18n.js";

const withLang = (path) => `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(getLang())}`;

export class ApiError extends Error {
  /** `code`: the server's stable name of the refusal (e.g. "account.name_taken"), for the page's own words. */
  constructor(status, detail, code = null) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.code = code;
  }
}

export async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  let r;
  try {
    r = await fetch(withLang(path), opts);
  } catch (e) {
    throw new ApiError(0, String(e && e.message || e));
  }
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!r.ok) {
    let detail = data && data.detail !== undefined ? data.detail : text;
    if (Array.isArray(detail)) detail = detail.map((d) => `${(d.loc || []).join(".")}: ${d.msg}`).join("; ");
    throw new ApiError(r.status, String(detail), (data && typeof data.code === "string") ? data.code : null);
  }
  return data;
}

export const getJSON = (path) => api("GET", path);
export const postJSON = (path, body) => api("POST", path, body);
export const putJSON = (path, body) => api("PUT", path, body);
export const deleteJSON = (path) => api("DELETE", path);

// the bot levels when the server's meta lists none for a game
const FALLBACK_LEVELS = ["easy", "medium", "hard", "expert"];

/** The bot levels `game` offers, from GET /api/meta (the master only where the game has its judgement). */
export function botLevels(meta, game) {
  const g = meta && meta.games.find((x) => x.name === game);
  return (g && g.levels) || FALLBACK_LEVELS;
}

/**
 * Keep a WebSocket to the game open. onState(payload) gets every pushed state,
 * onSeats({revision, seats}) every change of who is connected; onChat({lines}) the table's new chat lines;
 * onStatus("connecting"|"live"|"reconnecting"|"closed", detail) reports the connection;
 * onReconnect() runs after a connection came back (the caller re-fetches the state).
 */
export function liveUpdates(gameId, token, { onState, onSeats, onChat, onStatus, onReconnect, onFatal }) {
  let ws = null;
  let attempt = 0;
  let timer = null;
  let pinger = null;
  let stopped = false;
  let everOpen = false;

  const url = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return withLang(`${proto}//${location.host}/api/games/${encodeURIComponent(gameId)}/ws?token=${encodeURIComponent(token)}`);
  };

  function open() {
    if (stopped) return;
    clearTimeout(timer);
    onStatus(attempt ? "reconnecting" : "connecting");
    try {
      ws = new WebSocket(url());
    } catch {
      schedule();
      return;
    }
    const sock = ws;
    sock.onopen = () => {
      const again = everOpen;
      everOpen = true;
      attempt = 0;
      onStatus("live");
      clearInterval(pinger);
      pinger = setInterval(() => { if (sock.readyState === 1) sock.send("ping"); }, 25000);
      if (again && onReconnect) onReconnect();
    };
    sock.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "state") onState(msg);
      else if (msg.type === "seats") onSeats && onSeats(msg); // who is connected: the away countdowns
      else if (msg.type === "chat") onChat && onChat(msg); // lines said at the table
      else if (msg.type === "error") {
        if (msg.status === 403 || msg.status === 404) { stopped = true; onFatal && onFatal(msg); }
      }
    };
    sock.onclose = () => {
      clearInterval(pinger);
      if (sock !== ws) return;
      if (stopped) { onStatus("closed"); return; }
      schedule();
    };
    sock.onerror = () => { /* onclose follows */ };
  }

  function schedule() {
    attempt += 1;
    const delay = Math.min(15000, 400 * 2 ** Math.min(attempt - 1, 6)) * (0.75 + Math.random() * 0.5);
    onStatus("reconnecting", Math.round(delay));
    timer = setTimeout(open, delay);
  }

  const wakeUp = () => {
    if (stopped) return;
    if (!ws || ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING) { attempt = Math.max(attempt, 1); open(); }
  };
  window.addEventListener("online", wakeUp);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) wakeUp(); });

  open();
  return {
    /** Drop the connection as a network failure would (the client reconnects by itself). */
    drop() { if (ws) ws.close(); },
    stop() { stopped = true; clearTimeout(timer); clearInterval(pinger); if (ws) ws.close(); },
    get state() { return ws ? ws.readyState : -1; },
  };
}
