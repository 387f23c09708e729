// The coach on the game page: the hint (the best moves for the pending decision, why) and the
// review of a finished game. Part of showGame (game.js).

import { getJSON } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function coachPart(pg) {
  const { S, gameId, token } = pg;

  // ---------------------------------------------------------------- coach
  async function askHint() {
    const revision = S.p.revision;
    if (S.hint && S.hint.revision === revision && !S.hint.loading) { S.hint = null; pg.render(); return; } // shown: hide it
    S.hint = { revision, loading: true };
    pg.render();
    try {
      const r = await getJSON(`/api/games/${encodeURIComponent(gameId)}/hint?token=${encodeURIComponent(token)}`);
      if (S.hint && S.hint.revision === r.revision) S.hint = { revision: r.revision, moves: r.moves };
    } catch (e) {
      S.hint = null;
      S.error = e.detail || String(e);
    }
    pg.render();
  }

  /** The coach's three best moves: each with the player's estimated final VP after it, and why. */
  function hintPanel() {
    const hi = S.hint;
    if (hi.loading) return h("div.hint-panel", { id: "hint-panel", "data-loading": "1" }, h("span.muted", t("game.hint.thinking")));
    return h("div.hint-panel", { id: "hint-panel", "data-loading": "0" },
      h("ol.hint-moves", hi.moves.map((m) => h("li", { "data-hint": m.action },
        h("button.small.link-like", { type: "button", "data-hint-action": m.action, title: t("game.hint.play"),
          onclick: () => pg.act(m.action) }, pg.logText(m.text)),
        " ", h("span.worth", t("game.hint.worth", { worth: Math.round(m.worth) })),
        m.behind > 0.05 ? h("span.muted.small", " ", t("game.hint.behind", { d: m.behind.toFixed(1) })) : null,
        m.reasons ? h("div.small.muted.hint-why", { "data-why": m.why.map((w) => w.term).join(" ") }, m.reasons) : null))),
      h("p.muted.small", t("game.hint.note")));
  }

  async function openReview() {
    S.review = { loading: true };
    pg.render();
    try {
      const r = await getJSON(`/api/games/${encodeURIComponent(gameId)}/review?token=${encodeURIComponent(token)}`);
      S.review = { mistakes: r.mistakes };
    } catch (e) {
      S.review = null;
      S.error = e.detail || String(e);
    }
    pg.render();
  }

  /** After the game: the decisions that cost the player most by the coach's judgement, each a jump into the replay. */
  function reviewPanel() {
    const rv = S.review;
    if (!rv) return null;
    if (rv.loading) return h("div.review", { id: "review", "data-loading": "1" }, h("p.muted", t("game.review.thinking")));
    return h("div.review", { id: "review", "data-loading": "0" },
      h("h3", t("game.review.head")),
      rv.mistakes.length ? h("ol.review-list", rv.mistakes.map((m) => h("li", { "data-review-step": m.step },
        t("game.review.line", { round: m.round ?? "?", played: pg.logText(m.played.text), pv: Math.round(m.played.worth),
          best: pg.logText(m.best.text), bv: Math.round(m.best.worth), loss: m.loss.toFixed(1) }), " ",
        h("button.small", { type: "button", "data-review-show": m.step, onclick: () => pg.replayGo(m.step, true) }, t("game.review.show")),
        m.reasons ? h("div.small.muted.review-why", m.reasons) : null)))
        : h("p.muted", t("game.review.none")));
  }

  return { askHint, hintPanel, openReview, reviewPanel };
}
