// What the OpenID provider's specs share: the app's side (its authorization request with PKCE,
// its server's calls to the store) and the page that answers its callback.
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Page } from '../fixtures.ts';

// A native app's loopback redirect over plain http (RFC 8252): the store pages' CSP must let the
// browser follow the consent form's redirect there.
export const CALLBACK = 'http://127.0.0.1:8400/callback';

/**
 * A call of the app's server to the store (loopback with the store's Host: the test process does
 * not resolve *.localhost), answering status and JSON.
 */
export function appCall(port: number, path: string, opts: { form?: Record<string, string>; bearer?: string }) {
  return new Promise<{ status: number; body: Record<string, string> }>((resolve, reject) => {
    const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body ? 'POST' : 'GET',
        headers: {
          host: `aozora.localhost:${port}`,
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {}),
          ...(opts.bearer ? { authorization: `Bearer ${opts.bearer}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, string>) : {} }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The app's authorization request with a fresh PKCE pair. */
export function authorizeUrl(extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const params = new URLSearchParams({
    client_id: 'aozora-web-demo',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: CALLBACK,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'e2e-state',
    ...extra,
  });
  return { verifier, path: `/oidc/auth?${params}` };
}

/** The app's callback is another site: answered here with a tiny page. */
export function answerCallback(page: Page) {
  return page.route(`${CALLBACK}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>app</title><p>app</p>' }),
  );
}
