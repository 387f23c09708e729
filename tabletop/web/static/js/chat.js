// The table's chat: lines said at this table, pushed live (WebSocket "chat" messages), shown in
// the replay at the moment they were said. A line is text: it is put in the page as a text
// node, never parsed as markup. Muting a person hides their lines for this reader only (kept
// in this browser).

import { getJSON, postJSON } from "./api.js";
import { refusal } from "./account.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const who = (seat) => (seat === null || seat === undefined ? "s" : String(seat));

export function chatBox(gameId, token, redraw) {
  const muteKey = `tabletop.mute.${gameId}`;
  const st = { lines: [], spectatorsWrite: false, draft: "", error: "", busy: false, loaded: false, muted: readMuted() };

  function readMuted() {
    try {
      const v = JSON.parse(localStorage.getItem(muteKey) || "[]");
      return new Set(Array.isArray(v) ? v.map(String) : []);
    } catch { return new Set(); }
  }

  /** The whole chat (at the start and after a reconnect: a line may have come meanwhile). */
  async function load() {
    try {
      const out = await getJSON(`/api/games/${encodeURIComponent(gameId)}/chat?token=${encodeURIComponent(token)}`);
      st.lines = out.lines;
      st.spectatorsWrite = out.spectators_write;
      st.loaded = true;
      redraw();
    } catch { /* the game page says what is wrong with the game itself */ }
  }

  /** Lines pushed (or answered): each kept once, in order. */
  function heard(lines) {
    let added = false;
    for (const line of lines) {
      const last = st.lines.length ? st.lines[st.lines.length - 1].n : -1;
      if (line.n > last) { st.lines.push(line); added = true; }
    }
    if (added) redraw();
  }

  async function send(ev) {
    ev.preventDefault();
    if (st.busy) return;
    st.busy = true;
    st.error = "";
    try {
      const line = await postJSON(`/api/games/${encodeURIComponent(gameId)}/chat`, { token, text: st.draft });
      st.draft = "";
      heard([line]);
    } catch (e) {
      st.error = refusal(e);
    }
    st.busy = false;
    redraw();
  }

  function toggleMute(seat) {
    const k = who(seat);
    if (st.muted.has(k)) st.muted.delete(k); else st.muted.add(k);
    localStorage.setItem(muteKey, JSON.stringify([...st.muted]));
    redraw();
  }

  /**
   * The panel. `mySeat`: the reader's seat (null: a spectator); `names`: the seats' names now;
   * `upTo`: in the replay, the step shown (only the lines said by then).
   */
  function panel(mySeat, names, upTo = null) {
    const shown = upTo === null ? st.lines : st.lines.filter((x) => x.revision <= upTo);
    const nameOf = (x) => (x.seat === null ? t("chat.spectator") : x.name || names[x.seat] || "?");
    const visible = shown.filter((x) => !st.muted.has(who(x.seat)));
    const hidden = shown.length - visible.length;
    const mutedNames = [...new Set(shown.filter((x) => st.muted.has(who(x.seat))).map((x) => who(x.seat)))];
    const list = visible.map((x) => h("li.chat-line", { "data-chat": x.n, "data-chat-seat": who(x.seat) },
      h("span.chat-name", nameOf(x)), " ", h("span.chat-text", x.text),
      x.seat !== mySeat ? h("button.small.link-like.chat-mute", { type: "button", "data-mute": who(x.seat),
        title: t("chat.mute", { name: nameOf(x) }), "aria-label": t("chat.mute", { name: nameOf(x) }),
        onclick: () => toggleMute(x.seat) }, "🔇") : null));
    const mayWrite = upTo === null && (mySeat !== null || st.spectatorsWrite);
    return h("section.panel.chat", { id: "chat" },
      h("div.panel-head", h("h3", t("chat.title"))),
      list.length ? h("ol.chat-list", list) : h("p.muted.small", t("chat.empty")),
      hidden ? h("p.muted.small.chat-hidden", t("chat.hidden", { n: hidden }), " ",
        mutedNames.map((k) => h("button.small.link-like", { type: "button", "data-unmute": k,
          onclick: () => toggleMute(k === "s" ? null : Number(k)) },
        t("chat.unmute", { name: k === "s" ? t("chat.spectator") : names[Number(k)] || k })))) : null,
      mayWrite
        ? h("form.chat-form", { id: "chat-form", onsubmit: send },
          h("input", { type: "text", id: "chat-input", maxlength: 500, value: st.draft, autocomplete: "off",
            placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder"),
            oninput: (e) => { st.draft = e.target.value; } }),
          h("button.small", { type: "submit", id: "chat-send", disabled: st.busy }, t("chat.send")))
        : upTo === null ? h("p.muted.small", t("chat.spectatorsRead")) : null,
      st.error ? h("p.error.small", { role: "alert", id: "chat-error" }, st.error) : null);
  }

  return { load, heard, panel };
}
