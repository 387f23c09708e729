// Seat and spectator tokens this browser has used, kept in localStorage ("my games").

const KEY = "tabletop.tokens";

function read() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(v) ? v.filter((e) => e && typeof e.token === "string") : [];
  } catch {
    return [];
  }
}

function write(list) { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 200))); }

export function rememberToken(gameId, token, seat) {
  const list = read().filter((e) => e.token !== token);
  list.unshift({ game_id: gameId, token, seat: seat ?? null, at: Date.now() });
  write(list);
}

export function forgetToken(token) { write(read().filter((e) => e.token !== token)); }
export function knownTokens() { return read().map((e) => e.token); }

/** The remembered token for a game: a seat's before a spectator's. */
export function tokenFor(gameId) {
  const mine = read().filter((e) => e.game_id === gameId);
  return (mine.find((e) => e.seat !== null) || mine[0] || {}).token || null;
}
