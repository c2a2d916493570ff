// The login history of My Page (spec 2 "Login history", 3 "Login history entry"; issue 8: paged,
// newest first). Browser names arrive without version numbers (server/platform/auth/device.ts
// drops them when the attempt is recorded).
import { formatJstDateTime } from '../jst-date-time.ts';

/** Entries per page. The spec gives no number; 20 fills a desktop table without scrolling far. */
export const LOGIN_HISTORY_PER_PAGE = 20;

/** The page asked for: a positive whole number in the query ('?page=3'), else 1. */
export function requestedPage(raw: unknown): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9]\d{0,5}$/.test(text)) return 1;
  return Number(text);
}

export type Paging = { currentPage: number; lastPage: number; perPage: number; totalCount: number; offset: number };

/**
 * The page to show of `totalCount` entries, as the payment history's list answers it
 * (currentPage, lastPage, perPage, totalCount). A page past the end shows the last one;
 * an empty history has one empty page.
 */
export function paging(page: number, totalCount: number, perPage = LOGIN_HISTORY_PER_PAGE): Paging {
  if (!Number.isInteger(perPage) || perPage < 1) throw new RangeError('perPage must be a positive integer');
  const total = Math.max(0, Math.floor(totalCount));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const currentPage = Math.min(Math.max(1, Math.floor(page)), lastPage);
  return { currentPage, lastPage, perPage, totalCount: total, offset: (currentPage - 1) * perPage };
}

export const deviceTypes = ['mobile', 'tablet', 'desktop', 'unknown'] as const;
export type DeviceType = (typeof deviceTypes)[number];

/** One recorded attempt, as the server keeps it. */
export type LoginHistoryEntry = {
  createdAt: string | Date;
  result: boolean;
  /** How the member logged in (password, code, an external ID…). */
  loginType: string;
  deviceName: string;
  deviceType: DeviceType;
  browser: string;
  country: string | null;
  ip: string;
};

/** One row as the table and the list show it; the page translates result, type and device type. */
export type LoginHistoryRow = {
  /** YYYY/MM/DD HH:mm:ss, JST. */
  dateTime: string;
  result: 'success' | 'failure';
  loginType: string;
  deviceName: string;
  deviceType: DeviceType;
  browser: string;
  /** '-' when unknown (a private or unlisted address). */
  country: string;
  ip: string;
};

export function loginHistoryRow(entry: LoginHistoryEntry): LoginHistoryRow {
  return {
    dateTime: formatJstDateTime(entry.createdAt),
    result: entry.result ? 'success' : 'failure',
    loginType: entry.loginType,
    deviceName: entry.deviceName,
    deviceType: entry.deviceType,
    browser: entry.browser,
    country: entry.country ?? '-',
    ip: entry.ip,
  };
}

/** What the history keeps when the user agent says nothing usable (the page shows it in the viewer's words). */
export const UNKNOWN_CLIENT = 'Unknown';

/** A device name or browser as the page shows it: `unknownText` (不明 / Unknown) for an unknown one. */
export function clientText(value: string, unknownText: string): string {
  return value === UNKNOWN_CLIENT || value.trim() === '' ? unknownText : value;
}

/** The device column: 'name (type)', the type already in the viewer's words. */
export function deviceText(deviceName: string, deviceTypeText: string): string {
  return deviceTypeText === '' ? deviceName : `${deviceName} (${deviceTypeText})`;
}
