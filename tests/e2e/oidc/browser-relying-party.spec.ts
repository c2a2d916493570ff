import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { expect, type Page, test } from '../fixtures.ts';
import { signUpByCalls } from '../mypage/member-support.ts';
import { ROOT } from '../server-process.ts';
import { CALLBACK } from './support.ts';

// A browser relying party: oidc-client-ts (its browser bundle, default settings but
// loadUserInfo) in a page of the app's own origin (the loopback redirect URI's), in Chromium as
// it comes, through login, consent, userinfo, refresh, revocation and logout on two demo stores
// (issue 24). The app's pages come from a small server of the test, the store's from the server.

const APP_ORIGIN = new URL(CALLBACK).origin;
const LIBRARY = readFileSync(join(ROOT, 'node_modules/oidc-client-ts/dist/browser/oidc-client-ts.min.js'), 'utf8');

/**
 * The app's server on its loopback origin: every page loads the library and makes its
 * UserManager for the store of the test (`app.settings`). A real server, not page.route: Chromium
 * lets a loopback page call the loopback store, but not a page it cannot place (local network
 * access).
 */
const app = {
  settings: {} as Record<string, unknown>,
  server: createServer((req, res) => {
    if (new URL(req.url ?? '/', APP_ORIGIN).pathname === '/oidc-client-ts.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(LIBRARY);
      return;
    }
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title><script src="/oidc-client-ts.js"></script><script>window.mgr = new oidc.UserManager(${JSON.stringify(app.settings)});</script></head><body><main><h1>app</h1></main></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }),
};

// One worker at a time holds the app's port: these tests run in order, at the desktop width only.
const DESKTOP = 'desktop';
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  if (test.info().project.name !== DESKTOP) return;
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject);
    app.server.listen(Number(new URL(APP_ORIGIN).port), '127.0.0.1', resolve);
  });
});
test.afterAll(async () => {
  if (app.server.listening) await new Promise<void>((resolve) => app.server.close(() => resolve()));
});

function serveApp(authority: string, clientId: string) {
  app.settings = {
    authority,
    client_id: clientId,
    redirect_uri: CALLBACK,
    post_logout_redirect_uri: CALLBACK,
    scope: 'openid profile email',
    loadUserInfo: true,
  };
}

/** The store's userinfo as the app's server would call it (loopback with the store's Host). */
function userinfoStatus(port: number, storeId: string, accessToken: string) {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/oidc/me',
        headers: { host: `${storeId}.localhost:${port}`, authorization: `Bearer ${accessToken}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Waits for the app's page to have made its UserManager: the URL changes when the navigation
 * commits, before the page's scripts (the library is an external script) have run.
 */
async function appReady(page: Page) {
  await page.waitForFunction(() => 'mgr' in window);
}

type AppUser = { sub: string; email?: string; access: string; refresh?: string };
type Window = { mgr: Record<string, () => Promise<unknown>> };

/** A new member of the store signs in to the app through the library: login at the store, consent, the code redeemed. */
async function signInWithLibrary(page: Page, storeUrl: (storeId: string, path?: string) => string, storeId: string, clientId: string) {
  const member = await signUpByCalls(page, storeUrl, storeId);
  serveApp(storeUrl(storeId, ''), clientId);
  await page.goto(`${APP_ORIGIN}/`);
  // The library navigates away: its promise is not awaited in the page.
  await page.evaluate(() => {
    void (window as unknown as Window).mgr.signinRedirect?.();
  });
  // Signed in to the store already: straight to the consent screen.
  await expect(page).toHaveURL(/\/oidc\/consent\?uid=/);
  await page.getByRole('button', { name: '許可する' }).click();
  await expect(page).toHaveURL(new RegExp(`^${CALLBACK}\\?code=`));
  await appReady(page);
  const user = await page.evaluate(async (): Promise<AppUser> => {
    type User = { profile: { sub: string; email?: string }; access_token: string; refresh_token?: string };
    const signedIn = (await (window as unknown as Window).mgr.signinRedirectCallback?.()) as User;
    return { sub: signedIn.profile.sub, email: signedIn.profile.email, access: signedIn.access_token, refresh: signedIn.refresh_token };
  });
  return { member, user };
}

for (const [storeId, clientId] of [
  ['aozora', 'aozora-web-demo'],
  ['kurenai', 'kurenai-app-demo'],
] as const) {
  test(`oidc-client-ts in Chromium signs a member of ${storeId} in, reads userinfo, refreshes and signs out`, async ({
    page,
    storeUrl,
    server,
    allowConsoleErrors,
  }, testInfo) => {
    test.skip(testInfo.project.name !== DESKTOP, 'one browser width is enough for the protocol');
    // The provider's logout confirmation is a bare page without an icon: Chromium asks for /favicon.ico.
    allowConsoleErrors(/favicon\.ico/);
    const { member, user } = await signInWithLibrary(page, storeUrl, storeId, clientId);
    expect(user.sub).toBeTruthy();
    // The e-mail came from userinfo (loadUserInfo), read by the library across origins (CORS).
    expect(user.email).toBe(member.email);
    expect(user.refresh).toBeTruthy();

    // Refresh: the library's silent renewal uses the refresh token.
    const refreshed = await page.evaluate(async (): Promise<AppUser> => {
      type User = { profile: { sub: string }; access_token: string; refresh_token?: string };
      const renewed = (await (window as unknown as Window).mgr.signinSilent?.()) as User | null;
      if (!renewed) throw new Error('no user after the refresh');
      return { sub: renewed.profile.sub, access: renewed.access_token, refresh: renewed.refresh_token };
    });
    expect(refreshed.sub).toBe(user.sub);
    expect(refreshed.access).not.toBe(user.access);
    expect(await userinfoStatus(server.port, storeId, refreshed.access)).toBe(200);

    // Logout: the provider's confirmation, then back to the app, which forgets the member.
    await page.evaluate(() => {
      void (window as unknown as Window).mgr.signoutRedirect?.();
    });
    await expect(page).toHaveURL(/\/oidc\/session\/end/);
    await page.getByRole('button', { name: 'ストアからログアウトする / Sign out of the store' }).click();
    await expect(page).toHaveURL(CALLBACK);
    await appReady(page);
    const after = await page.evaluate(async () => {
      const mgr = (window as unknown as Window).mgr;
      await mgr.signoutRedirectCallback?.();
      return mgr.getUser?.();
    });
    expect(after).toBeNull();
  });

  test(`oidc-client-ts in Chromium revokes the tokens of a member of ${storeId}`, async ({ page, storeUrl, server }, testInfo) => {
    test.skip(testInfo.project.name !== DESKTOP, 'one browser width is enough for the protocol');
    const { user } = await signInWithLibrary(page, storeUrl, storeId, clientId);
    expect(await userinfoStatus(server.port, storeId, user.access)).toBe(200);
    await page.evaluate(() => (window as unknown as Window).mgr.revokeTokens?.());
    expect(await userinfoStatus(server.port, storeId, user.access)).toBe(401);
  });
}
