// The stores and members of the basic-information and profile-image tests.

import { inStore } from '#server/db/scope.ts';
import { createAccountRepo } from '#server/platform/accounts/repo.ts';
import { hashPassword } from '#server/platform/auth/passwords.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { browser, type Harness, loginWithPassword, uniqueEmail } from '../identity/support.ts';

export const SORA = 'sora.test.localhost';
export const MORI = 'mori.test.localhost';
export const KAEDE = 'kaede.test.localhost';
export const PASSWORD = 'sora2026ok';

/** sora: profile images, a user ID, name and sex required (no 'decline'), no address fields. */
export const soraDoc = () =>
  tenantDoc('sora', {
    hosts: [SORA],
    features: { userId: true, profileImage: true },
    disallowUnknownGender: true,
    signupFields: {
      userId: 'OPTIONAL',
      name: 'REQUIRED',
      nameKana: 'OPTIONAL',
      nickname: 'OPTIONAL',
      sex: 'REQUIRED',
      birthday: 'OPTIONAL',
      phoneNumber: 'OPTIONAL',
      message: 'OPTIONAL',
    },
  });

/** mori: no profile images; split names, an address, and three store questions. */
export const moriDoc = () =>
  tenantDoc('mori', {
    hosts: [MORI],
    signupFields: {
      familyName: 'REQUIRED',
      givenName: 'REQUIRED',
      familyNameKana: 'OPTIONAL',
      givenNameKana: 'OPTIONAL',
      nickname: 'NOT_USE',
      postalCode: 'OPTIONAL',
      prefecture: 'REQUIRED',
      address: 'OPTIONAL',
      customAssociatedInfo: [
        {
          id: 'referral',
          title: { ja: 'きっかけ' },
          type: 'SELECT',
          rule: 'REQUIRED',
          selectOptions: [
            { id: 'tv', label: { ja: 'テレビ' } },
            { id: 'web', label: { ja: 'ウェブ' } },
          ],
        },
        {
          id: 'interests',
          title: { ja: '興味' },
          type: 'CHECKBOX',
          rule: 'OPTIONAL',
          selectOptions: [
            { id: 'forest', label: { ja: '森' } },
            { id: 'ocean', label: { ja: '海' } },
          ],
        },
        { id: 'organization', title: { ja: '団体名' }, type: 'TEXT', rule: 'OPTIONAL' },
      ],
    },
  });

/** kaede: profile images on, like sora: another store whose addresses must not reach sora's pictures. */
export const kaedeDoc = () => tenantDoc('kaede', { hosts: [KAEDE], features: { profileImage: true } });

/** A member of the store at `host` with a stored profile, signed in in a fresh browser. */
export async function signedInMember(h: Harness, host: string, storeId: string, profile: Record<string, unknown>, userId?: string) {
  const email = uniqueEmail(storeId);
  const account = await inStore(storeId, async () =>
    createAccountRepo(h.database.db).create({
      email,
      userId: userId ?? null,
      passwordHash: await hashPassword(PASSWORD),
      profile,
      at: new Date(),
    }),
  );
  const b = browser(h, host);
  const login = await loginWithPassword(b, email, PASSWORD);
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { b, account, email };
}

/** The stored profile of an account (read as the database owner). */
export async function storedProfile(h: Harness, storeId: string, accountId: string): Promise<Record<string, unknown>> {
  const found = await inStore(storeId, () => createAccountRepo(h.database.db).findById(accountId));
  return (found?.profile ?? {}) as Record<string, unknown>;
}
