import { AppError, type ErrorCode } from '#domain/errors.ts';
import { homeScreenSchema as homeData, licensesScreenSchema as licensesData, plansScreenSchema as plansData } from '#domain/screens.ts';
import { loadLicenses } from '#server/features/licenses/collect.ts';
import type { PlanService } from '#server/features/plans/service.ts';
import type { ScreenRoute } from './types.ts';

export type ScreenDeps = { planService: PlanService; rootDir: string };

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

/** One loader per page route; server rendering calls them in process, navigation over HTTP. */
export function screenRoutes(deps: ScreenDeps): ScreenRoute[] {
  return [
    {
      pattern: '/',
      async load({ store, lang, now, browserInfo }) {
        const plans = browserInfo.isApp ? [] : await deps.planService.listCards(store, lang, now);
        return { data: homeData.parse({ plans: plans.slice(0, 3), hasPlans: plans.length > 0 }) };
      },
    },
    {
      pattern: '/plans',
      async load({ store, lang, now, browserInfo }) {
        // The app hides plans and related items (spec 6).
        if (browserInfo.isApp) return { redirectTo: '/' };
        return { data: plansData.parse({ plans: await deps.planService.listCards(store, lang, now) }) };
      },
    },
    {
      // Where a plan button leads. A guest logs in (or signs up from there) and comes back; an
      // unknown or hidden plan is a 404. The purchase form comes with the purchase feature: until
      // then a member meets the 404 page too.
      pattern: '/plans/@planId',
      async load({ store, params, account, browserInfo }) {
        if (browserInfo.isApp) return { redirectTo: '/' };
        const plan = store.settings.plans.find((p) => p.visible && p.planId === params.planId);
        if (!plan) throw new AppError('NOT_FOUND');
        if (!account) return { redirectTo: `/login?redirectTo=${encodeURIComponent(`/plans/${plan.planId}`)}` };
        throw new AppError('NOT_FOUND');
      },
    },
    {
      // Spec 2: raises the error page for the status in the query (default 500). The text is the
      // status's own: a message from the query is not shown, so links cannot put words in our mouth.
      pattern: '/oidc/error',
      async load({ query }) {
        const status = Number(query.get('status') ?? 500);
        const valid = Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
        throw new AppError(STATUS_CODES[valid] ?? 'INTERNAL_ERROR', { status: valid });
      },
    },
    {
      pattern: '/app/licenses',
      async load() {
        return { data: licensesData.parse({ packages: loadLicenses(deps.rootDir) }) };
      },
    },
  ];
}
