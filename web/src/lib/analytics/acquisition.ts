/**
 * The tracked acquisition data (section 3), kept in local storage: where the visitor came from
 * (referrer with its time), the campaign (UTM parameters, gclid), the affiliate code, the app
 * version, installation code and deeplink action the desktop app passed. A later visit with new values replaces
 * them (last touch); a visit without them keeps the old ones.
 */
export const ACQUISITION_KEY = 'cutloom.acquisition';

export const UTM_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

export interface Acquisition {
  referrer?: string;
  referrerAt?: number;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  gclid?: string;
  affiliateCode?: string;
  appVersion?: string;
  deeplinkAction?: string;
  /** The desktop app's installation code, when the visit comes from the app. */
  installCode?: string;
}

/** Query names the site reads (the app and partners link with these). */
const QUERY_FIELDS: ReadonlyArray<[string, keyof Acquisition]> = [
  ...UTM_PARAMETERS.map((name) => [name, name] as [string, keyof Acquisition]),
  ['gclid', 'gclid'],
  ['affiliate', 'affiliateCode'],
  ['appVersion', 'appVersion'],
  ['action', 'deeplinkAction'],
  ['installCode', 'installCode'],
];

export function readAcquisition(storage: Pick<Storage, 'getItem'> = localStorage): Acquisition {
  try {
    const value = JSON.parse(storage.getItem(ACQUISITION_KEY) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Acquisition) : {};
  } catch {
    return {};
  }
}

/** The acquisition data after a visit to `url` coming from `referrer`. */
export function nextAcquisition(previous: Acquisition, url: URL, referrer: string, now: number): Acquisition {
  const next: Acquisition = { ...previous };
  for (const [query, field] of QUERY_FIELDS) {
    const value = url.searchParams.get(query)?.trim().slice(0, 256);
    if (value) (next as Record<string, unknown>)[field] = value;
  }
  let referrerHost: string | undefined;
  try {
    referrerHost = referrer ? new URL(referrer).host : undefined;
  } catch {
    referrerHost = undefined;
  }
  // Our own pages are not a source of traffic.
  if (referrerHost && referrerHost !== url.host) {
    next.referrer = referrer.slice(0, 512);
    next.referrerAt = now;
  }
  return next;
}

export function recordAcquisition(url: URL, referrer: string, now = Date.now()): Acquisition {
  const next = nextAcquisition(readAcquisition(), url, referrer, now);
  try {
    localStorage.setItem(ACQUISITION_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: the visit is simply not attributed.
  }
  return next;
}
