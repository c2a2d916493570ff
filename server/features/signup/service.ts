import { AppError } from '#domain/errors.ts';
import type { PolicyConsent } from '#domain/validation/policy-consent.ts';
import type { SignupFormValues } from '#domain/validation/signup-form.ts';
import { passwordProblemMessageKeys, passwordProblems } from '#server/features/auth/password-rules.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import type { Flow } from '#server/features/flows/repo.ts';
import type { IdentityServices } from '#server/features/identity/services.ts';
import type { StoreContext } from '#server/tenancy/store-cache.ts';

export const SIGNUP_FLOW_COOKIE = 'sgf';
/** A sign-up may take a while (reading policies, filling the form): the flow lives two hours. */
export const SIGNUP_FLOW_MINUTES = 120;

/** The policies a sign-up asks consent to (terms and privacy, at their current revisions). */
export const signupPolicies = (store: StoreContext) => store.settings.policies;

/** Where the viewer goes after the code is proven: the policy step unless consent was given first. */
export function afterCodeStep(flow: Pick<Flow, 'policyConsent'>, store: StoreContext): string {
  const needsPolicy = signupPolicies(store).length > 0 && !flow.policyConsent;
  return needsPolicy ? '/signup/policy' : '/signup/form';
}

/** Creates the account from a validated form; the e-mail is the one the code proved. */
export async function createMember(
  ids: IdentityServices,
  store: StoreContext,
  input: { email: string; form: SignupFormValues; consents: PolicyConsent[]; language: 'ja' | 'en' },
) {
  const { password, passwordConfirm: _confirm, userId, ...profile } = input.form;
  if (password) {
    const problems = passwordProblems(password, { email: input.email, userId });
    const first = problems[0];
    if (first) throw new AppError('VALIDATION_FAILED', { fields: { password: passwordProblemMessageKeys[first] } });
  }
  if (userId && (await ids.accounts.userIdExists(store.storeId, userId))) {
    throw new AppError('ACCOUNT_ALREADY_EXISTS_USER_ID', { message: 'signup.userIdExists', fields: { userId: 'signup.userIdExists' } });
  }
  try {
    return await ids.accounts.create({
      storeId: store.storeId,
      email: input.email,
      userId: userId ?? null,
      passwordHash: password ? await hashPassword(password) : null,
      profile,
      language: input.language,
      consents: input.consents,
      at: ids.clock(),
    });
  } catch (e) {
    if (e instanceof AppError && e.code === 'ACCOUNT_ALREADY_EXISTS_EMAIL') {
      throw new AppError('ACCOUNT_ALREADY_EXISTS_EMAIL', { message: 'signup.emailExistsSummary', fields: { email: 'signup.emailExists' } });
    }
    if (e instanceof AppError && e.code === 'ACCOUNT_ALREADY_EXISTS_USER_ID') {
      throw new AppError('ACCOUNT_ALREADY_EXISTS_USER_ID', { message: 'signup.userIdExists', fields: { userId: 'signup.userIdExists' } });
    }
    throw e;
  }
}
