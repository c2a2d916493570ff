/** A readable list of what changes between two JSON documents, as JSON paths. */
export type Change = { path: string; kind: 'added' | 'removed' | 'changed'; before?: unknown; after?: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, kind: 'changed', before, after }];
}
