import type { Services } from '#server/app/composition.ts';
import { consentScreens } from '#server/features/consents/screens.ts';
import { credentialScreens } from '#server/features/credentials/screens.ts';
import { watchScreens } from '#server/features/entitlements/screens.ts';
import { errorScreens } from '#server/features/errors/screens.ts';
import { externalSignup } from '#server/features/external-ids/routes.ts';
import { externalIdScreens } from '#server/features/external-ids/screens.ts';
import { legalScreens } from '#server/features/legal/screens.ts';
import { licenseScreens } from '#server/features/licenses/screens.ts';
import { loginScreens } from '#server/features/login/screens.ts';
import { myPageScreens } from '#server/features/mypage/screens.ts';
import { oidcScreens } from '#server/features/oidc/screens.ts';
import { passwordResetScreens } from '#server/features/password-reset/screens.ts';
import { paymentHistoryScreens } from '#server/features/payment-history/screens.ts';
import { paymentMethodScreens } from '#server/features/payment-methods/screens.ts';
import { pinCodeScreens } from '#server/features/pin-code/screens.ts';
import { planScreens } from '#server/features/plans/screens.ts';
import { policyScreens } from '#server/features/policies/screens.ts';
import { profileScreens } from '#server/features/profile/screens.ts';
import { purchaseScreens } from '#server/features/purchase/screens.ts';
import { signupScreens } from '#server/features/signup/screens.ts';
import { subscriptionScreens } from '#server/features/subscriptions/screens.ts';
import { withdrawalScreens } from '#server/features/withdrawal/screens.ts';
import { outboxScreens } from '#server/platform/mail/outbox-screen.ts';
import type { ScreenLoaders } from '#server/platform/screens/types.ts';

/**
 * The one list of screen-data loaders, each beside its feature. Every page of domain/screen-data.ts
 * has exactly one (the type checker says which is missing), and each loader's data is checked
 * against its page's schema.
 */
export function screenLoaders(services: Services, rootDir: string): ScreenLoaders {
  const external = externalSignup(services.externalIds);
  return {
    ...planScreens(services.plans),
    ...licenseScreens(rootDir),
    ...policyScreens(),
    ...legalScreens(),
    ...errorScreens(),
    ...loginScreens({ verification: services.verification, sessions: services.sessions }),
    ...signupScreens({ verification: services.verification, plans: services.plans, externalSignup: external }),
    ...passwordResetScreens(services.passwordReset),
    ...myPageScreens(services.mypage, services.subscriptions, services.externalIds.listEntries, services.entitlements.watchableBeside),
    ...watchScreens(),
    ...externalIdScreens(),
    ...outboxScreens({ mailer: services.mailer, config: services.config }),
    ...credentialScreens(services),
    ...profileScreens(services.profiles),
    ...consentScreens(services.consents),
    ...pinCodeScreens(),
    ...paymentMethodScreens({ paymentMethods: services.paymentMethods, gateway: services.gateway }),
    ...withdrawalScreens(services.withdrawal),
    ...purchaseScreens({ purchases: services.purchases, plans: services.plans, gateway: services.gateway }),
    ...subscriptionScreens({ subscriptions: services.subscriptions, plans: services.plans, purchases: services.purchases }),
    ...paymentHistoryScreens(services.paymentHistory),
    ...oidcScreens(services.oidc, services.connections, services.verification, external),
  };
}
