import { AppError, type ErrorCode } from '#domain/errors.ts';
import type { ScreenLoaders } from '#server/platform/screens/types.ts';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'TOO_MANY_REQUESTS',
  451: 'REGION_UNAVAILABLE',
  500: 'INTERNAL_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

/** Pages that show an error page on purpose. */
export function errorScreens(): ScreenLoaders<'/oidc/error'> {
  return {
    // Spec 2: raises the error page for the status in the query (default 500). The text is the
    // status's own; the query's message is shown by the page below it as the detail, plain text
    // (client/errors/error-page-info.ts errorDetail), never as the page's own words.
    async '/oidc/error'({ query }) {
      const status = Number(query.get('status') ?? 500);
      const valid = Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
      throw new AppError(STATUS_CODES[valid] ?? 'INTERNAL_ERROR', { status: valid });
    },
  };
}
