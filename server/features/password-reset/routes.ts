import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '#domain/errors.ts';
import { emailSchema } from '#domain/validation/email.ts';
import { passwordResetSchema } from '#domain/validation/password.ts';
import type { AppEnv } from '#server/env.ts';
import { passwordProblemMessageKeys, passwordProblems } from '#server/features/auth/password-rules.ts';
import { hashPassword, verifyPassword } from '#server/features/auth/passwords.ts';
import { requestOrigin } from '#server/features/identity/http.ts';
import { sendStoreMail } from '#server/features/identity/mail.ts';
import type { IdentityServices } from '#server/features/identity/services.ts';
import { parseInput, readJsonObject } from '#server/http/input.ts';
import type { PasswordResetRepo } from './repo.ts';

/** How long a reset link works, and how many links one account may get per hour. */
export const RESET_LINK_MINUTES = 30;
export const RESET_LINKS_PER_HOUR = 5;

/** POST /zapi/auth/password/forgot and /zapi/auth/password/reset. */
export function passwordResetRoutes(ids: IdentityServices, resets: PasswordResetRepo) {
  const app = new Hono<AppEnv>();
  // A store without passwords (features.password false) has no password to reset.
  app.use(async (c, next) => {
    if (!c.var.store.settings.features.password) throw new AppError('NOT_FOUND');
    await next();
  });

  app.post('/forgot', async (c) => {
    const body = await readJsonObject(c);
    const { email } = parseInput(c, z.object({ email: emailSchema(c.var.store.settings.signupFields.maxLengths.email) }), body, ['email']);
    const storeId = c.var.store.storeId;
    const account = await ids.accounts.findByEmail(storeId, email);
    const now = ids.clock();
    // Always the same answer: whether the address is registered is not revealed.
    if (account && (await resets.countSince(storeId, account.id, new Date(now.getTime() - 3_600_000))) < RESET_LINKS_PER_HOUR) {
      const token = await resets.create(storeId, account.id, new Date(now.getTime() + RESET_LINK_MINUTES * 60_000));
      const resetUrl = `${requestOrigin(c)}/password/reset?token=${encodeURIComponent(token)}`;
      await sendStoreMail(
        c,
        ids,
        'passwordReset',
        account.email,
        { resetUrl, validityMinutes: RESET_LINK_MINUTES },
        { lang: account.language === 'en' ? 'en' : c.var.lang, devLog: { resetUrl } },
      );
    }
    return c.json({ redirectTo: '/password/forgot/complete' });
  });

  app.post('/reset', async (c) => {
    const store = c.var.store;
    const body = await readJsonObject(c);
    const input = parseInput(c, passwordResetSchema(store.settings.passwordStrength), body, ['token', 'password', 'passwordConfirm']);
    const now = ids.clock();
    const accountId = await resets.find(store.storeId, input.token, now);
    const account = accountId ? await ids.accounts.findById(store.storeId, accountId) : null;
    if (!account) throw new AppError('INVALID_RESET_TOKEN', { message: 'reset.invalidToken' });
    if (await verifyPassword(account.passwordHash, input.password)) {
      throw new AppError('INVALID_PASSWORD_REUSED', { message: 'password.reused', fields: { password: 'password.reused' } });
    }
    const problem = passwordProblems(input.password, { email: account.email, userId: account.userId })[0];
    if (problem) throw new AppError('VALIDATION_FAILED', { fields: { password: passwordProblemMessageKeys[problem] } });
    const hash = await hashPassword(input.password);
    if (!(await resets.consume(store.storeId, input.token, now)))
      throw new AppError('INVALID_RESET_TOKEN', { message: 'reset.invalidToken' });
    await ids.accounts.setPassword(store.storeId, account.id, hash, now);
    await resets.expireAll(store.storeId, account.id, now);
    // Whoever knew the old password is signed out everywhere.
    await ids.sessions.endAll(store.storeId, account.id);
    return c.json({ redirectTo: '/password/reset/complete' });
  });

  return app;
}
