import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { createAccountRepo } from '#server/features/accounts/repo.ts';
import { type AuthCodeService, createAuthCodeService } from '#server/features/auth/codes.ts';
import { createLoginHistoryRepo } from '#server/features/auth/login-history.ts';
import { loadSecret, SECRET_NAMES } from '#server/features/auth/secrets.ts';
import { createLoginThrottle, USER_ID_CHECK_THROTTLE } from '#server/features/auth/throttle.ts';
import { createFlowRepo } from '#server/features/flows/repo.ts';
import { createMailer } from '#server/features/mail/mailer.ts';
import type { SessionRepo } from '#server/features/sessions/repo.ts';
import type { SessionService } from '#server/features/sessions/service.ts';
import type { Logger } from '#server/logger.ts';

/** Everything the identity routes need, built once per app from the database and the config. */
export function createIdentityServices(deps: {
  db: Db;
  config: AppConfig;
  log: Logger;
  clock: () => Date;
  sessions: SessionService;
  sessionRepo: SessionRepo;
}) {
  const { db, config, clock } = deps;
  let codes: Promise<AuthCodeService> | null = null;
  return {
    clock,
    config,
    sessions: deps.sessions,
    sessionRepo: deps.sessionRepo,
    accounts: createAccountRepo(db),
    flows: createFlowRepo(db),
    throttle: createLoginThrottle(db),
    /** Limits the user-ID availability check (same table, its own keys and numbers). */
    userIdCheckThrottle: createLoginThrottle(db, USER_ID_CHECK_THROTTLE),
    loginHistory: createLoginHistoryRepo(db),
    mailer: createMailer({
      db,
      transport: config.SMTP_URL ? { kind: 'smtp', url: config.SMTP_URL } : { kind: 'outbox' },
      log: deps.log,
      clock,
    }),
    /** The code service needs the server secret, created in the database on first use. */
    codes(): Promise<AuthCodeService> {
      codes ??= loadSecret(db, SECRET_NAMES.authCodes).then((secret) => createAuthCodeService({ db, clock, secret }));
      return codes;
    },
  };
}
export type IdentityServices = ReturnType<typeof createIdentityServices>;
