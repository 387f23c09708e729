// "Your turn" while the page is in the background: a short chime (made with Web Audio, no
// sound file) and, with the browser's permission, a notification, besides the title's mark.
// The choices are this browser's (kept in localStorage); a person logged in has them in the
// account too (PUT /api/me/settings), so they follow the account to another device.

import { getJSON, putJSON } from "./api.js";

const KEY = "tabletop.notices";
const DEFAULTS = { sound: true, browser: false };
let sent = 0; // notices given (the browser tests read it)

export function noticePrefs() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "null");
    if (v && typeof v === "object") return { ...DEFAULTS, sound: v.sound !== false, browser: v.browser === true };
  } catch { /* a damaged entry: the defaults */ }
  return { ...DEFAULTS };
}

/** Change the choices here and, logged in, in the account. */
export async function setNoticePrefs(prefs) {
  localStorage.setItem(KEY, JSON.stringify(prefs));
  try { await putJSON("/api/me/settings", { sound: prefs.sound, browser_notices: prefs.browser }); } catch { /* a guest */ }
}

/** The account's choices, when logged in, become this browser's. */
export async function loadAccountPrefs() {
  try {
    const me = await getJSON("/api/me");
    localStorage.setItem(KEY, JSON.stringify({ sound: me.settings.sound !== false, browser: !!me.settings.browser_notices }));
  } catch { /* a guest: this browser's own */ }
}

/** Ask the browser for permission to notify (a click must come first); whether it was given. */
export async function askPermission() {
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  try { return (await Notification.requestPermission()) === "granted"; } catch { return false; }
}

function chime() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const now = ctx.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.16 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.16 + 0.15);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + i * 0.16);
      osc.stop(now + i * 0.16 + 0.16);
    }
    setTimeout(() => ctx.close(), 600);
  } catch { /* no sound here */ }
}

/** It became the player's turn: tell them if the page is not in front of them. */
export function yourTurn(title, body) {
  if (!document.hidden && document.hasFocus()) return false;
  const prefs = noticePrefs();
  if (prefs.sound) chime();
  if (prefs.browser && "Notification" in window && Notification.permission === "granted") {
    try {
      const n = new Notification(title, { body, tag: "tabletop-turn" });
      n.onclick = () => { window.focus(); n.close(); };
    } catch { /* a browser that notifies from service workers only */ }
  }
  sent += 1;
  return true;
}

export const noticesSent = () => sent;
