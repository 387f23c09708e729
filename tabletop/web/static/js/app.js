// Entry point: language switch, then the lobby ("/") or a game ("/game/<id>?token=...").

import { getLang, initI18n, LANGUAGES, onLangChange, setLang, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showGame } from "./game.js";

async function main() {
  await initI18n();
  const sel = document.getElementById("lang-select");
  for (const [code, name] of Object.entries(LANGUAGES)) sel.append(new Option(name, code));
  sel.value = getLang();
  sel.addEventListener("change", () => setLang(sel.value));
  const label = () => {
    document.getElementById("lang-label").textContent = t("ui.language");
    document.getElementById("brand").textContent = t("ui.brand");
    document.getElementById("brand").title = t("lobby.title");
  };
  label();
  const root = document.getElementById("app");
  const m = location.pathname.match(/^\/game\/([^/]+)\/?$/);
  const page = m ? showGame(root, decodeURIComponent(m[1])) : showLobby(root);
  onLangChange(() => {
    sel.value = getLang();
    label();
    page.render();
  });
  window.tabletop = Object.assign(window.tabletop || {}, { page });
}

main().catch((err) => {
  document.getElementById("app").textContent = `Error: ${err && err.message || err}`;
  console.error(err);
});
