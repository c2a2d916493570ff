// The part of node-oidc-provider 9 this server uses (the package ships no type declarations).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: unknown;
  };
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type InteractionPrompt = { name: string; reasons: string[]; details: Record<string, unknown> };
  export class Interaction {
    static find(uid: string): Promise<Interaction | undefined>;
    uid: string;
    jti: string;
    prompt: InteractionPrompt;
    params: Record<string, unknown> & { client_id: string; scope?: string; redirect_uri?: string };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    returnTo: string;
    lastSubmission?: Record<string, unknown>;
    result?: Record<string, unknown>;
    /** When the authorization request started the interaction (seconds). */
    iat: number;
    exp: number;
    save(ttl: number): Promise<string>;
    persist(): Promise<string>;
    destroy(): Promise<void>;
  }
  export class Grant {
    constructor(props: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    jti: string;
    accountId: string;
    clientId: string;
    iat: number;
    addOIDCScope(scope: string): void;
    rejectOIDCScope(scope: string): void;
    getOIDCScope(): string;
    getRejectedOIDCScope(): string;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
    destroy(): Promise<void>;
  }
  export class Client {
    static find(id: string): Promise<Client | undefined>;
    clientId: string;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    issuer: string;
    proxy: boolean;
    Interaction: typeof Interaction;
    Grant: typeof Grant;
    Client: typeof Client;
    Session: { find(id: string): Promise<unknown> };
    AccessToken: { find(token: string): Promise<{ grantId: string; accountId: string } | undefined> };
    RefreshToken: { find(token: string): Promise<{ grantId: string } | undefined> };
    on(event: string, fn: (...args: unknown[]) => void): void;
    /** A Koa middleware around every request of the provider. */
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): void;
  }
  export type ProviderContext = {
    status: number;
    body: unknown;
    oidc?: { route?: string };
  };
  export const errors: {
    InvalidGrant: new (description?: string) => Error;
    AccessDenied: new (description?: string) => Error;
    InvalidRequest: new (description?: string) => Error;
    UnauthorizedClient: new (description?: string) => Error;
    OIDCProviderError: new (status: number, message: string) => Error;
  };
  export class Prompt {
    constructor(opts: { name: string; requestable: boolean });
    checks: Check[] & { add(check: Check, index?: number): void };
  }
  export class Check {
    constructor(reason: string, description: string, error: string, check: (ctx: never) => boolean);
    static REQUEST_PROMPT: boolean;
    static NO_NEED_TO_PROMPT: boolean;
  }
  export type Policy = Prompt[] & { add(prompt: Prompt, index?: number): void; get(name: string): Prompt | undefined };
  export const interactionPolicy: { base(): Policy; Prompt: typeof Prompt; Check: typeof Check };
  export default Provider;
}
