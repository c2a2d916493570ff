/**
 * Cross-tab session check with real logins (spec 4): two tabs of one browser; a log-in or log-out
 * in tab A shows in tab B once B comes back (back/forward) to a page it rendered before.
 *
 * In Chromium the pages are `Cache-Control: no-store`, so going back fetches the page again and the
 * server renders it for the new session: the header is right without the check's reload (which
 * fires when a stale copy comes back: session-check.spec.ts covers it with a cached copy).
 * Either way is accepted here: what the viewer sees is checked, and that no stale page stays.
 */
import { expect, navigationType, test, waitForHydration } from '../fixtures.ts';
import { signUpByCalls } from '../mypage/member-support.ts';
import { expectSignedInHeader, expectSignedOutHeader, logInByPassword, logOutThroughMenu } from './support.ts';

const STORE = 'aozora';
/** A back/forward load, or the reload the session check makes of it. */
const BACK = /^(back_forward|reload)$/;

test('a log-in and a log-out in one tab show in the other after going back', async ({ page, context, storeUrl }) => {
  // Signed up by the calls: the sign-up pages have their own specs.
  const { email, password } = await signUpByCalls(page, storeUrl, STORE);
  const member = { email, password: password ?? '' };
  await page.goto(storeUrl(STORE, '/logout'));
  await expectSignedOutHeader(page);

  // Tab B, opened before the login, as a guest.
  const tabB = await context.newPage();
  await tabB.goto(storeUrl(STORE, '/'));
  await waitForHydration(tabB);
  await expectSignedOutHeader(tabB);

  // Tab A logs in.
  await logInByPassword(page, storeUrl, member);

  // Tab B goes to another page and back: the top page was rendered for a guest, so it reloads.
  await tabB.goto(storeUrl(STORE, '/plans'));
  await waitForHydration(tabB);
  await tabB.goBack();
  await expect(tabB).toHaveURL(storeUrl(STORE, '/'));
  await expect.poll(() => navigationType(tabB), { message: 'the page came back (fetched again or reloaded)' }).toMatch(BACK);
  await waitForHydration(tabB);
  await expectSignedInHeader(tabB);

  // Tab A logs out; tab B does the same round trip and is signed out.
  await logOutThroughMenu(page);
  await tabB.goto(storeUrl(STORE, '/plans'));
  await waitForHydration(tabB);
  await tabB.goBack();
  await expect(tabB).toHaveURL(storeUrl(STORE, '/'));
  await expect.poll(() => navigationType(tabB), { message: 'the page came back (fetched again or reloaded)' }).toMatch(BACK);
  await waitForHydration(tabB);
  await expectSignedOutHeader(tabB);
});
