// What the user-agent string says about the browser: the store's embedded app, Android, mobile.

export type BrowserInfo = {
  isApp: boolean;
  isAndroid: boolean;
  isMobile: boolean;
};

// iOS devices name themselves; other phones carry "Mobi" ("Mobile", "Mobile Safari", "Opera Mobi").
// Android tablets omit "Mobile" and so count as not mobile, as do iPads in desktop mode.
const MOBILE = /iPhone|iPad|iPod|Mobi/;
const ANDROID = /Android/i;

export function browserInfo(userAgent: string | undefined, appPattern: RegExp): BrowserInfo {
  if (!userAgent) return { isApp: false, isAndroid: false, isMobile: false };
  return {
    // search() ignores lastIndex, so a /g pattern gives the same answer every call (a /y one anchors at 0).
    isApp: userAgent.search(appPattern) !== -1,
    isAndroid: ANDROID.test(userAgent),
    isMobile: MOBILE.test(userAgent),
  };
}
