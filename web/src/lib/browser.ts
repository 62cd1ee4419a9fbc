/** What the site needs to know about the visitor's device, read from the user agent. */
export type OsName = 'Windows' | 'macOS' | 'Linux' | 'iOS' | 'Android' | 'unknown';

export interface ClientInfo {
  os: OsName;
  /** A phone or tablet: desktop packages cannot be installed on it. */
  mobileDevice: boolean;
  safari: boolean;
  /** Lacks what the online editor needs (WebCodecs, OffscreenCanvas): the try link is disabled. */
  oldBrowser: boolean;
}

export function detectOs(userAgent: string, maxTouchPoints = 0): OsName {
  if (/Android/i.test(userAgent)) return 'Android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'iOS';
  // iPadOS asks for the desktop site with a Mac user agent; only its touch screen gives it away.
  if (/Macintosh|Mac OS X/i.test(userAgent)) return maxTouchPoints > 1 ? 'iOS' : 'macOS';
  if (/Windows/i.test(userAgent)) return 'Windows';
  if (/Linux|X11|CrOS/i.test(userAgent)) return 'Linux';
  return 'unknown';
}

export function isSafari(userAgent: string): boolean {
  return (
    /Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|CriOS\/|Edg\/|OPR\/|Firefox\/|FxiOS\//.test(userAgent)
  );
}

export function clientInfo(
  nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'>,
  scope: Record<string, unknown>,
): ClientInfo {
  const os = detectOs(nav.userAgent, nav.maxTouchPoints);
  return {
    os,
    mobileDevice: os === 'iOS' || os === 'Android',
    safari: isSafari(nav.userAgent),
    oldBrowser: !('VideoEncoder' in scope && 'OffscreenCanvas' in scope),
  };
}

/** Before the browser is known (pre-rendered HTML, the first render that hydrates it). */
export const UNKNOWN_CLIENT: ClientInfo = {
  os: 'unknown',
  mobileDevice: false,
  safari: false,
  oldBrowser: false,
};
