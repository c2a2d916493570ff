import { AppError } from '#domain/errors.ts';
import type { PolicyConsent } from '#domain/validation/policy-consent.ts';
import type { SignupFormValues } from '#domain/validation/signup-form.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import { passwordProblemMessageKeys, passwordProblems } from '#server/platform/auth/password-rules.ts';
import { hashPassword } from '#server/platform/auth/passwords.ts';

const userIdTaken = () =>
  new AppError('ACCOUNT_ALREADY_EXISTS_USER_ID', { message: 'signup.userIdExists', fields: { userId: 'signup.userIdExists' } });

/** Creates the account from a validated form; the e-mail is the one the code proved. */
export async function createMember(
  deps: { accounts: AccountRepo; clock: () => Date },
  input: { email: string; form: SignupFormValues; consents: PolicyConsent[]; language: 'ja' | 'en' },
) {
  const { password, passwordConfirm: _confirm, userId, ...profile } = input.form;
  if (password) {
    const problems = passwordProblems(password, { email: input.email, userId });
    const first = problems[0];
    if (first) throw new AppError('VALIDATION_FAILED', { fields: { password: passwordProblemMessageKeys[first] } });
  }
  if (userId && (await deps.accounts.userIdExists(userId))) throw userIdTaken();
  try {
    return await deps.accounts.create({
      email: input.email,
      userId: userId ?? null,
      passwordHash: password ? await hashPassword(password) : null,
      profile,
      language: input.language,
      consents: input.consents,
      at: deps.clock(),
    });
  } catch (e) {
    if (e instanceof AppError && e.code === 'ACCOUNT_ALREADY_EXISTS_EMAIL') {
      throw new AppError('ACCOUNT_ALREADY_EXISTS_EMAIL', { message: 'signup.emailExistsSummary', fields: { email: 'signup.emailExists' } });
    }
    if (e instanceof AppError && e.code === 'ACCOUNT_ALREADY_EXISTS_USER_ID') throw userIdTaken();
    throw e;
  }
}
