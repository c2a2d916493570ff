// My Page's connected apps (spec member-area: connections): the screens' data.
import { z } from 'zod';

const app = z.object({
  clientId: z.string(),
  /** Japanese name preferred in Japanese. */
  clientName: z.string(),
  logoUri: z.string().nullable(),
  /** The latest grant's id: the one the revoke call names. */
  grantId: z.string(),
  /** When the member last granted the app (ISO). */
  grantedAt: z.string(),
});

export const connectionsScreenSchema = z.object({ apps: z.array(app) });

export const connectionScreenSchema = z.object({
  app: app.extend({
    providerName: z.string().nullable(),
    description: z.string().nullable(),
    scopes: z.array(z.object({ scopeKey: z.string(), scopeName: z.string(), scopeDescription: z.string().nullable() })),
  }),
});

/** The apps of a member's grants: one per client (its latest grant), newest first. */
export function latestPerClient<G extends { clientId: string; grantedAt: Date }>(grants: readonly G[]): G[] {
  const byClient = new Map<string, G>();
  for (const g of grants) {
    const seen = byClient.get(g.clientId);
    if (!seen || seen.grantedAt < g.grantedAt) byClient.set(g.clientId, g);
  }
  return [...byClient.values()].sort((a, b) => b.grantedAt.getTime() - a.grantedAt.getTime());
}
