// The game page's log: its entries in words with seat names, seat changes, the round and seat
// filters, the whole log on demand. Part of showGame (game.js).

import { getJSON } from "./api.js";
import { h, seatDisc } from "./dom.js";
import { t } from "./i18n.js";

export function logPart(pg) {
  const { S, gameId, token } = pg;

  function seatChangeText(e) {
    const seats = pg.seatsShown();
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
    pg.render();
  }

  function logText(text) {
    if (!S.p) return text;
    const seats = pg.seatsShown();
    const m = pg.mod();
    if (m && m.logText) text = m.logText(text, seats);
    return text.replace(/\b[Ss]eat (\d+)\b/g, (m, n) => (seats[+n] ? seats[+n].name : m));
  }

  /** The log's entries that pass the round and seat filters (a round's scoring stays under its round end). */
  function filtered(entries) {
    const f = S.logFilter;
    return entries.filter((e) => (f.round === "" || e.kind === "seat" || String(e.round) === f.round)
      && (f.seat === "" || String(e.seat) === f.seat || (e.kind === "round_end" || e.kind === "game_end")));
  }

  function logFilters(entries) {
    const rounds = [...new Set(entries.filter((e) => e.round).map((e) => e.round))];
    const set = (k) => (ev) => { S.logFilter[k] = ev.target.value; if (!S.fullLog) loadFullLog(); else pg.render(); };
    return h("div.log-filters",
      h("label.small", t("game.logRound"), " ", h("select", { id: "log-round", onchange: set("round") },
        h("option", { value: "", selected: S.logFilter.round === "" }, t("game.logAll")),
        rounds.map((r) => h("option", { value: String(r), selected: S.logFilter.round === String(r) }, String(r))))),
      " ",
      h("label.small", t("game.logSeat"), " ", h("select", { id: "log-seat", onchange: set("seat") },
        h("option", { value: "", selected: S.logFilter.seat === "" }, t("game.logAll")),
        pg.seatsShown().map((s) => h("option", { value: String(s.seat), selected: S.logFilter.seat === String(s.seat) }, s.name)))));
  }

  function logPanel() {
    const p = S.p;
    let entries = S.fullLog || p.log;
    if (S.replay) {
      // the moment the replay is at: the entries of its first `at` actions (a seat change after them)
      const at = pg.replayAt();
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
        h("span.log-idx", "·"), seatDisc(e.seat, pg.seatColour(e.seat), { cls: ".small" }), " ", seatChangeText(e))
      : e.kind === "round_end" || e.kind === "game_end"
      ? h(`li.log-head.${e.kind}`, { "data-idx": e.idx, "data-kind": e.kind }, e.text)
      : h(`li${e.seat < 0 ? ".chance" : ""}${sc ? ".scoring" : ""}`, { "data-idx": e.idx, "data-kind": e.kind || "", "data-seat": e.seat, "data-vp": e.vp || 0 },
      h("span.log-idx", String(e.idx + 1)),
      e.seat >= 0 ? seatDisc(e.seat, pg.seatColour(e.seat), { cls: ".small" }) : h("span.log-chance", { title: t("game.chance") }),
      " ", logText(e.text), e.auto ? h("span.muted.small.auto", { title: t("game.auto") }, ` (${t("game.auto")})`) : null));
    return h("section.panel.log", { id: "log" },
      h("div.panel-head", h("h3", t("game.log")),
        !S.fullLog && p.log_total > p.log.length
          ? h("button.small", { type: "button", id: "full-log", onclick: loadFullLog }, t("game.fullLog", { n: p.log_total }))
          : null),
      logFilters(entries),
      list.length ? h("ol.log-list", { reversed: true }, list) : h("p.muted.small", t("game.noLog")));
  }

  return { loadFullLog, logText, seatChangeText, filtered, logFilters, logPanel };
}
