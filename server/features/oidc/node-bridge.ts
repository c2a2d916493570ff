// node-oidc-provider is a Koa application: it answers a Node request on a Node response. Hono
// hands us a Fetch Request (also in tests with app.request), so this turns one into a readable
// Node-style request and collects the provider's answer into a Fetch Response. Only the shape
// Koa uses is provided; nothing of the protocol is touched here.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable, Writable } from 'node:stream';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

class CollectedResponse extends Writable {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  readonly chunks: Buffer[] = [];
  readonly #headers = new Map<string, number | string | string[]>();

  setHeader(name: string, value: number | string | string[]) {
    this.#headers.set(name.toLowerCase(), value);
    return this;
  }
  getHeader(name: string) {
    return this.#headers.get(name.toLowerCase());
  }
  getHeaders(): OutgoingHttpHeaders {
    return Object.fromEntries(this.#headers);
  }
  getHeaderNames() {
    return [...this.#headers.keys()];
  }
  hasHeader(name: string) {
    return this.#headers.has(name.toLowerCase());
  }
  removeHeader(name: string) {
    this.#headers.delete(name.toLowerCase());
  }
  writeHead(status: number, headers?: OutgoingHttpHeaders) {
    this.statusCode = status;
    for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) this.setHeader(k, v);
    return this;
  }
  flushHeaders() {
    this.headersSent = true;
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void) {
    this.headersSent = true;
    this.chunks.push(Buffer.from(chunk));
    done();
  }

  toResponse(): Response {
    const headers = new Headers();
    for (const [name, value] of this.#headers) {
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = this.statusCode === 204 || this.statusCode === 304;
    return new Response(empty ? null : Buffer.concat(this.chunks), { status: this.statusCode, headers });
  }
}

/**
 * Runs a Node request handler for a Fetch request. `origin` is the scheme and host the viewer
 * used (tenancy's), so the handler builds its URLs for this store; `remoteAddress` the client's;
 * `locals` are set on the request for the handler (the store's signed-in account).
 */
export async function runNodeHandler(
  handler: NodeHandler,
  request: Request,
  opts: { origin: string; remoteAddress: string; locals?: Record<string, unknown> },
): Promise<Response> {
  const url = new URL(request.url);
  const origin = new URL(opts.origin);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    // The origin below is the one tenancy resolved (behind a trusted proxy too); forwarded
    // headers are not passed on, so no request can make the provider name another host.
    if (!name.startsWith('x-forwarded-')) headers[name] = value;
  });
  headers.host = origin.host;
  if (body) headers['content-length'] = String(body.length);
  const socket = { remoteAddress: opts.remoteAddress, encrypted: origin.protocol === 'https:', writable: true };
  const req = Object.assign(Readable.from(body ? [body] : []), {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    headers,
    httpVersion: '1.1',
    httpVersionMajor: 1,
    httpVersionMinor: 1,
    socket,
    connection: socket,
    ...opts.locals,
  }) as unknown as IncomingMessage;
  const res = new CollectedResponse();
  const finished = new Promise<void>((resolve, reject) => {
    res.on('finish', resolve);
    res.on('error', reject);
  });
  handler(req, res as unknown as ServerResponse);
  await finished;
  return res.toResponse();
}
