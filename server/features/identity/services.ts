import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { createAccountRepo } from '#server/features/accounts/repo.ts';
import { type AuthCodeService, createAuthCodeService } from '#server/features/auth/codes.ts';
import { createLoginHistoryRepo } from '#server/features/auth/login-history.ts';
import { loadSecret, SECRET_NAMES } from '#server/features/auth/secrets.ts';
import { createSendLimits, type SendLimits } from '#server/features/auth/send-limits.ts';
import { createLoginThrottle, USER_ID_CHECK_THROTTLE } from '#server/features/auth/throttle.ts';
import { createFlowRepo } from '#server/features/flows/repo.ts';
import { createMailer } from '#server/features/mail/mailer.ts';
import { createMailQueue } from '#server/features/mail/queue.ts';
import { createPasswordResetRepo } from '#server/features/password-reset/repo.ts';
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
  /** Tests set smaller numbers; production uses SEND_LIMITS. */
  sendLimits?: Partial<SendLimits>;
  mailKick?: boolean;
}) {
  const { db, config, clock } = deps;
  let codes: Promise<AuthCodeService> | null = null;
  return {
    clock,
    config,
    log: deps.log,
    sessions: deps.sessions,
    sessionRepo: deps.sessionRepo,
    accounts: createAccountRepo(db),
    flows: createFlowRepo(db),
    resets: createPasswordResetRepo(db),
    throttle: createLoginThrottle(db),
    /** Limits the user-ID availability check (same table, its own keys and numbers). */
    userIdCheckThrottle: createLoginThrottle(db, USER_ID_CHECK_THROTTLE),
    loginHistory: createLoginHistoryRepo(db),
    sendLimits: createSendLimits(db, clock, deps.sendLimits),
    mailQueue: createMailQueue({ db, clock, log: deps.log, kick: deps.mailKick ?? true }),
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
