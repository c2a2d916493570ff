import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '#domain/errors.ts';
import { emailSchema } from '#domain/validation/email.ts';
import { passwordResetSchema } from '#domain/validation/password.ts';
import type { AppEnv } from '#server/env.ts';
import { passwordProblemMessageKeys, passwordProblems } from '#server/features/auth/password-rules.ts';
import { hashPassword, verifyPassword } from '#server/features/auth/passwords.ts';
import type { IdentityServices } from '#server/features/identity/services.ts';
import { clientIp, parseInput, readJsonObject } from '#server/http/input.ts';
import type { PasswordResetRepo } from './repo.ts';

export { RESET_LINK_MINUTES, RESET_LINKS_PER_HOUR } from './constants.ts';

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
    const { email } = parseInput(z.object({ email: emailSchema(c.var.store.settings.signupFields.maxLengths.email) }), body, ['email']);
    const storeId = c.var.store.storeId;
    // Always the same answer, and the same work before it: whether the address is registered is
    // decided by the mail worker after the answer (mail-jobs.ts, decision 0009).
    await ids.sendLimits.request({ storeId, clientIp: clientIp(c, ids.config.TRUST_PROXY), purpose: 'passwordReset', name: email });
    await ids.mailQueue.enqueue(storeId, 'passwordReset', { email, lang: c.var.lang });
    ids.mailQueue.kick();
    return c.json({ redirectTo: '/password/forgot/complete' });
  });

  app.post('/reset', async (c) => {
    const store = c.var.store;
    const body = await readJsonObject(c);
    const input = parseInput(passwordResetSchema(store.settings.passwordStrength), body, ['token', 'password', 'passwordConfirm']);
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
