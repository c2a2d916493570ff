import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { SurveyAnswer } from '#domain/validation/survey-answers.ts';
import type { Db } from '#server/db/client.ts';
import { authFlows } from '#server/db/schema.ts';
import { acrossStores, scopedStoreId } from '#server/db/scope.ts';
import { newToken, tokenHash } from '#server/platform/sessions/repo.ts';

/**
 * signUp and login: a viewer's; mailEdit, passwordSetting and withdraw: a member's (identifier
 * holds the member's account id), so only that member can finish it.
 */
export type FlowKind = 'signUp' | 'login' | 'mailEdit' | 'passwordSetting' | 'withdraw';
/** The cookie that names each kind of flow in the browser (HttpOnly, short-lived). */
export const FLOW_COOKIES: Record<FlowKind, string> = {
  signUp: 'sgf',
  login: 'lgf',
  mailEdit: 'mef',
  passwordSetting: 'psf',
  withdraw: 'wdf',
};
export type PolicyConsent = { policyId: string; revision: number }[];
export type Flow = {
  kind: FlowKind;
  /** Code login: what the viewer typed. A member's flow (mailEdit, passwordSetting): the member's account id. */
  identifier: string | null;
  email: string | null;
  emailVerifiedAt: Date | null;
  policyConsent: PolicyConsent | null;
  redirectTo: string | null;
  /** Withdrawal: the confirmation's survey answers (decision 0014); null in other flows. */
  surveyAnswers: SurveyAnswer[] | null;
  expiresAt: Date;
  /** Wrong codes entered in this flow. */
  failedAttempts: number;
};

/**
 * Sign-up, code-login and the member's code flows (e-mail change, password setting): state between
 * steps, keyed by a random cookie token (only its hash is stored), scoped to the store and the kind of flow.
 */
export function createFlowRepo(db: Db) {
  return {
    async create(kind: FlowKind, values: Partial<Omit<Flow, 'kind' | 'expiresAt'>>, expiresAt: Date): Promise<string> {
      const storeId = scopedStoreId();
      const token = newToken();
      await db.insert(authFlows).values({ tokenHash: tokenHash(token), storeId, kind, ...values, expiresAt });
      return token;
    },
    async find(kind: FlowKind, token: string | undefined, now: Date): Promise<Flow | null> {
      const storeId = scopedStoreId();
      if (!token || token.length > 100) return null;
      const [row] = await db
        .select()
        .from(authFlows)
        .where(
          and(
            eq(authFlows.tokenHash, tokenHash(token)),
            eq(authFlows.storeId, storeId),
            eq(authFlows.kind, kind),
            gt(authFlows.expiresAt, now),
          ),
        );
      if (!row) return null;
      return {
        kind,
        identifier: row.identifier,
        email: row.email,
        emailVerifiedAt: row.emailVerifiedAt,
        policyConsent: (row.policyConsent as PolicyConsent | null) ?? null,
        redirectTo: row.redirectTo,
        surveyAnswers: (row.surveyAnswers as SurveyAnswer[] | null) ?? null,
        expiresAt: row.expiresAt,
        failedAttempts: row.failedAttempts,
      };
    },
    /** Counts a wrong code against the flow; returns the new count. */
    async recordFailedAttempt(kind: FlowKind, token: string): Promise<number> {
      const storeId = scopedStoreId();
      const [row] = await db
        .update(authFlows)
        .set({ failedAttempts: sql`${authFlows.failedAttempts} + 1` })
        .where(and(eq(authFlows.tokenHash, tokenHash(token)), eq(authFlows.storeId, storeId), eq(authFlows.kind, kind)))
        .returning({ failedAttempts: authFlows.failedAttempts });
      return row?.failedAttempts ?? 0;
    },
    async update(kind: FlowKind, token: string, values: Partial<Omit<Flow, 'kind'>>) {
      const storeId = scopedStoreId();
      await db
        .update(authFlows)
        .set(values)
        .where(and(eq(authFlows.tokenHash, tokenHash(token)), eq(authFlows.storeId, storeId), eq(authFlows.kind, kind)));
    },
    async delete(kind: FlowKind, token: string) {
      const storeId = scopedStoreId();
      await db
        .delete(authFlows)
        .where(and(eq(authFlows.tokenHash, tokenHash(token)), eq(authFlows.storeId, storeId), eq(authFlows.kind, kind)));
    },
    /** Every store's expired flows (housekeeping). */
    async deleteExpired(now: Date) {
      await acrossStores(() => db.delete(authFlows).where(lt(authFlows.expiresAt, now)));
    },
  };
}
export type FlowRepo = ReturnType<typeof createFlowRepo>;
