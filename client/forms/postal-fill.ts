// What a postal-code lookup fills in: the prefecture (when the form asks for it) and the address
// (city and town; with the prefecture in front when the form has no prefecture field).
import type { PostalResult } from '#client/api/postal.ts';

export type AddressFill = { key: string; label: string; prefecture?: string; address?: string };
export type PostalOutcome = { kind: 'none' } | { kind: 'single'; fill: AddressFill } | { kind: 'choose'; choices: AddressFill[] };

/** The distinct fills of the results, for the fields the form has. */
export function addressFills(results: readonly PostalResult[], fields: { prefecture: boolean; address: boolean }): AddressFill[] {
  const fills = new Map<string, AddressFill>();
  for (const r of results) {
    const fill: AddressFill = { key: '', label: r.allAddress };
    if (fields.prefecture) fill.prefecture = String(r.prefectureCode);
    if (fields.address) fill.address = fields.prefecture ? `${r.city}${r.town}` : r.allAddress;
    fill.key = `${fill.prefecture ?? ''}|${fill.address ?? ''}`;
    // Towns that differ only in what the form does not ask for fill the same.
    if (!fills.has(fill.key)) fills.set(fill.key, fill.address === undefined ? { ...fill, label: labelWithout(r) } : fill);
  }
  return [...fills.values()];
}

/** With the prefecture alone filled, the choice is shown by the prefecture's part of the address. */
function labelWithout(r: PostalResult): string {
  const cut = r.allAddress.indexOf(r.city);
  return cut > 0 ? r.allAddress.slice(0, cut) : r.allAddress;
}

/**
 * One fill is applied at once; several are offered in a dialog; none is "not found". A repeat
 * lookup of the code that was just filled offers its one address in the dialog too (spec 2), so
 * the member sees what the code gives instead of nothing happening.
 */
export function postalOutcome(
  results: readonly PostalResult[],
  fields: { prefecture: boolean; address: boolean },
  opts: { repeat?: boolean } = {},
): PostalOutcome {
  const fills = addressFills(results, fields);
  if (fills.length === 0) return { kind: 'none' };
  if (fills.length === 1 && !opts.repeat) return { kind: 'single', fill: fills[0] as AddressFill };
  return { kind: 'choose', choices: fills };
}
