/** One media range of an Accept header: `type/subtype` (either may be `*`) and its weight. */
interface AcceptRange {
  type: string;
  subtype: string;
  q: number;
}

/**
 * Which of the declared answer types (concrete, lower case, no parameters) a request's Accept
 * picks, as its index: the highest weight, a type's weight being that of the most specific
 * range that names it (`image/png` before `image/*` before the catch-all, RFC 9110 §12.5.1); a tie
 * goes to application/json, else to the first declared. No Accept, or none of the types
 * acceptable: application/json where declared, else the first type, as Prism answers its
 * default rather than a 406.
 */
export function pickMediaType(types: readonly string[], accept: string | undefined): number {
  const preferred = Math.max(0, types.indexOf('application/json'));
  if (!accept) return preferred;
  const ranges = parseAccept(accept);
  let best = -1;
  let bestQ = 0;
  for (let i = 0; i < types.length; i++) {
    const q = weightOf(types[i], ranges);
    if (q > bestQ || (q === bestQ && q > 0 && i === preferred)) {
      best = i;
      bestQ = q;
    }
  }
  return best < 0 ? preferred : best;
}

function parseAccept(accept: string): AcceptRange[] {
  const out: AcceptRange[] = [];
  for (const part of accept.split(',')) {
    const [range, ...params] = part.split(';');
    const [type, subtype] = range.trim().toLowerCase().split('/');
    if (!type || !subtype) continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    out.push({ type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 1 });
  }
  return out;
}

/** The weight of the most specific range that covers `mediaType`; 0 when none does. */
function weightOf(mediaType: string, ranges: readonly AcceptRange[]): number {
  const slash = mediaType.indexOf('/');
  const type = mediaType.slice(0, slash);
  const subtype = mediaType.slice(slash + 1);
  let specificity = -1;
  let q = 0;
  for (const r of ranges) {
    const s = r.type === type && r.subtype === subtype ? 2 : r.type === type && r.subtype === '*' ? 1 : r.type === '*' ? 0 : -1;
    if (s > specificity) {
      specificity = s;
      q = r.q;
    }
  }
  return q;
}
