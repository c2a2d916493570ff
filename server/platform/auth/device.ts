// What a login came from, in words a member recognises in the login history and alert mail.
import { BlockList, isIP } from 'node:net';
import Bowser from 'bowser';
import geoip from 'geoip-country';
import { UNKNOWN_CLIENT } from '#domain/mypage/login-history.ts';

export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'unknown';

export type ClientDescription = {
  deviceType: DeviceType;
  /** Model and OS for phones and tablets ("iPhone (iOS 17.5)"), else the OS ("Windows 10", "Mac OS"). */
  deviceName: string;
  /** The browser's name without version numbers ("Chrome", "Mobile Safari"). */
  browser: string;
  /** ISO 3166-1 alpha-2 code; null for private, loopback and unknown addresses. */
  country: string | null;
  ip: string;
};

/** Kept when the user agent says nothing usable (the login history shows it as 不明 / Unknown). */
export { UNKNOWN_CLIENT };

const DESKTOP_OS = /^(Windows|macOS|Mac OS|Linux|Ubuntu|Debian|Fedora|Chrome OS|Chromium OS|FreeBSD|OpenBSD|NetBSD)/i;

const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv6');
}

/** "::ffff:203.0.113.5" (an IPv4 client on a dual-stack socket) -> "203.0.113.5". */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

export function countryOf(ip: string): string | null {
  const family = isIP(ip);
  if (family === 0 || notPublic.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return null;
  return geoip.lookup(ip)?.country ?? null;
}

const withoutVersions = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => !/^v?\d+([._]\d+)*$/i.test(word))
    .join(' ');

/** The names a member saw before (decision 0034): "Edge", and "Mobile Safari" / "Mobile Chrome" / "Mobile Firefox" on phones. */
const BROWSER_NAMES: Record<string, string> = { 'Microsoft Edge': 'Edge', 'Samsung Internet for Android': 'Samsung Internet' };
const MOBILE_VARIANTS = new Set(['Safari', 'Chrome', 'Firefox']);

/** Android's device model ("Linux; Android 14; Pixel 8)" -> "Pixel 8"), which Bowser does not report. */
function androidModel(userAgent: string): string | undefined {
  const tokens = /\(([^)]*Android[^)]*)\)/
    .exec(userAgent)?.[1]
    ?.split(';')
    .map((t) => t.trim());
  const model = tokens
    ?.slice(tokens.findIndex((t) => t.startsWith('Android')) + 1)
    .find((t) => t && !/^(Mobile|Tablet|wv|U|[a-z]{2}(-[a-zA-Z]{2})?|rv:.*)$/.test(t));
  return model?.replace(/\s*Build\/.*$/, '') || undefined;
}

export function describeClient(userAgent: string | null | undefined, ip: string): ClientDescription {
  // As ua-parser-js did: a longer header is cut before any pattern runs on it.
  const text = userAgent?.trim().slice(0, 500) ?? '';
  const ua: Bowser.Parser.ParsedResult = text ? Bowser.parse(text) : { browser: {}, os: {}, platform: {}, engine: {} };
  const osName = ua.os.name === 'macOS' ? 'Mac OS' : ua.os.name;
  // macOS reports a frozen 10.15.7 in every browser: the number would mislead. Windows says "NT 10.0" (versionName "10").
  const osVersion = osName === 'Mac OS' ? undefined : osName === 'Windows' ? ua.os.versionName : ua.os.version;
  const os = [osName, osVersion].filter(Boolean).join(' ');
  const type = ua.platform.type;
  const deviceType: DeviceType =
    type === 'mobile' || type === 'tablet'
      ? type
      : (!type || type === 'desktop') && osName && DESKTOP_OS.test(osName)
        ? 'desktop'
        : 'unknown';
  const model = ua.platform.model ?? (osName === 'Android' ? androidModel(text) : undefined);
  const deviceName =
    (deviceType === 'mobile' || deviceType === 'tablet') && model ? (os ? `${model} (${os})` : model) : os || model || UNKNOWN_CLIENT;
  const name = ua.browser.name ? (BROWSER_NAMES[ua.browser.name] ?? withoutVersions(ua.browser.name)) : '';
  const mobileVariant = MOBILE_VARIANTS.has(name) && (osName === 'iOS' || osName === 'Android') && /\bMobile\b/.test(text);
  const variant =
    name === 'Chrome' && /\bHeadlessChrome\//.test(text)
      ? 'Chrome Headless'
      : name === 'Chrome' && osName === 'Android' && /;\s*wv\)/.test(text)
        ? 'Chrome WebView'
        : mobileVariant
          ? `Mobile ${name}`
          : name;
  const address = normalizeIp(ip);
  return {
    deviceType,
    deviceName,
    browser: variant || UNKNOWN_CLIENT,
    country: countryOf(address),
    ip: address,
  };
}
