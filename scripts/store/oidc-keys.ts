import type { Io, WithAdmin } from './commands.ts';

/**
 * `oidc-keys rotate <storeId>`: a new ID token signing key for the store (decision 0021). The old
 * key stays in the store's JWKS, so tokens signed with it still verify; running servers pick the
 * new key up through the store's revision (decision 0004).
 */
export async function oidcKeysRotateCommand(storeId: string, io: Io, withAdmin: WithAdmin): Promise<number> {
  try {
    const kid = await withAdmin((admin) => admin.rotateSigningKey(storeId));
    io.out(`${storeId}: new signing key ${kid}; earlier keys stay published for verification`);
    return 0;
  } catch (err) {
    io.err(`error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
