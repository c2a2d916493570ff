import { AppError } from '#domain/errors.ts';

/** Checks the bot-check token a form sent (spec 7: login and sign-up carry one when enabled). */
export type BotVerifier = { verify(token: string | undefined, ctx: { ip: string; action: string }): Promise<boolean> };

/** No bot check: every request passes. */
export const offVerifier: BotVerifier = { verify: async () => true };

/**
 * The sandbox provider: behaves like a hosted challenge without any outside service. Its browser
 * widget (client/bot-check) issues `sandbox-pass:<action>` once the viewer ticks the box; tests
 * send `sandbox-fail` (or nothing) to see a refusal.
 */
export const sandboxVerifier: BotVerifier = {
  verify: async (token, ctx) => token === `sandbox-pass:${ctx.action}`,
};

export function verifierFor(kind: 'off' | 'sandbox'): BotVerifier {
  return kind === 'sandbox' ? sandboxVerifier : offVerifier;
}

/** Throws BOT_CHECK_FAILED unless the store's verifier accepts the token. */
export async function assertHuman(kind: 'off' | 'sandbox', token: string | undefined, ctx: { ip: string; action: string }) {
  if (!(await verifierFor(kind).verify(token, ctx)))
    throw new AppError('BOT_CHECK_FAILED', { message: 'botCheck.failed', field: 'botToken' });
}
