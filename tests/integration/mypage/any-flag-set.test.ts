import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { createHarness } from '../app-harness.ts';
import { browser, loginWithPassword, seedMember, uniqueEmail } from '../identity/support.ts';

// Issue 8, "done when": a store document the project has never seen, with a different flag set,
// gets the right account area without code changes. Store documents with random flag sets (and
// consent options for both screens) are applied to the running app; a member of each sees exactly
// the rows its flags allow, and every page of a flag answers 404 when the flag is off and not when
// it is on. Properties of the flags themselves, not a copy of the code's row table.

const h = await createHarness();
afterAll(() => h.close());

const PASSWORD = 'anyflags2026ok';
const flagSets = fc.record({
  newsletter: fc.boolean(),
  privacy: fc.boolean(),
  pinCode: fc.boolean(),
  oidcConnections: fc.boolean(),
  userId: fc.boolean(),
  profileImage: fc.boolean(),
});
type Flags = { newsletter: boolean; privacy: boolean; pinCode: boolean; oidcConnections: boolean; userId: boolean; profileImage: boolean };

/** The pages each flag owns (the flag off: 404 for a member too). */
const PAGES_OF: Record<keyof Flags, string[]> = {
  newsletter: ['/mypage/consent?type=newsletter'],
  privacy: ['/mypage/consent?type=privacy'],
  pinCode: ['/mypage/pin-code'],
  oidcConnections: [],
  userId: ['/mypage/user-id/edit'],
  profileImage: ['/mypage/profile/edit'],
};

let n = 0;

describe('a store with any flag set', () => {
  it('shows a member the rows its flags allow, and answers 404 for exactly the pages of the flags it has off', async () => {
    await fc.assert(
      fc.asyncProperty(flagSets, async (flags) => {
        const storeId = `anyflags${++n}`;
        const host = `${storeId}.test.localhost`;
        await h.apply(
          tenantDoc(storeId, {
            hosts: [host],
            features: { ...flags, password: true },
            consentOptions: [
              { consentOptionId: 'mail', key: 'newsletter', title: { ja: 'お知らせメール' } },
              { consentOptionId: 'ads', key: 'privacy', title: { ja: '広告の最適化' } },
            ],
          }),
        );
        const email = uniqueEmail(storeId);
        await seedMember(h, storeId, { email, password: PASSWORD });
        const b = browser(h, host);
        expect((await loginWithPassword(b, email, PASSWORD)).status).toBe(200);

        const top = await b.screen('/mypage');
        expect(top.status).toBe(200);
        const data = top.body as { accountRows: Array<{ kind: string }>; privacyRows: string[] };
        const account = data.accountRows.map((r) => r.kind);
        expect(account.includes('userId')).toBe(flags.userId);
        expect(account.includes('profileImage')).toBe(flags.profileImage);
        expect(account).toContain('email');
        expect(account).toContain('password');
        expect(data.privacyRows.includes('newsletter')).toBe(flags.newsletter);
        expect(data.privacyRows.includes('privacy')).toBe(flags.privacy);
        expect(data.privacyRows.includes('pinCode')).toBe(flags.pinCode);
        expect(data.privacyRows.includes('connections')).toBe(flags.oidcConnections);
        expect(data.privacyRows).toContain('loginHistory');
        expect(data.privacyRows).toContain('withdrawal');

        for (const [flag, pages] of Object.entries(PAGES_OF) as Array<[keyof Flags, string[]]>) {
          for (const page of pages) {
            const answer = await b.screen(page);
            if (flags[flag]) expect(answer.status, `${page} with ${flag} on`).toBe(200);
            else expect(answer.status, `${page} with ${flag} off`).toBe(404);
          }
        }
      }),
      { numRuns: 12, seed: 20261125 },
    );
  }, 120_000);
});
