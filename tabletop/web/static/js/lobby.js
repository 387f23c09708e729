// The lobby: create a game (players, seats, variants), invite links, my games.

import { accountBox, refusal } from "./account.js";
import { ratingsBox } from "./ratings.js";
import { botLevels, getJSON, postJSON } from "./api.js";

// the clocks a table may have (POST /api/games "clock"; docs/WEB.md, "Clocks")
const CLOCKS = {
  none: null,
  rt10: { kind: "realtime", bank: 600, increment: 20 },
  rt30: { kind: "realtime", bank: 1800, increment: 30 },
  c1: { kind: "correspondence", per_move: 86400, bank: 7 * 86400 },
  c2: { kind: "correspondence", per_move: 2 * 86400, bank: 7 * 86400 },
  c3: { kind: "correspondence", per_move: 3 * 86400, bank: 14 * 86400 },
};
// how long a player may be away before the others may hand their seat to a bot (seconds; null: never)
const AWAY_LIMITS = [120, 300, 600, 1800, 3600, null];
import { clear, copyText, h } from "./dom.js";
import { cardText, has, t } from "./i18n.js";
import { forgetToken, knownTokens, rememberToken } from "./tokens.js";

// "Play against bots": the last solo table (players, bot levels, options), first time 2 players vs medium
const SOLO_KEY = "tabletop.solo";
const SOLO_DEFAULT = { game: "grand-austria-hotel", players: 2, bots: ["medium"], config: {} };
function soloChoices() {
  try {
    const s = JSON.parse(localStorage.getItem(SOLO_KEY) || "null");
    if (s && typeof s.game === "string" && Array.isArray(s.bots) && s.bots.length === s.players - 1) return s;
  } catch { /* a damaged entry: the default */ }
  return SOLO_DEFAULT;
}

// How to draw each engine option (GET /api/meta lists the options and their help texts;
// an option missing here is still offered, as a plain text field).
const OPTION_SPECS = {
  "grand-austria-hotel": {
    players: { skip: true }, // the player count field
    edition: { type: "select", choices: ["2021", "original"] },
    exclude_kitchen_hand: { type: "bool" },
    discard_free_guests: { type: "bool" },
    staff_draft: { type: "bool" },
    introductory_sets: { type: "bool" },
    herlius_objectives: { type: "bool" },
    rowe_smith_staff: { type: "bool" },
    alternatives: { type: "multi", choices: ["room_vp:alt", "emperor_vp:alt"] },
    objectives: { type: "triple", source: "objectives" },
    emperor_tiles: { type: "triple", source: "emperor_tiles" },
    data_override: { type: "text", advanced: true },
    modules: { type: "modules", choices: ["ballrooms", "celebrities", "unique_hotels", "start_player", "more"] },
  },
  "burger-joint": {
    turn_limit: { type: "int", min: 1, placeholder: "200" },
    data_override: { type: "text", advanced: true },
  },
};

export function showLobby(root) {
  const st = {
    meta: null,
    data: {},
    game: "grand-austria-hotel",
    players: 2,
    seats: [],
    config: {},
    seed: "",
    awayLimit: 600,
    hints: false,
    spectatorChat: false,
    listed: false,
    rated: false,
    clock: "none",
    clockPolicy: "bot",
    tables: null, // GET /api/tables: open tables anyone may sit at
    sitName: "",
    sitError: "",
    created: null,
    error: "",
    mine: null,
    mineError: "",
    busy: false,
  };

  function seatDefaults(n) {
    while (st.seats.length < n) {
      const i = st.seats.length;
      st.seats.push(i === 0 ? { kind: "human", bot: "medium", name: "" } : { kind: "bot", bot: "medium", name: "" });
    }
    st.seats.length = n;
  }

  function gameMeta() { return st.meta && st.meta.games.find((g) => g.name === st.game); }

  /** The bot levels the chosen game offers (the master only where the game has its judgement). */
  function levels() {
    return botLevels(st.meta, st.game);
  }

  /** After a change of game: a seat whose level the game lacks gets the strongest it has (master: expert). */
  function keepOfferedLevels() {
    const offered = levels();
    for (const s of st.seats) if (!offered.includes(s.bot)) s.bot = offered[offered.length - 1];
  }

  async function loadData(game) {
    if (st.data[game]) return;
    try { st.data[game] = await getJSON(`/api/data/${game}`); } catch { st.data[game] = null; }
  }

  const account = accountBox(() => render(), () => { refreshMine(); board.load(); });
  const board = ratingsBox(() => render(), () => account.me, () => (st.meta ? st.meta.games : []));

  async function refreshMine() {
    if (account.me) {
      try { await account.games(); } catch { /* the session ended: this browser's games still show */ }
    }
    const tokens = knownTokens();
    if (!tokens.length) { st.mine = []; render(); return; }
    try {
      st.mine = await postJSON("/api/my-games", { tokens });
      st.mineError = "";
    } catch (e) {
      st.mineError = e.detail || String(e);
    }
    render();
  }

  function optionLabel(name) {
    return has(`opt.${name}`) ? t(`opt.${name}`) : name.replace(/_/g, " ");
  }

  function optionHelp(name, serverHelp) {
    return has(`opthelp.${name}`) ? t(`opthelp.${name}`) : serverHelp;
  }

  /** A politics card's text, or an Emperor tile's bonus (and, on hover, its penalty), in the
   *  page's language from the cards catalog; the printed English where the catalog lacks it. */
  function tripleText(source, id, rec) {
    if (source === "objectives") {
      const text = cardText(`politics.${id}.text`, rec.text || "");
      return { text, title: text };
    }
    if (source === "emperor_tiles" && has(`emperor.${id}.bonus`)) {
      const bonus = cardText(`emperor.${id}.bonus`);
      return { text: bonus, title: `${t("game.bonus")} ${bonus}\n${t("game.penalty")} ${cardText(`emperor.${id}.penalty`)}` };
    }
    return { text: rec.text || "", title: rec.text || "" };
  }

  function optionField(name, help) {
    const spec = (OPTION_SPECS[st.game] || {})[name] || { type: "text" };
    if (spec.skip) return null;
    const id = `opt-${name}`;
    const val = st.config[name];
    const helpEl = h("small.help", optionHelp(name, help));
    if (spec.type === "bool") {
      return h("div.opt.opt-bool", h("label", { for: id },
        h("input", { type: "checkbox", id, name, checked: !!val,
          onchange: (e) => { if (e.target.checked) st.config[name] = true; else delete st.config[name]; } }),
        " ", optionLabel(name)), helpEl);
    }
    if (spec.type === "select") {
      const sel = h("select", { id, name, onchange: (e) => {
        if (e.target.value === spec.choices[0]) delete st.config[name]; else st.config[name] = e.target.value;
      } }, spec.choices.map((c) => h("option", { value: c, selected: (val ?? spec.choices[0]) === c },
        has(`opt.${name}.${c}`) ? t(`opt.${name}.${c}`) : c)));
      return h("div.opt", h("label", { for: id }, optionLabel(name)), sel, helpEl);
    }
    if (spec.type === "multi") {
      const cur = new Set(val || []);
      return h("div.opt", h("span.opt-name", optionLabel(name)),
        h("div.opt-multi", spec.choices.map((c) => h("label",
          h("input", { type: "checkbox", name, value: c, checked: cur.has(c), onchange: (e) => {
            if (e.target.checked) cur.add(c); else cur.delete(c);
            if (cur.size) st.config[name] = [...cur]; else delete st.config[name];
          } }), " ", has(`opt.${name}.${c}`) ? t(`opt.${name}.${c}`) : c))), helpEl);
    }
    if (spec.type === "modules") {
      // Let's Waltz!: five checkboxes (any combination) and an "all" shortcut; sent in rulebook order
      const cur = new Set(val || []);
      const save = () => {
        const list = spec.choices.filter((c) => cur.has(c));
        if (list.length) st.config[name] = list; else delete st.config[name];
      };
      const all = h("input", { type: "checkbox", name: `${name}-all`, checked: spec.choices.every((c) => cur.has(c)),
        onchange: (e) => {
          for (const c of spec.choices) if (e.target.checked) cur.add(c); else cur.delete(c);
          save();
          render();
        } });
      return h("div.opt.opt-modules", { id: "modules" }, h("span.opt-name", optionLabel(name)),
        h("div.opt-multi", spec.choices.map((c) => h("label",
          h("input", { type: "checkbox", name, value: c, checked: cur.has(c), onchange: (e) => {
            if (e.target.checked) cur.add(c); else cur.delete(c);
            save();
            all.checked = spec.choices.every((x) => cur.has(x));
          } }), " ", has(`opt.${name}.${c}`) ? t(`opt.${name}.${c}`) : c)),
        h("label.all", all, " ", t("opt.modules.all"))), helpEl);
    }
    if (spec.type === "triple") {
      const d = st.data[st.game];
      const pool = d ? Object.keys(d[spec.source] || {}) : [];
      const groups = ["A", "B", "C"];
      const cur = val || [null, null, null];
      const sels = groups.map((g, k) => h("select", { name: `${name}-${g}`, "aria-label": `${optionLabel(name)} ${g}`,
        onchange: (e) => {
          cur[k] = e.target.value || null;
          if (cur.every((x) => x)) st.config[name] = [...cur]; else delete st.config[name];
        } },
      h("option", { value: "" }, `${g}: ${t("lobby.random")}`),
      pool.filter((id) => {
        const rec = d[spec.source][id];
        return (rec.group || id[0]) === g;
      }).map((id) => {
        const { text, title } = tripleText(spec.source, id, d[spec.source][id] || {});
        return h("option", { value: id, selected: cur[k] === id, title }, text ? `${id}: ${text}` : id);
      })));
      return h("div.opt", h("span.opt-name", optionLabel(name)), h("div.opt-triple", sels), helpEl);
    }
    if (spec.type === "int") {
      return h("div.opt", h("label", { for: id }, optionLabel(name)),
        h("input", { type: "number", id, name, min: spec.min ?? 0, placeholder: spec.placeholder || "", value: val ?? "",
          oninput: (e) => { const n = parseInt(e.target.value, 10); if (Number.isFinite(n)) st.config[name] = n; else delete st.config[name]; } }),
        helpEl);
    }
    return h("div.opt", h("label", { for: id }, optionLabel(name)),
      h("input", { type: "text", id, name, value: typeof val === "string" ? val : val !== undefined ? JSON.stringify(val) : "",
        oninput: (e) => {
          const v = e.target.value.trim();
          if (!v) { delete st.config[name]; return; }
          try { st.config[name] = JSON.parse(v); } catch { st.config[name] = v; }
        } }), helpEl);
  }

  /** One click: the last solo choices, started at once, and this tab goes to the table. */
  async function playSolo() {
    const solo = soloChoices();
    st.busy = true;
    st.error = "";
    render();
    try {
      const g = await postJSON("/api/games", {
        game: solo.game, players: solo.players, config: solo.config, start: true,
        seats: [{ kind: "human", name: t("lobby.playerN", { n: 1 }) }, ...solo.bots.map((b) => ({ kind: "bot", bot: b }))],
      });
      rememberToken(g.id, g.seats[0].token, 0);
      location.assign(`/game/${g.id}?token=${encodeURIComponent(g.seats[0].token)}`);
    } catch (e) {
      st.error = e.detail || String(e);
      st.busy = false;
      render();
    }
  }

  function soloPanel() {
    const solo = soloChoices();
    const meta = st.meta && st.meta.games.find((g) => g.name === solo.game);
    const mods = solo.config && solo.config.modules;
    const what = [meta ? meta.title : solo.game, t("lobby.soloPlayers", { n: solo.players }),
      solo.bots.map((b) => t(`level.${b}`)).join(", "),
      mods && mods.length ? t("lobby.soloModules", { n: Array.isArray(mods) ? mods.length : 5 }) : null].filter(Boolean).join(" · ");
    return h("section.card.solo", { id: "solo" },
      h("button.primary.big", { type: "button", id: "play-solo", "data-testid": "play-solo", disabled: st.busy, onclick: playSolo },
        t("lobby.playSolo")),
      h("p.muted.small", { id: "solo-choices" }, what, " — ", t("lobby.soloChange")));
  }

  async function create(ev) {
    ev.preventDefault();
    st.busy = true;
    st.error = "";
    render();
    const body = {
      game: st.game,
      players: st.players,
      config: st.config,
      seats: st.seats.map((s, i) => ({
        kind: s.kind,
        bot: s.kind === "bot" ? s.bot : null,
        name: s.name.trim() || (s.kind === "bot" ? null : t("lobby.playerN", { n: i + 1 })),
      })),
    };
    if (st.seed !== "" && Number.isFinite(Number(st.seed))) body.seed = Number(st.seed);
    body.away_limit = st.awayLimit;
    if (st.hints && !st.rated) body.hints = true;
    if (st.rated && account.me) body.rated = true;
    if (st.spectatorChat) body.spectator_chat = true;
    if (st.listed) body.listed = true;
    if (CLOCKS[st.clock]) body.clock = { ...CLOCKS[st.clock], policy: st.clockPolicy };
    if (body.seats.slice(1).every((s) => s.kind === "bot") && body.seats[0].kind === "human") {
      // a table against bots only: next time "Play against bots" starts the same one
      localStorage.setItem(SOLO_KEY, JSON.stringify({ game: body.game, players: body.players, config: body.config,
        bots: body.seats.slice(1).map((s) => s.bot) }));
    }
    // a person and bots only: nobody to wait for, the game starts at once (its maker is seat 0)
    const solo = body.seats[0].kind === "human" && body.seats.slice(1).every((s) => s.kind === "bot") && !st.listed;
    if (solo) body.start = true;
    try {
      st.created = await postJSON("/api/games", body);
      const first = st.created.seats[0];
      if (solo) {
        rememberToken(st.created.id, first.token, 0);
        location.assign(link(st.created.id, first.token));
        return;
      }
      if (first.kind === "human") {
        // the table's maker sits at seat 0 at once (with the account), before anyone else may take it
        await postJSON(`/api/games/${st.created.id}/join`, { token: first.token, name: first.name });
        rememberToken(st.created.id, first.token, 0);
      }
    } catch (e) {
      st.error = e.detail || String(e);
    }
    st.busy = false;
    render();
    refreshTables();
  }

  async function refreshTables() {
    try { st.tables = await getJSON("/api/tables"); } catch { st.tables = []; }
    render();
  }

  async function sitDown(table) {
    st.sitError = "";
    try {
      const name = st.sitName.trim() || (account.me ? account.me.name : "");
      const out = await postJSON(`/api/games/${table.game_id}/sit`, { name });
      rememberToken(table.game_id, out.token, out.seat);
      location.assign(`/game/${table.game_id}?token=${encodeURIComponent(out.token)}`);
    } catch (e) {
      st.sitError = refusal(e);
      refreshTables();
    }
  }

  function tablesPanel() {
    const items = st.tables;
    const titles = Object.fromEntries((st.meta ? st.meta.games : []).map((g) => [g.name, g.title]));
    const langs = { en: "English", de: "Deutsch", zh: "中文" };
    let body;
    if (items === null) body = h("p.muted", t("ui.loading"));
    else if (!items.length) body = h("p.muted", { id: "no-tables" }, t("tables.none"));
    else {
      body = h("ul.open-tables", items.map((x) => {
        const mods = x.config && x.config.modules;
        // the rules: edition, modules, and each variant switched on (by its option's name)
        const variants = Object.entries(x.config || {}).filter(([k, v]) => v === true && k !== "modules").map(([k]) => optionLabel(k));
        const rules = [x.config && x.config.edition === "original" ? t("opt.edition.original") : null,
          mods && mods.length ? t("lobby.soloModules", { n: Array.isArray(mods) ? mods.length : 5 }) : null, ...variants].filter(Boolean);
        return h("li.open-table", { "data-table": x.game_id },
          h("strong", titles[x.game] || x.title), " ",
          h("span.muted.small", t("lobby.soloPlayers", { n: x.players }), rules.length ? ` · ${rules.join(" · ")}` : "",
            x.lang ? ` · ${langs[x.lang] || x.lang}` : "", ` · ${clockName(x.clock)}`),
          x.rated ? h("span.badge.rated", " ", t("rating.rated")) : null,
          h("div.who.small", x.seats.map((s) => s.kind === "bot" ? t("game.botLabel", { level: t(`level.${s.bot}`) })
            : s.joined ? s.name : h("em", t("tables.freeSeat"))).reduce((acc, el, i) => (i ? [...acc, " · ", el] : [el]), [])),
          h("button.small.primary", { type: "button", "data-sit": x.game_id, onclick: () => sitDown(x) },
            t("tables.sit"), " (", t("tables.free", { n: x.free }), ")"));
      }));
    }
    return h("section.card.tables", { id: "open-tables" },
      h("div.card-head", h("h2", t("tables.title")), h("button.small", { type: "button", onclick: refreshTables }, t("lobby.refresh"))),
      h("div.row", h("label", { for: "sit-name" }, t("tables.yourName")),
        h("input", { type: "text", id: "sit-name", maxlength: 60, value: st.sitName || (account.me ? account.me.name : ""),
          oninput: (e) => { st.sitName = e.target.value; } })),
      st.sitError ? h("p.error", { role: "alert", id: "sit-error" }, st.sitError) : null,
      body);
  }

  /** A table's clock in words: the lobby's preset of that clock, or its kind. */
  function clockName(clock) {
    if (!clock) return t("clock.none");
    const same = (a, b) => a.kind === b.kind && a.bank === b.bank && (a.increment || 0) === (b.increment || 0)
      && (a.per_move || 0) === (b.per_move || 0);
    const k = Object.keys(CLOCKS).find((n) => CLOCKS[n] && same(CLOCKS[n], clock));
    return k ? t(`clock.${k}`) : t(`rating.clock.${clock.kind}`);
  }

  function link(gameId, token) { return `${location.origin}/game/${gameId}?token=${encodeURIComponent(token)}`; }

  function linkRow(label, url, testId) {
    const input = h("input.link", { type: "text", readonly: true, value: url, "data-invite": testId, onfocus: (e) => e.target.select() });
    const btn = h("button.small", { type: "button", onclick: async () => {
      await copyText(url);
      btn.textContent = t("lobby.copied");
      setTimeout(() => { btn.textContent = t("lobby.copy"); }, 1500);
    } }, t("lobby.copy"));
    return h("div.link-row", h("span.link-label", label), input, btn, h("a.button.small", { href: url, target: "_blank", rel: "noopener" }, t("lobby.open")));
  }

  function createdPanel() {
    const g = st.created;
    if (!g) return null;
    return h("section.card.created", { id: "created" },
      h("h3", t("lobby.created")),
      h("p.hint", t("lobby.inviteHint")),
      g.seats.map((s) => s.kind === "human"
        ? linkRow(t("lobby.seatLink", { n: s.seat + 1, name: s.name }), link(g.id, s.token), String(s.seat))
        : h("div.link-row", h("span.link-label", t("lobby.seatLink", { n: s.seat + 1, name: s.name })), h("span.muted", t("lobby.botSeat", { level: s.bot })))),
      linkRow(t("lobby.spectator"), link(g.id, g.spectator_token), "spectator"));
  }

  function createForm() {
    const meta = gameMeta();
    if (!meta) return h("p", t("ui.loading"));
    const counts = [];
    for (let n = meta.min_players; n <= meta.max_players; n++) counts.push(n);
    const seatRows = st.seats.map((s, i) => h("div.seat-row", { "data-seat": i },
      h("span.seat-no", t("lobby.seatN", { n: i + 1 })),
      h("select", { name: `seat-${i}-kind`, "aria-label": t("lobby.kind"), onchange: (e) => { s.kind = e.target.value; render(); } },
        h("option", { value: "human", selected: s.kind === "human" }, t("lobby.human")),
        h("option", { value: "bot", selected: s.kind === "bot" }, t("lobby.bot"))),
      s.kind === "bot"
        ? h("select", { name: `seat-${i}-bot`, "aria-label": t("lobby.level"), onchange: (e) => { s.bot = e.target.value; } },
          levels().map((l) => h("option", { value: l, selected: s.bot === l }, t(`level.${l}`))))
        : h("input", { type: "text", name: `seat-${i}-name`, placeholder: t("lobby.playerN", { n: i + 1 }), maxlength: 60, value: s.name,
          "aria-label": t("lobby.name"), oninput: (e) => { s.name = e.target.value; } })));
    const opts = Object.entries(meta.options || {});
    const normal = opts.filter(([n]) => !((OPTION_SPECS[st.game] || {})[n] || {}).advanced).map(([n, help]) => optionField(n, help)).filter(Boolean);
    const advanced = opts.filter(([n]) => ((OPTION_SPECS[st.game] || {})[n] || {}).advanced).map(([n, help]) => optionField(n, help));
    return h("form.card.create", { id: "create-form", onsubmit: create },
      h("h2", t("lobby.new")),
      h("div.row",
        h("label", { for: "game-select" }, t("lobby.game")),
        h("select", { id: "game-select", name: "game", onchange: async (e) => {
          st.game = e.target.value;
          st.config = {};
          const m = gameMeta();
          st.players = Math.min(Math.max(st.players, m.min_players), m.max_players);
          seatDefaults(st.players);
          keepOfferedLevels();
          await loadData(st.game);
          render();
        } }, st.meta.games.map((g) => h("option", { value: g.name, selected: g.name === st.game }, g.title))),
        h("label", { for: "players-select" }, t("lobby.players")),
        h("select", { id: "players-select", name: "players", onchange: (e) => {
          st.players = Number(e.target.value);
          seatDefaults(st.players);
          render();
        } }, counts.map((n) => h("option", { value: n, selected: n === st.players }, String(n))))),
      h("fieldset.seats", h("legend", t("lobby.seats")), seatRows),
      normal.length ? h("fieldset.options", h("legend", t("lobby.options")), normal) : null,
      account.me ? h("div.opt.rated-opt", h("label", h("input", { type: "checkbox", id: "rated", name: "rated", checked: st.rated,
        onchange: (e) => { st.rated = e.target.checked; render(); } }), " ", t("rating.rated")), h("small.help", t("rating.ratedHelp"))) : null,
      st.rated && account.me ? null : h("div.opt.hints-opt", h("label", h("input", { type: "checkbox", id: "allow-hints", name: "hints", checked: st.hints,
        onchange: (e) => { st.hints = e.target.checked; } }), " ", t("lobby.hints")), h("small.help", t("lobby.hintsHelp"))),
      h("div.opt.clock-opt", h("label", { for: "clock" }, t("lobby.clock")),
        h("select", { id: "clock", name: "clock", onchange: (e) => { st.clock = e.target.value; render(); } },
          Object.keys(CLOCKS).map((k) => h("option", { value: k, selected: st.clock === k }, t(`clock.${k}`)))),
        st.clock !== "none" ? h("select", { id: "clock-policy", name: "clock_policy", "aria-label": t("lobby.clockPolicy"),
          onchange: (e) => { st.clockPolicy = e.target.value; } },
        ["bot", "forfeit"].map((k) => h("option", { value: k, selected: st.clockPolicy === k }, t(`clock.policy.${k}`)))) : null,
        h("small.help", t("lobby.clockHelp"))),
      h("div.opt.listed-opt", h("label", h("input", { type: "checkbox", id: "listed", name: "listed",
        checked: st.listed, onchange: (e) => { st.listed = e.target.checked; } }), " ", t("lobby.listed"))),
      h("div.opt.chat-opt", h("label", h("input", { type: "checkbox", id: "spectator-chat", name: "spectator_chat",
        checked: st.spectatorChat, onchange: (e) => { st.spectatorChat = e.target.checked; } }), " ", t("lobby.spectatorChat"))),
      h("details.advanced", h("summary", t("lobby.advanced")), advanced,
        h("div.opt", h("label", { for: "away-limit" }, t("lobby.awayLimit")),
          h("select", { id: "away-limit", name: "away_limit", onchange: (e) => { st.awayLimit = e.target.value === "" ? null : Number(e.target.value); } },
            AWAY_LIMITS.map((s) => h("option", { value: s === null ? "" : s, selected: s === st.awayLimit },
              s === null ? t("lobby.awayNever") : t("lobby.awayMinutes", { n: s / 60 })))),
          h("small.help", t("lobby.awayHelp"))),
        h("div.opt", h("label", { for: "seed" }, t("lobby.seed")),
          h("input", { type: "number", id: "seed", name: "seed", min: 0, value: st.seed, placeholder: t("lobby.random"),
            oninput: (e) => { st.seed = e.target.value; } }))),
      st.error ? h("p.error", { role: "alert" }, st.error) : null,
      h("button.primary", { type: "submit", id: "create-button", disabled: st.busy }, t("lobby.create")));
  }

  function mineList() {
    const items = st.mine;
    let body;
    if (items === null) body = h("p.muted", t("ui.loading"));
    else if (!items.length) body = h("p.muted", t("lobby.noGames"));
    else {
      const titles = Object.fromEntries((st.meta ? st.meta.games : []).map((g) => [g.name, g.title]));
      body = h("ul.my-games", items.map((g) => h(`li.my-game${g.your_turn ? ".your-turn" : ""}`, { "data-game": g.game_id },
        h("a", { href: `/game/${g.game_id}?token=${encodeURIComponent(g.token)}` }, titles[g.game] || g.game),
        h("span.who", g.seats.join(" · ")),
        h("span.seat", g.seat === null ? t("lobby.spectating") : t("lobby.asSeat", { n: g.seat + 1 })),
        h(`span.badge.status-${g.status}`, g.your_turn ? t("lobby.yourTurn") : t(`status.${g.status}`)),
        g.scores ? h("span.scores", g.scores.join(" : ")) : null,
        h("button.small.link-like", { type: "button", title: t("lobby.forget"), onclick: () => { forgetToken(g.token); st.mine = st.mine.filter((x) => x.token !== g.token); render(); } }, "✕"))));
    }
    return h("section.card.mine", { id: "my-games" },
      h("div.card-head", h("h2", t("lobby.myGames")), h("button.small", { type: "button", onclick: refreshMine }, t("lobby.refresh"))),
      st.mineError ? h("p.error", st.mineError) : null, body);
  }

  function render() {
    document.title = `${t("lobby.title")} · tabletop`;
    document.getElementById("topbar-title").textContent = t("lobby.title");
    clear(root).append(h("div.lobby",
      // the invite links first, so they show without scrolling once a game is created
      h("div.lobby-col", soloPanel(), createdPanel(), createForm()),
      h("div.lobby-col", account.panel(), tablesPanel(), mineList(), board.panel(), h("section.card.about", h("h2", t("lobby.howTitle")), h("p", t("lobby.how"))))));
  }

  (async () => {
    try {
      st.meta = await getJSON("/api/meta");
    } catch (e) {
      st.error = e.detail || String(e);
    }
    seatDefaults(st.players);
    await loadData(st.game);
    render();
    account.load(); // then the list of games (the account's too)
    refreshTables();
  })();
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refreshMine(); });
  render();
  return { render };
}
