// The credential calls of My Page (spec 7): the e-mail change, the password setting and change,
// the user-ID change. Each needs a signed-in member (401) and its store flag (404, even for a guest).
import { type Context, Hono } from 'hono';
import { AppError } from '#domain/errors.ts';
import { clearFlowCookie, flowToken, setFlowCookie } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { callArgs, parseCall, readCall, readJsonObject } from '#server/platform/http/input.ts';
import { assertCallFeature, memberOf as member } from '#server/platform/http/member.ts';
import { authCodeDisplayName } from '#server/platform/mail/templates.ts';
import { SID } from '#server/platform/sessions/cookies.ts';
import type { EmailChangeService } from './email-change.ts';
import type { PasswordService } from './passwords.ts';
import type { UserIdChangeService } from './user-id-change.ts';

/** The signed-in member of a call whose flag is on; NOT_FOUND first, so a guest learns nothing else. */
function memberOf(c: Context<AppEnv>) {
  assertCallFeature(c);
  const account = member(c);
  const sid = c.var.cookies.get(SID);
  if (!sid) throw new AppError('UNAUTHORIZED');
  return { account, sid };
}

export function credentialRoutes(deps: { emailChange: EmailChangeService; passwords: PasswordService; userIdChange: UserIdChangeService }) {
  const app = new Hono<AppEnv>();
  const codeLabel = (c: Context<AppEnv>, purpose: 'mailEdit' | 'passwordSetting') => ({
    pinCode: authCodeDisplayName(c.var.store.settings, purpose, c.var.lang),
  });

  app.post('/email/edit/send-pin-code', async (c) => {
    const { account } = memberOf(c);
    const [input] = await readCall(c, 'POST /zapi/account/email/edit/send-pin-code', { currentEmail: account.email });
    const flow = await deps.emailChange.start(c.var.scope, account.accountId, input.email, flowToken(c, 'mailEdit'));
    setFlowCookie(c, 'mailEdit', flow.token, flow.maxAgeSeconds);
    return c.json({ redirectTo: '/mypage/email/edit/pin-code' });
  });

  app.post('/email/edit', async (c) => {
    const { account } = memberOf(c);
    const [input] = await readCall(c, 'POST /zapi/account/email/edit', {}, codeLabel(c, 'mailEdit'));
    await deps.emailChange.complete(c.var.scope, account.accountId, input, flowToken(c, 'mailEdit'));
    clearFlowCookie(c, 'mailEdit');
    return c.json({ redirectTo: '/mypage/email/edit/complete' });
  });

  app.post('/enable-password', async (c) => {
    const { account } = memberOf(c);
    const [input] = await readCall(c, 'POST /zapi/account/enable-password', {}, codeLabel(c, 'passwordSetting'));
    await deps.passwords.enable(c.var.scope, account.accountId, input, flowToken(c, 'passwordSetting'));
    clearFlowCookie(c, 'passwordSetting');
    return c.json({ redirectTo: '/mypage/enable-password/complete' });
  });

  app.post('/password/edit', async (c) => {
    const { account, sid } = memberOf(c);
    const [input] = await readCall(c, 'POST /zapi/account/password/edit');
    await deps.passwords.change(c.var.scope, account.accountId, input, sid);
    return c.json({ redirectTo: '/mypage/password/edit/complete' });
  });

  app.post('/user-id/edit', async (c) => {
    const { account } = memberOf(c);
    // Confirmed with the password: a store without passwords has no user-ID change.
    if (!c.var.store.settings.features.password) throw new AppError('NOT_FOUND');
    const body = await readJsonObject(c);
    const current = await deps.userIdChange.current(account.accountId);
    const [{ userId, password }] = parseCall('POST /zapi/account/user-id/edit', body, callArgs(c, { currentUserId: current }));
    // A REQUIRED field is never null once parsed; the type of the shared field allows it.
    if (userId === null) throw new AppError('VALIDATION_FAILED');
    await deps.userIdChange.change(c.var.scope, account.accountId, { userId, password });
    return c.json({ redirectTo: '/mypage/user-id/edit/complete' });
  });

  return app;
}
