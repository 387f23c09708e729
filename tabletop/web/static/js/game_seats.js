// The game page's seats: names as shown, colours, the players' table (scores, clocks, away
// countdowns, handing a seat to a bot, the seat's settings) and the waiting room. Part of
// showGame (game.js).

import { botLevels } from "./api.js";
import { h, seatDisc } from "./dom.js";
import { has, t } from "./i18n.js";
import * as gah from "./gah.js";

const CB_KEY = "tabletop.cbMarks"; // "off": no letters on the items and colours (on by default)

/** Colour-blind marks: the item letters and the colour letters on guests, rooms, dice and cubes (this browser's choice). */
export function cbMarks() {
  try { return localStorage.getItem(CB_KEY) !== "off"; } catch { return true; }
}

export function seatsPart(pg) {
  const { S, gameId, token } = pg;

  /** The bot levels this game offers (the master only where the game has its judgement). */
  function levels() {
    return botLevels(S.meta, S.p && S.p.game);
  }

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
  const seatColour = (i) => ((pg.mod() && pg.mod().SEAT_COLOURS) || gah.SEAT_COLOURS)[i] || "#999";
  const seatName = (i) => (S.p && S.p.seats[i] ? seatsShown()[i].name : t("game.seatN", { n: i + 1 }));

  function waitingRoom() {
    const p = S.p;
    const me = p.seat;
    const rows = p.seats.map((s) => h("li", { "data-seat": s.seat },
      seatDisc(s.seat, seatColour(s.seat)), " ",
      h("b", s.name), " ",
      s.kind === "bot" ? h("span.muted", t("lobby.botSeat", { level: s.bot })) : s.joined ? h("span.ok", "✓ " + t("game.joined")) : h("span.muted", t("game.notJoined")),
      me !== null && s.kind === "human" && !s.joined && s.seat !== me
        ? h("button.small", { type: "button", "data-bot-seat": s.seat, onclick: () => pg.toBot(s.seat, S.botLevel) }, t("game.makeBot")) : null));
    const meSeat = me !== null ? p.seats[me] : null;
    const allJoined = p.seats.every((s) => s.joined);
    return h("section.panel.waiting", { id: "waiting-room" },
      h("h2", t("game.waitingTitle")),
      h("ul.seat-list", rows),
      meSeat && !meSeat.joined
        ? h("form.join", { id: "join-form", onsubmit: (e) => { e.preventDefault(); pg.join(); } },
          h("label", { for: "join-name" }, t("game.yourName")),
          h("input", { id: "join-name", type: "text", maxlength: 60, value: S.joinName || meSeat.name, oninput: (e) => { S.joinName = e.target.value; } }),
          h("button.primary", { type: "submit", id: "join-button", disabled: S.busy }, t("game.join")))
        : null,
      meSeat && meSeat.joined
        ? h("button.primary", { type: "button", id: "start-button", disabled: !allJoined || S.busy, onclick: pg.start }, t("game.start"))
        : null,
      meSeat && meSeat.joined && !allJoined ? h("p.muted", t("game.waitOthers")) : null,
      me === null ? h("p.muted", t("game.spectatorWait")) : null);
  }

  function playersPanel() {
    const p = S.p;
    const m = pg.mod();
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
          pg.longClock(pg.timeLeft(s.seat))) : null,
        h("td.num", { "data-score": s.seat }, String(scores[s.seat] ?? "")),
        h("td.num.muted", { "data-projected": s.seat, title: t("game.projectedHint") },
          String(!replayed && p.projected && (!m || !m.gameStarted || m.gameStarted(p.view)) ? p.projected[s.seat] ?? "" : "—")));
    });
    const botControls = p.seat !== null && p.status === "active"
      ? pg.keep(h("details.bot-controls", { id: "bot-controls" }, h("summary", t("game.seatsToBots")),
        h("p.small.muted", t("game.botHelp")),
        h("label.small", t("lobby.level"), " ",
          h("select", { id: "bot-level", onchange: (e) => { S.botLevel = e.target.value; } },
            levels().map((l) => h("option", { value: l, selected: S.botLevel === l }, t(`level.${l}`))))),
        h("div.bot-buttons", p.seats.filter((s) => s.kind === "human" && (s.seat === p.seat || pg.awayLeft(s) === 0)).map((s) =>
          h("button.small", { type: "button", "data-bot-seat": s.seat, disabled: S.busy, onclick: () => pg.toBot(s.seat, S.botLevel) },
            s.seat === p.seat ? t("game.botForMe") : t("game.botFor", { name: s.name }))))), "bot-controls")
      : null;
    const me = p.seat !== null ? p.seats[p.seat] : null;
    const setting = me && p.status !== "finished"
      ? h("label.small.setting", { title: t("game.autoSingleHelp") },
        h("input", { type: "checkbox", id: "auto-single", checked: !!p.auto_single, disabled: S.busy,
          onchange: (e) => pg.call(`/api/games/${encodeURIComponent(gameId)}/seats/${p.seat}/settings`, { token, auto_single: e.target.checked }, { force: true }) }),
        " ", t("game.autoSingle"))
      : null;
    // this browser's choice, for every table: letters beside the colours (the seats' numbers are always shown)
    const marks = h("label.small.setting", { title: t("game.cbMarksHelp") },
      h("input", { type: "checkbox", id: "cb-marks", checked: cbMarks(),
        onchange: (e) => { try { localStorage.setItem(CB_KEY, e.target.checked ? "on" : "off"); } catch { /* private mode */ } pg.render(); } }),
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
    const left = S.p.status === "active" && !s.present ? pg.awayLeft(s) : null;
    if (left === null) return null;
    return left > 0
      ? h("span.away.small", { "data-away": s.seat }, " · ", t("game.awayCountdown"), " ", h("span.countdown", { "data-countdown": s.seat }, pg.clock(left)))
      : h("span.away.small", { "data-away": s.seat }, " · ", t("game.awayLong"));
  }

  return { levels, shownName, seatsShown, seatColour, seatName, playersPanel, awayNote, waitingRoom };
}
