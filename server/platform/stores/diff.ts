/**
 * A readable list of what changes between two JSON documents, as JSON paths. Lists of things with
 * an identity (plans, campaigns, surveys and questions, OpenID clients and scopes, consents,
 * footer links, hosts...) are compared by it, so a removed plan is one line, `$.plans[planId=b]`,
 * not every later plan shifted by one (decision 0038); other lists by position.
 */
export type Change = { path: string; kind: 'added' | 'removed' | 'changed'; before?: unknown; after?: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields that name an element, most specific first: ids of the settings' lists, then what
 * names an element without an id (a campaign's code, a footer link's path or address, an
 * automatic campaign's Japanese name).
 */
const IDENTITY_FIELDS = [
  'planId',
  'surveyId',
  'questionId',
  'clientId',
  'scopeKey',
  'consentOptionId',
  'policyId',
  'id',
  'code',
  'path',
  'url',
  'name',
] as const;

type Keyed = { key: string; label: string; segment: string };

function identityOf(element: unknown): Keyed | null {
  if (typeof element === 'string' || typeof element === 'number') {
    const json = JSON.stringify(element);
    return { key: json, label: String(element), segment: `[${json}]` };
  }
  if (!isObject(element)) return null;
  for (const field of IDENTITY_FIELDS) {
    const raw = element[field];
    const value = typeof raw === 'string' ? raw : isObject(raw) && typeof raw.ja === 'string' ? raw.ja : null;
    if (value !== null && value !== '') return { key: `${field}=${value}`, label: value, segment: `[${field}=${value}]` };
  }
  return null;
}

/** Each element's identity, or null when one has none or two share one (then positions it is). */
function identities(list: unknown[]): Keyed[] | null {
  const out: Keyed[] = [];
  const seen = new Set<string>();
  for (const element of list) {
    const id = identityOf(element);
    if (!id || seen.has(id.key)) return null;
    seen.add(id.key);
    out.push(id);
  }
  return out;
}

function diffKeyed(before: unknown[], after: unknown[], b: Keyed[], a: Keyed[], path: string): Change[] {
  const afterKeys = new Map(a.map((id, i) => [id.key, i]));
  const beforeKeys = new Map(b.map((id, i) => [id.key, i]));
  const out: Change[] = [];
  b.forEach((id, i) => {
    if (!afterKeys.has(id.key)) out.push({ path: `${path}${id.segment}`, kind: 'removed', before: before[i] });
  });
  a.forEach((id, i) => {
    const j = beforeKeys.get(id.key);
    if (j !== undefined) out.push(...diffJson(before[j], after[i], `${path}${id.segment}`));
  });
  a.forEach((id, i) => {
    if (!beforeKeys.has(id.key)) out.push({ path: `${path}${id.segment}`, kind: 'added', after: after[i] });
  });
  // A move reads as one line: the order of the elements both sides have.
  const kept = (ids: Keyed[], other: Map<string, number>) => ids.filter((id) => other.has(id.key));
  const orderBefore = kept(b, afterKeys);
  const orderAfter = kept(a, beforeKeys);
  if (orderBefore.some((id, i) => id.key !== orderAfter[i]?.key)) {
    out.push({
      path: `${path} (order)`,
      kind: 'changed',
      before: orderBefore.map((id) => id.label),
      after: orderAfter.map((id) => id.label),
    });
  }
  return out;
}

function diffByPosition(before: unknown[], after: unknown[], path: string): Change[] {
  const n = Math.max(before.length, after.length);
  const out: Change[] = [];
  for (let i = 0; i < n; i++) {
    const p = `${path}[${i}]`;
    if (i >= before.length) out.push({ path: p, kind: 'added', after: after[i] });
    else if (i >= after.length) out.push({ path: p, kind: 'removed', before: before[i] });
    else out.push(...diffJson(before[i], after[i], p));
  }
  return out;
}

export function diffJson(before: unknown, after: unknown, path = '$'): Change[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => {
      const p = `${path}.${k}`;
      if (!(k in before)) return [{ path: p, kind: 'added' as const, after: after[k] }];
      if (!(k in after)) return [{ path: p, kind: 'removed' as const, before: before[k] }];
      return diffJson(before[k], after[k], p);
    });
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const b = identities(before);
    const a = identities(after);
    return b && a ? diffKeyed(before, after, b, a, path) : diffByPosition(before, after, path);
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, kind: 'changed', before, after }];
}
