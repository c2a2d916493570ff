// The member's optional consents (newsletter, privacy) of /mypage/consent (spec 2, 4, 7).

import { AppError } from '#domain/errors.ts';
import { pickText } from '#domain/localized-text.ts';
import { consentOptionValues } from '#domain/mypage/consent-toggle.ts';
import { type ConsentBody, type ConsentType, consentOptionFor } from '#domain/validation/consent.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { ConsentRepo } from './repo.ts';

export function createConsentService(deps: { repo: ConsentRepo; clock: () => Date }) {
  const { repo, clock } = deps;
  /** A flag off: the screen and the call do not exist (404). */
  const assertOn = ({ store }: Scope, type: ConsentType) => {
    if (!store.settings.features[type]) throw new AppError('NOT_FOUND');
  };

  return {
    /** The options of one screen with the member's values (their choice, else the default), in the viewer's language. */
    async options(scope: Scope, accountId: string, type: ConsentType) {
      assertOn(scope, type);
      const chosen = await repo.chosen(accountId);
      return consentOptionValues(scope.store.settings.consentOptions, type, chosen).map((o) => ({
        consentOptionId: o.consentOptionId,
        key: o.key,
        title: pickText(o.title, scope.lang) ?? o.consentOptionId,
        description: pickText(o.description, scope.lang) ?? null,
        value: o.value,
      }));
    },

    /**
     * Sets one option to `value` and keeps the change with the privacy policy's current revision.
     * An unknown option, or one of the other screen, is a 400 and changes nothing.
     */
    async set(scope: Scope, accountId: string, body: ConsentBody): Promise<{ value: boolean }> {
      const { store } = scope;
      assertOn(scope, body.key);
      const option = consentOptionFor(store.settings.consentOptions, body);
      if (!option) throw new AppError('BAD_REQUEST', { field: 'consentOptionId', message: 'consent.unknownOption' });
      const policyRevision = store.settings.policies.find((p) => p.key === 'privacy')?.revision ?? null;
      await repo.record({
        accountId,
        consentOptionId: option.consentOptionId,
        value: body.value,
        policyRevision,
        at: clock(),
      });
      return { value: body.value };
    },
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;
