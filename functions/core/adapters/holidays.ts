import type { XMLParser } from 'fast-xml-parser';
import { environment, requiredEnvironment } from '../settings.ts';

/**
 * The public holiday service (data.go.kr, the Korea Astronomy and Space Science Institute's
 * SpcdeInfoService getRestDeInfo): the public holidays of one month as XML. HOLIDAY_API_URL is the
 * service's base address (on one machine the stand-in's /_local/holidays), HOLIDAY_API_KEY its service
 * key: the "Decoding" variant data.go.kr shows (with `+`, `/`, `=`), since URLSearchParams encodes
 * it here; the "Encoding" variant would arrive encoded twice, an unknown key. Answers the holiday
 * dates as `yyyy-MM-dd`; throws when the service does not answer normally, with the gateway's reason
 * (e.g. SERVICE_KEY_IS_NOT_REGISTERED_ERROR) when it refused the key.
 */
const TIMEOUT_MS = 5_000;
let parser: XMLParser | undefined;

/**
 * The XML parser, loaded on first use: the refund routes that bundle this adapter ask the service only
 * when the table's copy of a month is missing or a week old, so their cold start does not pay for it.
 */
async function holidayXml(): Promise<XMLParser> {
  const { XMLParser } = await import('fast-xml-parser');
  parser ??= new XMLParser({ parseTagValue: false, isArray: (name) => name === 'item' });
  return parser;
}

export async function fetchHolidays(month: string): Promise<string[]> {
  const [year, monthNumber] = month.split('-');
  const url = new URL(`${requiredEnvironment('HOLIDAY_API_URL').replace(/\/$/, '')}/getRestDeInfo`);
  url.searchParams.set('solYear', year ?? '');
  url.searchParams.set('solMonth', monthNumber ?? '');
  url.searchParams.set('numOfRows', '50');
  url.searchParams.set('ServiceKey', environment('HOLIDAY_API_KEY') ?? '');
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`The holiday service answered ${response.status}`);
  const parsed = (await holidayXml()).parse(await response.text());
  const code = parsed?.response?.header?.resultCode;
  const refusal = parsed?.OpenAPI_ServiceResponse?.cmmMsgHeader?.returnAuthMsg;
  if (code !== '00')
    throw new Error(`The holiday service answered ${code ?? refusal ?? 'something unreadable'}`);
  const items: Array<{ isHoliday?: string; locdate?: string }> = parsed.response.body?.items?.item ?? [];
  return items
    .filter((item) => item.isHoliday === 'Y' && /^\d{8}$/.test(item.locdate ?? ''))
    .map(({ locdate = '' }) => `${locdate.slice(0, 4)}-${locdate.slice(4, 6)}-${locdate.slice(6, 8)}`);
}
