// Finishing the provider's interactions from our pages (decision 0021): a page reads the
// interaction by its uid, the viewer acts, and the result is saved on the interaction; the
// browser then goes to `returnTo`, where the provider resumes (it checks its own resume cookie,
// so a uid alone continues nothing in another browser).
import type { Interaction, Provider } from 'oidc-provider';
import { AppError } from '#domain/errors.ts';

export type ConsentChoice = {
  /** Optional scopes the viewer refused (required scopes are never refused: see consentScopes). */
  rejectedScopes: readonly string[];
};

/** The live interaction of this uid, or INVALID_SESSION_FLOW (expired, finished or unknown). */
export async function findInteraction(provider: Provider, uid: string): Promise<Interaction> {
  const interaction = uid ? await provider.Interaction.find(uid) : undefined;
  if (!interaction) throw new AppError('INVALID_SESSION_FLOW');
  return interaction;
}

async function finish(interaction: Interaction, result: Record<string, unknown>, nowSeconds: number): Promise<string> {
  // Merged with the previous step's answer, as node-oidc-provider's interactionFinished does
  // (mergeWithLastSubmission): prompt=select_account stays answered through the consent step.
  interaction.result = { ...interaction.lastSubmission, ...result };
  await interaction.save(Math.max(interaction.exp - nowSeconds, 1));
  return interaction.returnTo;
}

/**
 * The viewer is signed in as accountId (the login prompt, or select_account's choice) since
 * `signedInAt`, the store session's sign-in: the ID token's auth_time.
 */
export async function finishLogin(interaction: Interaction, accountId: string, signedInAt: Date, now: Date): Promise<string> {
  const ts = Math.floor(signedInAt.getTime() / 1000);
  return finish(interaction, { login: { accountId, ts }, select_account: {} }, Math.floor(now.getTime() / 1000));
}

/** The store's signed-in member as the login prompt sees it. */
export type SignedInMember = { accountId: string; signedInAt: Date };

/**
 * Whether the store's session answers the interaction's login prompt. prompt=login asks for a
 * sign-in made after the request; max_age for one no older than max_age seconds (OpenID Connect
 * Core 3.1.2.1). Otherwise any signed-in member goes on as themselves.
 */
export function signedInFor(interaction: Interaction, member: SignedInMember | null, now: Date): boolean {
  if (!member) return false;
  const { reasons } = interaction.prompt;
  const signedIn = member.signedInAt.getTime();
  const sinceRequest = signedIn >= interaction.iat * 1000;
  if (reasons.includes('login_prompt')) return sinceRequest;
  if (reasons.includes('max_age')) {
    const maxAge = Number(interaction.params.max_age);
    return sinceRequest || (Number.isFinite(maxAge) && now.getTime() - signedIn <= maxAge * 1000);
  }
  return true;
}

/** The viewer answered the consent screen: every requested scope granted but the rejected ones. */
export async function finishConsent(provider: Provider, interaction: Interaction, choice: ConsentChoice, now: Date): Promise<string> {
  const accountId = interaction.session?.accountId;
  if (!accountId || interaction.prompt.name !== 'consent') throw new AppError('INVALID_SESSION_FLOW');
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId: interaction.params.client_id });
  const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  const rejected = new Set(choice.rejectedScopes);
  const granted = (details.missingOIDCScope ?? []).filter((s) => !rejected.has(s));
  if (granted.length > 0) grant.addOIDCScope(granted.join(' '));
  const refused = (details.missingOIDCScope ?? []).filter((s) => rejected.has(s));
  if (refused.length > 0) grant.rejectOIDCScope(refused.join(' '));
  if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
  const grantId = await grant.save();
  return finish(interaction, { consent: { grantId } }, Math.floor(now.getTime() / 1000));
}

/** The viewer aborted: the relying party gets access_denied. */
export function abortInteraction(interaction: Interaction, now: Date): Promise<string> {
  const seconds = Math.floor(now.getTime() / 1000);
  return finish(interaction, { error: 'access_denied', error_description: 'The viewer aborted the sign-in.' }, seconds);
}
