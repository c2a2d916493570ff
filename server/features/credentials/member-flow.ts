// The code flows of a signed-in member (e-mail change, password setting): a flow of the flows
// table whose identifier is the member's account id, so a flow left in a browser by one member is
// never another's. One helper for both, so they start, find and check their codes alike.

import type { Flow, FlowRepo } from '#server/platform/flows/repo.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import { codePurpose } from '#server/platform/verification/purposes.ts';
import type { CodeVerification } from '#server/platform/verification/service.ts';

/** A member's code flow lives as long as its code (60 minutes by default) may be typed. */
export const MEMBER_FLOW_MINUTES = 60;

/** A flow the browser must set as its cookie (a new one replaces the old). */
export type NewMemberFlow = { token: string; maxAgeSeconds: number };

export type MemberPurpose = 'mailEdit' | 'passwordSetting';

export function createMemberFlows(deps: { flows: FlowRepo; verification: CodeVerification; clock: () => Date }) {
  const { flows, verification, clock } = deps;

  /** The member's live flow of the purpose that the browser's cookie names, or null. */
  async function find(purpose: MemberPurpose, accountId: string, token: string | undefined) {
    const found = await verification.flowOf(purpose, token);
    if (!found || found.flow.identifier !== accountId || !found.flow.email) return null;
    return { ...found, email: found.flow.email };
  }

  return {
    find,

    /** Mails a code for `email` and starts a new flow for it (the browser's old one ends). */
    async start(caller: Scope, purpose: MemberPurpose, accountId: string, email: string, oldToken: string | undefined) {
      await verification.send(caller, purpose, email);
      return this.open(purpose, accountId, email, oldToken);
    },

    /** Starts a new flow without mailing (the mail was sent, or the sender decides later). */
    async open(purpose: MemberPurpose, accountId: string, email: string, oldToken: string | undefined) {
      if (oldToken) await flows.delete(purpose, oldToken);
      const expiresAt = new Date(clock().getTime() + MEMBER_FLOW_MINUTES * 60_000);
      const token = await flows.create(purpose, { identifier: accountId, email }, expiresAt);
      return { token, maxAgeSeconds: MEMBER_FLOW_MINUTES * 60 } satisfies NewMemberFlow;
    },

    /**
     * Checks the code typed in the member's flow (wrong codes counted per flow and client, like
     * sign-up); throws the purpose's expired answer when there is no such flow.
     */
    async checkCode(caller: Scope, purpose: MemberPurpose, accountId: string, token: string | undefined, code: string) {
      const found = await find(purpose, accountId, token);
      if (!found) throw codePurpose(purpose).expired();
      await verification.check(caller, purpose, { token: found.token, flow: found.flow, email: found.email, code });
      return found satisfies { token: string; flow: Flow; email: string };
    },

    end: (purpose: MemberPurpose, token: string) => flows.delete(purpose, token),
  };
}
export type MemberFlows = ReturnType<typeof createMemberFlows>;
