import type { Interaction } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { signedInFor } from './interactions.ts';

// Whether the store's session answers the provider's login prompt (OpenID Connect Core 3.1.2.1).

const REQUESTED = new Date('2026-11-26T10:00:00Z');
const interaction = (reasons: string[], params: Record<string, unknown> = {}) =>
  ({
    prompt: { name: 'login', reasons, details: {} },
    params: { client_id: 'app', ...params },
    iat: REQUESTED.getTime() / 1000,
  }) as unknown as Interaction;
const member = (signedInAt: string) => ({ accountId: 'a1', signedInAt: new Date(signedInAt) });
const now = new Date('2026-11-26T10:00:30Z');

describe('signedInFor', () => {
  it('is false for a guest and true for a member when nothing asks for a fresh sign-in', () => {
    expect(signedInFor(interaction(['no_session']), null, now)).toBe(false);
    expect(signedInFor(interaction(['no_session']), member('2026-11-01T00:00:00Z'), now)).toBe(true);
  });

  it('prompt=login: only a sign-in made after the request counts', () => {
    expect(signedInFor(interaction(['login_prompt']), member('2026-11-26T09:59:59Z'), now)).toBe(false);
    expect(signedInFor(interaction(['login_prompt']), member('2026-11-26T10:00:10Z'), now)).toBe(true);
  });

  it('max_age: a sign-in within max_age seconds, or after the request, counts', () => {
    expect(signedInFor(interaction(['max_age'], { max_age: 60 }), member('2026-11-26T09:59:40Z'), now)).toBe(true);
    expect(signedInFor(interaction(['max_age'], { max_age: 1 }), member('2026-11-26T09:59:40Z'), now)).toBe(false);
    expect(signedInFor(interaction(['max_age'], { max_age: 0 }), member('2026-11-26T10:00:20Z'), now)).toBe(true);
  });
});
