import { AppError } from '#domain/errors.ts';
import { safeRedirect } from '#domain/safe-redirect.ts';
import type { Account, AccountRepo } from '#server/platform/accounts/repo.ts';
import { describeClient } from '#server/platform/auth/device.ts';
import type { ExternalLoginType, LoginHistoryRepo, LoginType } from '#server/platform/auth/login-history.ts';
import { verifyPassword } from '#server/platform/auth/passwords.ts';
import { tooManyRequests } from '#server/platform/auth/rate-limit.ts';
import { accountKey, addressKey, type LoginThrottle, loginNameKey } from '#server/platform/auth/throttle.ts';
import type { FlowRepo } from '#server/platform/flows/repo.ts';
import { memberLanguage, type StoreMail } from '#server/platform/mail/store-mail.ts';
import type { BrowserTokens, SessionService } from '#server/platform/sessions/service.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { CodeVerification } from '#server/platform/verification/service.ts';

/** A started session: the tokens for the browser's cookies. */
export type SignedIn = { publicId: string; sid: string; latid: string; ttlSeconds: number; redirectTo: string };

/** A store without passwords signs members in by code only (the page offers no password mode). */
export function assertPasswordLogin(store: Scope['store']) {
  if (!store.settings.features.password) throw new AppError('FORBIDDEN', { message: 'login.passwordOff' });
}

export function createLoginService(deps: {
  accounts: AccountRepo;
  flows: FlowRepo;
  throttle: LoginThrottle;
  loginHistory: LoginHistoryRepo;
  sessions: SessionService;
  verification: CodeVerification;
  mail: StoreMail;
  clock: () => Date;
}) {
  const { accounts, flows, clock } = deps;

  async function record(caller: Scope, accountId: string, result: boolean, loginType: LoginType) {
    await deps.loginHistory.record({
      accountId,
      result,
      loginType,
      client: describeClient(caller.userAgent, caller.clientIp),
      at: clock(),
    });
  }

  /**
   * A wrong or refused password attempt: kept in the member's history when the name is a
   * member's. Strangers' attempts run the very same statement (it writes nothing for them), so the
   * answer takes as long whether or not the name is a member's.
   */
  async function recordFailure(caller: Scope, account: Account | null) {
    await deps.loginHistory.recordFailure({
      accountId: account?.id ?? null,
      loginType: 'password',
      client: describeClient(caller.userAgent, caller.clientIp),
      at: clock(),
    });
  }

  /** After any successful login: a new session, the alert mail for a new device, where to go. */
  async function signIn(caller: Scope, account: Account, browser: BrowserTokens, redirectTo: unknown): Promise<SignedIn> {
    const started = await deps.sessions.signIn(account.id, browser);
    if (started.newDevice) {
      const d = describeClient(caller.userAgent, caller.clientIp);
      await deps.mail.send(
        caller.store.settings,
        'loginAlert',
        account.email,
        { at: clock(), deviceName: d.deviceName, browser: d.browser, country: d.country, ip: d.ip },
        { lang: memberLanguage(account.language, 'ja') },
      );
    }
    const { sid, latid } = started;
    return { publicId: account.publicId, sid, latid, ttlSeconds: deps.sessions.ttlSeconds, redirectTo: safeRedirect(redirectTo) };
  }

  return {
    /**
     * Password login. Throttled per account (or per login name when none matches) and per
     * address; a failure answers the same whether or not the account exists, after the same
     * work (one password check, the same reads and writes).
     */
    async withPassword(
      caller: Scope,
      input: { emailUserId: string; password: string; redirectTo?: string },
      browser: BrowserTokens,
    ): Promise<SignedIn> {
      assertPasswordLogin(caller.store);
      const storeId = caller.store.storeId;
      const now = clock();
      const account = await accounts.findByLogin(input.emailUserId);
      const keys = {
        storeId,
        account: account ? accountKey(storeId, account.id) : loginNameKey(storeId, input.emailUserId),
        address: addressKey(storeId, caller.clientIp),
      };
      const decision = await deps.throttle.check(keys, now);
      if (!decision.allowed) {
        await recordFailure(caller, account);
        throw tooManyRequests(decision.retryAfterSeconds, { code: 'LOGIN_BLOCKED', messageKey: 'login.tryLater' });
      }
      // With no account (or no password), verifyPassword checks a dummy hash: both take the same time.
      const ok = await verifyPassword(account?.passwordHash, input.password);
      if (!account || !ok || !account.passwordHash) {
        await deps.throttle.recordFailure(keys, now);
        await recordFailure(caller, account);
        const byUserId = !input.emailUserId.includes('@');
        throw new AppError('LOGIN_FAILED', { message: byUserId ? 'login.wrongUserIdOrPassword' : 'login.wrongEmailOrPassword' });
      }
      await deps.throttle.recordSuccess(keys);
      await record(caller, account.id, true, 'password');
      return signIn(caller, account, browser, input.redirectTo);
    },

    /**
     * Asks for a login code for whatever name the viewer typed, member or not (the verification
     * service decides after the answer), and starts the code-login flow. Returns its token.
     */
    async requestCode(
      caller: Scope,
      input: { emailUserId: string; redirectTo?: string },
      previousFlow: string | undefined,
    ): Promise<{ token: string; maxAgeSeconds: number }> {
      const identifier = input.emailUserId.trim().toLowerCase();
      const minutes = caller.store.settings.authCode.validityMinutes;
      const expiresAt = new Date(clock().getTime() + minutes * 60_000);
      await deps.verification.send(caller, 'login', identifier);
      if (previousFlow) await flows.delete('login', previousFlow);
      const token = await flows.create('login', { identifier, redirectTo: safeRedirect(input.redirectTo, '/') }, expiresAt);
      return { token, maxAgeSeconds: minutes * 60 };
    },

    /** Code login: the code of the flow in progress signs its member in and ends the flow. */
    async withCode(caller: Scope, input: { authCode: string }, flowToken: string | undefined, browser: BrowserTokens): Promise<SignedIn> {
      const found = await deps.verification.flowOf('login', flowToken);
      if (!found?.flow.identifier) throw new AppError('INVALID_SESSION_FLOW', { message: 'login.codeExpired' });
      const { flow, token } = found;
      const identifier = flow.identifier as string;
      // The flow holds the typed name; a stranger's name has no code, so the check fails the same way.
      const account = await accounts.findByLogin(identifier);
      await deps.verification.check(caller, 'login', { token, flow, email: account?.email ?? identifier, code: input.authCode });
      if (!account) throw new AppError('PIN_CODE_ERROR', { field: 'authCode', message: 'authCode.failed' });
      await record(caller, account.id, true, 'authCode');
      await flows.delete('login', token);
      return signIn(caller, account, browser, flow.redirectTo);
    },

    /**
     * Login with an external ID the provider vouched for and the member linked before (decision
     * 0022): recorded with the provider as the method, then signed in like any login (the alert
     * mail on a new device). Null when the linked account is gone.
     */
    async withExternalId(
      caller: Scope,
      input: { accountId: string; provider: ExternalLoginType; redirectTo: string | null },
      browser: BrowserTokens,
    ): Promise<SignedIn | null> {
      const account = await accounts.findById(input.accountId);
      if (!account) return null;
      await record(caller, account.id, true, input.provider);
      return signIn(caller, account, browser, input.redirectTo);
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;
