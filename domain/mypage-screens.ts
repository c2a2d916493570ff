// The data of the My Page screens of the account top and the login history (domain/screen-data.ts
// lists them by route pattern).
import { z } from 'zod';
import { contractedSubscriptionSchema } from './billing/subscription-screens.ts';
import { EXTERNAL_ID_TYPES } from './external-ids/entries.ts';
import { privacyRowKinds } from './mypage/account-rows.ts';
import { deviceTypes } from './mypage/login-history.ts';
import { watchEntrySchema } from './watch/watch-list.ts';

const accountRow = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email'), href: z.string() }),
  z.object({ kind: z.literal('userId'), href: z.string().nullable(), hasUserId: z.boolean() }),
  z.object({ kind: z.literal('password'), href: z.string(), hasPassword: z.boolean(), updatedAt: z.string().nullable() }),
  z.object({ kind: z.literal('registration'), href: z.string() }),
  z.object({ kind: z.literal('profileImage'), href: z.string() }),
]);

/** /mypage: the member's identifiers and the rows the store's flags and the app mode leave. */
export const mypageTopScreenSchema = z.object({
  email: z.string(),
  userId: z.string().nullable(),
  accountRows: z.array(accountRow),
  privacyRows: z.array(z.enum(privacyRowKinds)),
  /** The contracted plans (member-area 2 "Account top"; none in the app). */
  contracted: z.array(contractedSubscriptionSchema).default([]),
  /** What the member may watch now, by plan (decision 0046). */
  watchable: z.array(watchEntrySchema).default([]),
  /** The external-ID list (decision 0022); absent where hidden (no providers, or the app). */
  externalIds: z
    .array(z.object({ userIdentifierType: z.enum(EXTERNAL_ID_TYPES), state: z.enum(['login', 'linked', 'notLinked']) }))
    .optional(),
});
export type MypageTopScreen = z.infer<typeof mypageTopScreenSchema>;

const loginHistoryRow = z.object({
  dateTime: z.string(),
  result: z.enum(['success', 'failure']),
  /** password, authCode, or the external ID's provider. */
  loginType: z.enum(['password', 'authCode', ...EXTERNAL_ID_TYPES]),
  deviceName: z.string(),
  deviceType: z.enum(deviceTypes),
  browser: z.string(),
  country: z.string(),
  ip: z.string(),
});
export type LoginHistoryScreenRow = z.infer<typeof loginHistoryRow>;

/** /mypage/login-history?page=N: one page of the member's attempts, newest first. */
export const loginHistoryScreenSchema = z.object({
  rows: z.array(loginHistoryRow),
  currentPage: z.number().int().min(1),
  lastPage: z.number().int().min(1),
  perPage: z.number().int().min(1),
  totalCount: z.number().int().min(0),
});
export type LoginHistoryScreen = z.infer<typeof loginHistoryScreenSchema>;
