import type { Services } from '#server/composition.ts';
import { consentPages } from '#server/features/consents/pages.ts';
import { credentialPages } from '#server/features/credentials/pages.ts';
import { errorPages } from '#server/features/errors/pages.ts';
import { externalIdPages } from '#server/features/external-ids/pages.ts';
import { externalSignup } from '#server/features/external-ids/routes.ts';
import { licensePages } from '#server/features/licenses/pages.ts';
import { loginPages } from '#server/features/login/pages.ts';
import { outboxPages } from '#server/features/mail/outbox-page.ts';
import { myPagePages } from '#server/features/mypage/pages.ts';
import { oidcPages } from '#server/features/oidc/pages.ts';
import { passwordResetPages } from '#server/features/password-reset/pages.ts';
import { paymentHistoryPages } from '#server/features/payment-history/pages.ts';
import { paymentMethodPages } from '#server/features/payment-methods/pages.ts';
import { pinCodePages } from '#server/features/pin-code/pages.ts';
import { planPages } from '#server/features/plans/pages.ts';
import { policyPages } from '#server/features/policies/pages.ts';
import { profilePages } from '#server/features/profile/pages.ts';
import { purchasePages } from '#server/features/purchase/pages.ts';
import { signupPages } from '#server/features/signup/pages.ts';
import { subscriptionPages } from '#server/features/subscriptions/pages.ts';
import { withdrawalPages } from '#server/features/withdrawal/pages.ts';
import type { PageLoaders } from './types.ts';

/**
 * The one list of page-data loaders, each beside its feature. Every page of domain/page-data.ts
 * has exactly one (the type checker says which is missing), and each loader's data is checked
 * against its page's schema.
 */
export function pageLoaders(services: Services, rootDir: string): PageLoaders {
  const external = externalSignup(services.externalIds);
  return {
    ...planPages(services.plans),
    ...licensePages(rootDir),
    ...policyPages(),
    ...errorPages(),
    ...loginPages({ verification: services.verification, sessions: services.sessions }),
    ...signupPages({ verification: services.verification, plans: services.plans, externalSignup: external }),
    ...passwordResetPages(services.passwordReset),
    ...myPagePages(services.mypage, services.subscriptions, services.externalIds.listEntries),
    ...externalIdPages(),
    ...outboxPages({ mailer: services.mailer, config: services.config }),
    ...credentialPages(services),
    ...profilePages(services.profiles),
    ...consentPages(services.consents),
    ...pinCodePages(),
    ...paymentMethodPages({ paymentMethods: services.paymentMethods, gateway: services.gateway }),
    ...withdrawalPages(services.withdrawal),
    ...purchasePages({ purchases: services.purchases, plans: services.plans, gateway: services.gateway }),
    ...subscriptionPages({ subscriptions: services.subscriptions, plans: services.plans, purchases: services.purchases }),
    ...paymentHistoryPages(services.paymentHistory),
    ...oidcPages(services.oidc, services.connections, services.verification, external),
  };
}
