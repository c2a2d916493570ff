import type { Services } from '#server/app/composition.ts';
import { consentPages } from '#server/features/consents/screens.ts';
import { credentialPages } from '#server/features/credentials/screens.ts';
import { errorPages } from '#server/features/errors/screens.ts';
import { externalSignup } from '#server/features/external-ids/routes.ts';
import { externalIdPages } from '#server/features/external-ids/screens.ts';
import { licensePages } from '#server/features/licenses/screens.ts';
import { loginPages } from '#server/features/login/screens.ts';
import { myPagePages } from '#server/features/mypage/screens.ts';
import { oidcPages } from '#server/features/oidc/screens.ts';
import { passwordResetPages } from '#server/features/password-reset/screens.ts';
import { paymentHistoryPages } from '#server/features/payment-history/screens.ts';
import { paymentMethodPages } from '#server/features/payment-methods/screens.ts';
import { pinCodePages } from '#server/features/pin-code/screens.ts';
import { planPages } from '#server/features/plans/screens.ts';
import { policyPages } from '#server/features/policies/screens.ts';
import { profilePages } from '#server/features/profile/screens.ts';
import { purchasePages } from '#server/features/purchase/screens.ts';
import { signupPages } from '#server/features/signup/screens.ts';
import { subscriptionPages } from '#server/features/subscriptions/screens.ts';
import { withdrawalPages } from '#server/features/withdrawal/screens.ts';
import { outboxPages } from '#server/platform/mail/outbox-screen.ts';
import type { PageLoaders } from './types.ts';

/**
 * The one list of page-data loaders, each beside its feature. Every page of domain/screen-data.ts
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
