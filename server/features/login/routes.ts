import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '#domain/errors.ts';
import { authCodeSchema, loginCodeRequestSchema, loginPasswordSchema } from '#domain/validation/login.ts';
import type { AppEnv } from '#server/env.ts';
import { checkCodeInFlow } from '#server/features/auth/code-check.ts';
import { describeClient } from '#server/features/auth/device.ts';
import { assertHuman } from '#server/features/bot-check/verifier.ts';
import { clearFlowCookie, setFlowCookie, startSession } from '#server/features/identity/http.ts';
import { sendStoreMail } from '#server/features/identity/mail.ts';
import type { IdentityServices } from '#server/features/identity/services.ts';
import { authCodeDisplayName } from '#server/features/mail/templates.ts';
import { clientIp, parseInput, readJsonObject, safeRedirect } from '#server/http/input.ts';
import { LOGIN_FLOW_COOKIE, requestLoginCode } from './code-issue.ts';
import { createLoginService } from './service.ts';

export { LOGIN_FLOW_COOKIE };

const extra = { botToken: z.string().max(2000).optional(), redirectTo: z.string().max(2000).optional() };

/** POST /login (password or code) and POST /login/code (send the code). */
export function loginRoutes(ids: IdentityServices) {
  const app = new Hono<AppEnv>();
  const login = createLoginService(ids);

  const client = (c: Context<AppEnv>) => ({ ip: clientIp(c, ids.config.TRUST_PROXY), userAgent: c.req.header('user-agent') });

  /** After any successful login: session, alert mail for a new device, where to go. */
  async function signIn(
    c: Context<AppEnv>,
    account: { id: string; publicId: string; email: string; language: string },
    redirectTo: unknown,
  ) {
    const { newDevice } = await startSession(c, ids, account);
    if (newDevice) {
      const { ip, userAgent } = client(c);
      const d = describeClient(userAgent, ip);
      await sendStoreMail(
        c,
        ids,
        'loginAlert',
        account.email,
        { at: ids.clock(), deviceName: d.deviceName, browser: d.browser, country: d.country, ip: d.ip },
        { lang: account.language === 'en' ? 'en' : 'ja' },
      );
    }
    return c.json({ redirectTo: safeRedirect(redirectTo) });
  }

  app.post('/login', async (c) => {
    const settings = c.var.store.publicSettings;
    const body = await readJsonObject(c);
    if (body.userIdentifierMethod === 'AuthCode') {
      const input = parseInput(
        z.object({ authCode: authCodeSchema, userIdentifierMethod: z.literal('AuthCode'), ...extra }),
        body,
        ['authCode', 'userIdentifierMethod', 'emailUserId', 'botToken', 'redirectTo'],
        { authCode: authCodeDisplayName(c.var.store.settings, 'login', c.var.lang) },
      );
      const storeId = c.var.store.storeId;
      const token = c.var.cookies.get(LOGIN_FLOW_COOKIE);
      const flow = await ids.flows.find(storeId, 'login', token, ids.clock());
      if (!flow?.identifier || !token) throw new AppError('INVALID_SESSION_FLOW', { message: 'login.codeExpired' });
      // The flow holds the typed name; a stranger's name has no code, so the check fails the same way.
      const account = await ids.accounts.findByLogin(storeId, flow.identifier);
      // The code field of this form is `authCode` (spec 7).
      await checkCodeInFlow(ids, {
        storeId,
        kind: 'login',
        token,
        flow,
        email: account?.email ?? flow.identifier,
        purpose: 'login',
        code: input.authCode,
        clientIp: client(c).ip,
        field: 'authCode',
      });
      if (!account) throw new AppError('PIN_CODE_ERROR', { field: 'authCode', message: 'authCode.failed' });
      await login.record(c.var.store.storeId, account.id, true, 'authCode', client(c));
      await ids.flows.delete(c.var.store.storeId, 'login', token);
      clearFlowCookie(c, LOGIN_FLOW_COOKIE);
      return signIn(c, account, flow.redirectTo);
    }
    // A store without passwords signs members in by code only (the page offers no password mode).
    if (!settings.features.password) throw new AppError('FORBIDDEN', { message: 'login.passwordOff' });
    const input = parseInput(loginPasswordSchema(settings).extend(extra), body, ['emailUserId', 'password', 'botToken', 'redirectTo']);
    await assertHuman(settings.botCheck, input.botToken, { ip: client(c).ip, action: 'login' });
    const account = await login.withPassword(c.var.store.storeId, input, client(c));
    return signIn(c, account, input.redirectTo);
  });

  app.post('/login/code', async (c) => {
    const settings = c.var.store.publicSettings;
    const body = await readJsonObject(c);
    const input = parseInput(loginCodeRequestSchema(settings).extend(extra).extend({ isAmaltheaLogin: z.boolean().optional() }), body, [
      'emailUserId',
      'isAmaltheaLogin',
      'botToken',
      'redirectTo',
    ]);
    await assertHuman(settings.botCheck, input.botToken, { ip: client(c).ip, action: 'login' });
    const storeId = c.var.store.storeId;
    const identifier = input.emailUserId.trim().toLowerCase();
    const minutes = c.var.store.settings.authCode.validityMinutes;
    const expiresAt = new Date(ids.clock().getTime() + minutes * 60_000);
    await requestLoginCode(c, ids, identifier);
    const previous = c.var.cookies.get(LOGIN_FLOW_COOKIE);
    if (previous) await ids.flows.delete(storeId, 'login', previous);
    const token = await ids.flows.create(storeId, 'login', { identifier, redirectTo: safeRedirect(input.redirectTo, '/') }, expiresAt);
    setFlowCookie(c, LOGIN_FLOW_COOKIE, token, minutes * 60);
    return c.json({ redirectTo: '/login/code' });
  });

  return app;
}
