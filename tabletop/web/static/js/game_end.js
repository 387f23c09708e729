// The end of a game on the game page: the result and its breakdown, the rematch, and the
// replay viewer. Part of showGame (game.js).

import { getJSON, postJSON } from "./api.js";
import { h, seatDisc } from "./dom.js";
import { t } from "./i18n.js";
import { rememberToken } from "./tokens.js";

export function endPart(pg) {
  const { S, gameId, token } = pg;

  // ---------------------------------------------------------------- replay
  // The replay shows the step it has loaded; a requested step (`want`) shows on the slider until it arrives.
  // `scroll`: bring the replay into view (opened from the end screen or the review, below it)
  async function replayGo(step, scroll = false) {
    const steps = S.replay && S.replay.steps !== undefined ? S.replay.steps : S.p.revision;
    step = Math.max(0, Math.min(steps, step));
    S.replay = { ...(S.replay || {}), want: step };
    if (!S.fullLog) pg.loadFullLog(); // the log beside the replay shows the game up to its step
    pg.render();
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
    pg.render();
  }
  const replayAt = () => (S.replay.want ?? S.replay.step ?? 0);

  /** One click to play again: the same people, a new deal, everyone one seat on (made once, whoever asks first). */
  async function goRematch() {
    S.busy = true;
    pg.render();
    try {
      const path = `/api/games/${encodeURIComponent(gameId)}/rematch`;
      const out = S.p.rematch || S.p.seat === null
        ? await getJSON(`${path}?token=${encodeURIComponent(token)}`)
        : await postJSON(path, { token });
      rememberToken(out.game_id, out.token, out.seat);
      location.assign(`/game/${out.game_id}?token=${encodeURIComponent(out.token)}`);
    } catch (e) {
      S.busy = false;
      pg.flash(e.detail || String(e));
      pg.render();
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
    const m = pg.mod();
    const sources = [];
    for (const b of r.breakdown || []) for (const k of Object.keys(b)) if (!sources.includes(k)) sources.push(k);
    const label = (k) => (m && m.sourceLabel ? m.sourceLabel(k) : k);
    const winners = (r.winners || []).map(pg.seatName).join(", ");
    return h("section.panel.end", { id: "end-screen" },
      h("h2", t("game.over")),
      h("p.winners", { id: "winners" }, (r.winners || []).length > 1 ? t("game.winnersTie", { names: winners }) : t("game.winner", { names: winners })),
      r.forfeit !== undefined && r.forfeit !== null ? h("p.forfeit-result", { id: "forfeit-result" },
        t("game.forfeitResult", { name: pg.seatName(r.forfeit) })) : null,
      (r.stand_ins || []).map((x) => h("p.muted.stand-in-result", { "data-stand-in": x.seat },
        t("game.standInResult", { name: pg.seatName(x.seat), reasons: x.reasons.map((why) => t(`reason.${why}`)).join(", ") }))),
      h("div.table-wrap", h("table.breakdown", { id: "breakdown" },
        h("thead", h("tr", h("th", t("game.source")), pg.seatsShown().map((s) => h("th.num", seatDisc(s.seat, pg.seatColour(s.seat)), " ", s.name)))),
        h("tbody",
          sources.map((k) => h(`tr${S.openSource === k ? ".open" : ""}`, { "data-source": k },
            h("td", h("button.link-like.small", { type: "button", "data-open-source": k, title: t("game.sourceEvents"),
              onclick: () => { S.openSource = S.openSource === k ? null : k; if (!S.fullLog) pg.loadFullLog(); else pg.render(); } },
            S.openSource === k ? "▾ " : "▸ ", label(k))),
            p.seats.map((s, i) => h("td.num", String((r.breakdown[i] || {})[k] ?? 0))))),
          h("tr.total", h("td", t("game.total")), p.seats.map((s, i) => h("td.num", { "data-final": i }, String(r.scores[i]))))))),
      S.openSource ? sourceEvents(S.openSource) : null,
      rematchLine(),
      h("p.end-buttons",
        h("button.primary", { type: "button", id: "open-replay", onclick: () => replayGo(0, true) }, t("replay.open")), " ",
        p.seat !== null ? h("button", { type: "button", id: "open-review", disabled: !!(S.review && S.review.loading),
          onclick: pg.openReview }, t("game.review")) : null, " ",
        h("a.button", { id: "download-record", download: `game-${gameId}.json`,
          href: `/api/games/${encodeURIComponent(gameId)}/record?token=${encodeURIComponent(token)}` }, t("game.downloadRecord"))),
      pg.reviewPanel());
  }

  /** The log's events behind one line of the score breakdown, per player. */
  function sourceEvents(k) {
    if (!S.fullLog) return h("p.muted", { id: "source-events" }, t("ui.loading"));
    const evs = S.fullLog.filter((e) => e.sources && e.sources[k]);
    return h("div.source-events", { id: "source-events", "data-source": k },
      pg.seatsShown().map((s) => {
        const mine = evs.filter((e) => e.seat === s.seat);
        const sum = mine.reduce((a, e) => a + e.sources[k], 0);
        return h("div.source-seat", { "data-seat": s.seat },
          h("h4", seatDisc(s.seat, pg.seatColour(s.seat), { cls: ".small" }), " ", s.name, " · ", String(sum)),
          mine.length ? h("ol.log-list", mine.map((e) => h("li", { "data-idx": e.idx },
            h("span.log-idx", t("game.roundShort", { n: e.round })), " ", e.text, " ", h("b", `${e.sources[k] > 0 ? "+" : ""}${e.sources[k]}`))))
            : h("p.muted.small", "—"));
      }));
  }

  function replayPanel() {
    const r = S.replay;
    const steps = r.steps ?? S.p.revision;
    const at = replayAt();
    const m = pg.mod();
    const board = r.view && m && S.data ? m.renderBoard(pg.ctxFor(r.view, { readOnly: true })) : h("p", t("ui.loading"));
    return h("section.panel.replay", { id: "replay", "data-step": r.view ? r.step : "", "data-loading": r.want !== null && r.want !== undefined ? "1" : "0" },
      h("div.panel-head", h("h2", t("replay.title")),
        h("button.small", { type: "button", id: "close-replay", onclick: () => { S.replay = null; pg.render(); } }, t("replay.close"))),
      h("div.replay-controls",
        h("button", { type: "button", id: "replay-first", title: t("replay.first"), onclick: () => replayGo(0) }, "|◀"),
        h("button", { type: "button", id: "replay-prev", title: t("replay.prev"), onclick: () => replayGo(at - 1) }, "◀"),
        h("input", { type: "range", id: "replay-slider", min: 0, max: steps, value: at, "aria-label": t("replay.slider"),
          onchange: (e) => replayGo(Number(e.target.value)) }),
        h("button", { type: "button", id: "replay-next", title: t("replay.next"), onclick: () => replayGo(at + 1) }, "▶"),
        h("button", { type: "button", id: "replay-last", title: t("replay.last"), onclick: () => replayGo(steps) }, "▶|")),
      r.view ? h("p.replay-step", { id: "replay-step" }, t("replay.step", { step: r.step, steps }), " · ",
        h("span.replay-text", r.text === "setup" ? t("replay.setup") : pg.logText(r.text || "")),
        r.scores ? h("span.muted", ` · ${t("game.vpShort")}: ${r.scores.join(" : ")}`) : null) : h("p.muted", t("ui.loading")),
      h("div.replay-board", board));
  }

  return { replayGo, replayAt, goRematch, rematchLine, endPanel, sourceEvents, replayPanel };
}
