/** Matches a path against a route pattern such as /plans/@planId; returns the params or null. */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const norm = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p) || '/';
  const a = norm(pattern).split('/');
  const b = norm(path).split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const seg = a[i] as string;
    const val = b[i] as string;
    if (seg.startsWith('@')) {
      if (!val) return null;
      try {
        params[seg.slice(1)] = decodeURIComponent(val);
      } catch {
        return null;
      }
    } else if (seg !== val) return null;
  }
  return params;
}
