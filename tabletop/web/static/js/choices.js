// The legal actions as the boards read them: each one's facts (data from the server: verb,
// table, room, item, face, space, boost, …). An action string is only the id sent back to the
// server: nothing here or in a board reads one.
//
// ctx.facts = Map(action -> facts), empty when the page only shows (a replay, another seat's turn).

/** The legal actions whose facts pass `test`, in the server's order. */
export function legalWhere(ctx, test) {
  const out = [];
  if (ctx.readOnly || !ctx.facts) return out;
  for (const [a, f] of ctx.facts) if (test(f)) out.push(a);
  return out;
}

/** The first legal action whose facts pass `test`, or null. */
export function legalFirst(ctx, test) {
  if (ctx.readOnly || !ctx.facts) return null;
  for (const [a, f] of ctx.facts) if (test(f)) return a;
  return null;
}

/** Whether any legal action's facts pass `test`. */
export function legalSome(ctx, test) { return legalFirst(ctx, test) !== null; }

/** A legal action's facts ({} for none). */
export function factsOf(ctx, a) { return (ctx.facts && ctx.facts.get(a)) || {}; }

/**
 * A die (or a thing taken like one) with or without the boost: the boosted one when `boost` is
 * ticked and it is legal, else the plain one, else the boosted one (null: neither is legal).
 */
export function pickBoost(ctx, boost, match) {
  const plain = legalFirst(ctx, (f) => match(f) && !f.boost);
  const boosted = legalFirst(ctx, (f) => match(f) && !!f.boost);
  return boost && boosted ? boosted : plain || boosted;
}
