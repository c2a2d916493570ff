import { resolveRoute } from 'vike/routing';
import { describe, expect, it } from 'vitest';

// Vike is patched to compile each Route String once (patches/vike+0.4.266.patch, decision 0026):
// the same Route String must still match every path on its own, with fresh parameters each time.
describe('Vike route strings (patched)', () => {
  it('match each path with its own parameters when the same Route String is reused', () => {
    expect(resolveRoute('/plans/@planId', '/plans/standard-monthly')).toEqual({ match: true, routeParams: { planId: 'standard-monthly' } });
    const second = resolveRoute('/plans/@planId', '/plans/premium-yearly');
    expect(second).toEqual({ match: true, routeParams: { planId: 'premium-yearly' } });
    second.routeParams.planId = 'changed';
    expect(resolveRoute('/plans/@planId', '/plans/premium-yearly').routeParams).toEqual({ planId: 'premium-yearly' });
    expect(resolveRoute('/plans/@planId', '/plans')).toEqual({ match: false, routeParams: {} });
    expect(resolveRoute('/plans/@planId', '/plans/a/b').match).toBe(false);
  });

  it('keep static parts literal and globs as before', () => {
    expect(resolveRoute('/a.b', '/a.b').match).toBe(true);
    expect(resolveRoute('/a.b', '/axb').match).toBe(false);
    expect(resolveRoute('/login', '/login/').match).toBe(true);
    expect(resolveRoute('/docs/*', '/docs/x/y')).toEqual({ match: true, routeParams: { '*': 'x/y' } });
    expect(resolveRoute('/*/a/*', '/p/a/q')).toEqual({ match: true, routeParams: { '*1': 'p', '*2': 'q' } });
  });
});
