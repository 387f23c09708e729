// The lobby's ratings: a game's leaderboard (the accounts, and each bot level at its fixed
// rating among them), your own rating and the bot level you play like, and a player's rated
// games. GET /api/ratings and /api/players/{name}/ratings; docs/WEB.md, "Ratings".

import { getJSON } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * `changed()` redraws the lobby; `me()` is the account logged in (or null); `games()` the
 * games the server hosts (GET /api/meta).
 */
export function ratingsBox(changed, me, games) {
  const st = { game: "grand-austria-hotel", entries: null, mine: null, player: null, error: "" };
  const q = () => `game=${encodeURIComponent(st.game)}`;
  const player = (name) => getJSON(`/api/players/${encodeURIComponent(name)}/ratings?${q()}`);

  async function load() {
    try {
      st.entries = (await getJSON(`/api/ratings?${q()}`)).entries;
      const who = me();
      st.mine = who ? await player(who.name) : null;
      st.error = "";
    } catch (e) {
      st.error = e.detail || String(e);
    }
    changed();
  }

  async function show(name) {
    try {
      st.player = await player(name);
    } catch (e) {
      st.error = e.detail || String(e);
    }
    changed();
  }

  const num = (x) => x.toFixed(1);
  const botName = (level) => t("game.botLabel", { level: t(`level.${level}`) });

  function likeText(r) {
    if (!r.games) return t("rating.none");
    if (!r.plays_like) return t("rating.belowAll");
    return t(r.settled ? "rating.playsLike" : "rating.playsLikeSoFar", { level: t(`level.${r.plays_like}`) });
  }

  function mineLine() {
    const r = st.mine;
    if (!r) return null;
    return h("p.my-rating", { id: "my-rating" },
      h("strong", t("rating.you", { rating: num(r.rating), games: r.games })), " ",
      h("span.muted", `(μ ${num(r.mu)}, σ ${num(r.sigma)})`), " · ", h("span.plays-like", likeText(r)));
  }

  function boardTable() {
    if (st.entries === null) return h("p.muted", t("ui.loading"));
    const rows = st.entries.map((e) => h(`tr${e.bot ? ".bot-row" : ".person-row"}`, { "data-rating": e.bot || e.name },
      h("td", e.bot ? "" : String(e.rank)),
      h("td", e.bot ? h("em", botName(e.bot))
        : h("button.link-like", { type: "button", onclick: () => show(e.name) }, e.name)),
      h("td.num", num(e.rating)),
      h("td.num.muted", `${num(e.mu)} ± ${num(e.sigma)}`),
      h("td.num", e.games === null ? "" : String(e.games)),
      h("td", e.bot || !e.plays_like ? "" : t(`level.${e.plays_like}`))));
    return h("table.leaderboard", { id: "leaderboard" },
      h("thead", h("tr", ["rank", "name", "rating", "mu", "games", "like"].map((k) => h("th", t(`rating.col.${k}`))))),
      h("tbody", rows));
  }

  function history() {
    const p = st.player;
    if (!p) return null;
    const items = p.history.map((x) => h("li", { "data-history": x.game_id },
      t("rating.place", { place: x.place, players: x.players }), " · ",
      h("span.change", `${num(x.before)} → ${num(x.after)}`),
      x.last_reason ? h("span.muted", " · ", t(`rating.last.${x.last_reason}`)) : null,
      h("span.muted", " · ", new Date(x.created * 1000).toLocaleDateString())));
    return h("div.rating-history", { id: "rating-history" },
      h("h3", t("rating.history", { name: p.name })),
      h("p", t("rating.value", { rating: num(p.rating), games: p.games }), " · ", likeText(p)),
      items.length ? h("ul", items) : h("p.muted", t("rating.none")),
      h("button.small", { type: "button", onclick: () => { st.player = null; changed(); } }, t("rating.close")));
  }

  function panel() {
    const list = games();
    return h("section.card.ratings", { id: "ratings" },
      h("div.card-head", h("h2", t("rating.title")),
        list.length > 1 ? h("select", { id: "rating-game", "aria-label": t("rating.game"), onchange: (e) => {
          st.game = e.target.value; st.player = null; load();
        } }, list.map((g) => h("option", { value: g.name, selected: g.name === st.game }, g.title))) : null),
      st.error ? h("p.error", st.error) : null,
      mineLine(), boardTable(), history(),
      h("small.help", t("rating.explain")));
  }

  return { load, panel };
}
