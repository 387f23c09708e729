// The account panel of the lobby: log in, create an account (keeping this browser's guest
// games), log out here or everywhere. Accounts are optional: invite links play without one.

import { deleteJSON, getJSON, postJSON, putJSON } from "./api.js";
import { h } from "./dom.js";
import { has, t } from "./i18n.js";
import { knownTokens, rememberToken } from "./tokens.js";

/**
 * The page's words for a refusal: the catalog's for its code ("chat.too_long" is said by
 * "chat.error.too_long"), else the server's sentence.
 */
export function refusal(e) {
  const key = e && e.code ? e.code.replace(/^(\w+)\./, "$1.error.") : null;
  if (key && has(key)) return t(key);
  return (e && (e.detail || e.message)) || String(e);
}

/**
 * The account's state and panel. `changed()` redraws the lobby; `switched()` is called once
 * the person logged in or out (the lobby's list of games follows).
 */
export function accountBox(changed, switched) {
  const st = { me: undefined, error: "", note: "", busy: false, name: "", password: "" };

  async function load() {
    try {
      st.me = await getJSON("/api/me");
    } catch {
      st.me = null; // no session (401): a guest
    }
    changed();
    switched();
  }

  /** The account's games: remembered in this browser too, so that their pages open with the seat. */
  async function games() {
    if (!st.me) return [];
    const list = await getJSON("/api/me/games");
    for (const g of list) rememberToken(g.game_id, g.token, g.seat);
    return list;
  }

  async function submit(kind) {
    st.busy = true;
    st.error = "";
    st.note = "";
    changed();
    try {
      if (kind === "signup") {
        const out = await postJSON("/api/accounts", { name: st.name, password: st.password, tokens: knownTokens() });
        st.me = out;
        if (out.claimed) st.note = t("account.claimed", { n: out.claimed });
      } else {
        st.me = await postJSON("/api/session", { name: st.name, password: st.password });
      }
      st.password = "";
      switched();
    } catch (e) {
      st.error = refusal(e);
    }
    st.busy = false;
    changed();
  }

  /** The account's turn notices out of the page: a webhook, e-mail. */
  async function saveNotices(form) {
    st.error = "";
    st.note = "";
    const data = new FormData(form);
    const body = {
      webhook: String(data.get("webhook") || "").trim() || null,
      webhook_format: String(data.get("webhook_format") || "json"),
      email: String(data.get("email") || "").trim() || null,
      email_notices: data.get("email_notices") === "on",
      // quiet hours in this device's own time: notices wait until they end
      quiet_hours: data.get("quiet_from") === "" ? null : [Number(data.get("quiet_from")), Number(data.get("quiet_to"))],
      utc_offset_minutes: -new Date().getTimezoneOffset(),
    };
    try {
      const out = await putJSON("/api/me/settings", body);
      st.me = { ...st.me, settings: out.settings };
      st.note = t("account.saved");
    } catch (e) {
      st.error = refusal(e);
    }
    changed();
  }

  function noticeForm() {
    const s = (st.me && st.me.settings) || {};
    const hours = Array.from({ length: 24 }, (_, n) => n);
    const hour = (n) => `${String(n).padStart(2, "0")}:00`;
    return h("details.account-notices", { id: "account-notices" }, h("summary", t("account.notices")),
      h("form", { id: "notices-form", onsubmit: (e) => { e.preventDefault(); saveNotices(e.target); } },
        h("p.muted.small", t("account.noticesHelp")),
        h("div.row", h("label", { for: "webhook" }, t("account.webhook")),
          h("input", { type: "url", id: "webhook", name: "webhook", maxlength: 500, value: s.webhook || "",
            placeholder: "https://ntfy.sh/…" }),
          h("select", { id: "webhook-format", name: "webhook_format", "aria-label": t("account.webhookFormat") },
            ["json", "discord", "slack", "ntfy"].map((f) => h("option", { value: f, selected: (s.webhook_format || "json") === f },
              f === "json" ? "JSON" : f[0].toUpperCase() + f.slice(1))))),
        h("div.row", h("label", { for: "email" }, t("account.email")),
          h("input", { type: "email", id: "email", name: "email", maxlength: 254, value: s.email || "" }),
          h("label.small", h("input", { type: "checkbox", id: "email-notices", name: "email_notices", checked: !!s.email_notices }),
            " ", t("account.emailNotices"))),
        h("div.row", h("label", { for: "quiet-from" }, t("account.quietHours")),
          h("select", { id: "quiet-from", name: "quiet_from", "aria-label": t("account.quietFrom") },
            h("option", { value: "", selected: !s.quiet_hours }, t("account.quietNone")),
            hours.map((n) => h("option", { value: n, selected: !!s.quiet_hours && s.quiet_hours[0] === n }, hour(n)))),
          " – ",
          h("select", { id: "quiet-to", name: "quiet_to", "aria-label": t("account.quietTo") },
            hours.map((n) => h("option", { value: n, selected: s.quiet_hours ? s.quiet_hours[1] === n : n === 8 }, hour(n))))),
        h("p.muted.small", t("account.quietHelp")),
        h("button.small", { type: "submit", id: "save-notices" }, t("account.save"))));
  }

  async function logout(everywhere) {
    try {
      if (everywhere) await postJSON("/api/session/everywhere", {});
      else await deleteJSON("/api/session");
    } catch (e) {
      st.error = refusal(e);
    }
    st.me = null;
    changed();
    switched();
  }

  function panel() {
    if (st.me === undefined) return h("section.card.account", { id: "account" }, h("p.muted", t("ui.loading")));
    if (st.me) {
      return h("section.card.account", { id: "account" },
        h("h2", t("account.title")),
        h("p", { id: "account-name" }, t("account.loggedIn", { name: st.me.name })),
        st.note ? h("p.muted.small", { id: "account-note" }, st.note) : null,
        st.error ? h("p.error", { role: "alert" }, st.error) : null,
        noticeForm(),
        h("div.row",
          h("button.small", { type: "button", id: "logout", onclick: () => logout(false) }, t("account.logout")),
          h("button.small", { type: "button", id: "logout-all", onclick: () => logout(true) }, t("account.logoutAll"))));
    }
    return h("form.card.account", { id: "account", onsubmit: (e) => { e.preventDefault(); submit("login"); } },
      h("h2", t("account.title")),
      h("p.muted.small", t("account.guest")),
      h("div.row",
        h("label", { for: "account-name-input" }, t("account.name")),
        h("input", { type: "text", id: "account-name-input", name: "username", autocomplete: "username", maxlength: 24,
          value: st.name, oninput: (e) => { st.name = e.target.value; } }),
        h("label", { for: "account-password" }, t("account.password")),
        h("input", { type: "password", id: "account-password", name: "password", autocomplete: "current-password",
          maxlength: 256, value: st.password, oninput: (e) => { st.password = e.target.value; } })),
      st.error ? h("p.error", { role: "alert", id: "account-error" }, st.error) : null,
      h("div.row",
        h("button.primary.small", { type: "submit", id: "login", disabled: st.busy }, t("account.login")),
        h("button.small", { type: "button", id: "signup", disabled: st.busy, onclick: () => submit("signup") },
          t("account.signup"))));
  }

  return { load, games, panel, get me() { return st.me; } };
}
