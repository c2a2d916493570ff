import type { PageContext } from 'vike/types';
import { describe, expect, it, vi } from 'vitest';
import { loadScreen } from './load.ts';

// One +data.shared.ts (client/pages/) gives every page this hook, the error page included: Vike runs
// the error page's data hook too, and it must not load the failed page's data once more.
const contextOf = (pageId: string, loadScreenData: PageContext['loadScreenData']) =>
  ({ pageId, urlParsed: { pathname: '/plans', searchOriginal: '?a=1' }, loadScreenData }) as unknown as PageContext;

describe('loadScreen', () => {
  it("loads a page's screen data", async () => {
    const load = vi.fn(async () => ({ data: { plans: [] } }));
    await expect(loadScreen(contextOf('/client/pages/plans', load))).resolves.toEqual({ plans: [] });
    expect(load).toHaveBeenCalledWith('/plans', '?a=1');
  });

  it('loads nothing for the error page', async () => {
    const load = vi.fn(async () => ({ data: { plans: [] } }));
    await expect(loadScreen(contextOf('/client/pages/_error', load))).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });
});
