// The game page's header and clocks: the top bar's title and connection badge, the away
// countdowns, the bots' thinking time and the table's game clock, ticking every second.
// Part of showGame (game.js).

import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

export function headerPart(pg) {
  const { S, root } = pg;

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
    if (ranOut) pg.render();
  }, 1000);

  function connBadge() {
    const el = document.getElementById("conn");
    if (!el) return;
    el.hidden = false;
    el.className = `conn conn-${S.conn}`;
    el.textContent = t(`conn.${S.conn}`);
    el.title = t(`conn.${S.conn}`);
  }

  /** The top bar: the round first, then the game's name (on a phone only the round: the name is what would be cut). */
  function showTitle(topTitle, shownView) {
    const p = S.p;
    clear(topTitle).append(
      shownView && shownView.round ? h("span.title-round", t("game.round", { n: shownView.round, of: S.data ? S.data.rounds || 7 : 7 })) : "",
      h("span.title-name", `${shownView && shownView.round ? " · " : ""}${p.title}`));
    document.title = `${p.legal.length ? "● " : ""}${p.title} · tabletop`;
  }

  return { awayLeft, clock, longClock, timeLeft, connBadge, showTitle };
}
