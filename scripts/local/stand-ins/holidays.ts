import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * The public holiday service (data.go.kr SpcdeInfoService, getRestDeInfo) on one machine: the same XML
 * answer by solYear and solMonth, from the bundled list scripts/local/data/holidays-kr.xml, so that the
 * production adapter (functions/core/adapters/holidays.ts) runs unchanged. `?fail=1` is not offered:
 * a test of a failing service points the adapter at an address that does not answer.
 *
 * Its key looks like data.go.kr's "Decoding" service key (`+`, `/`, `=` as they are), and only that
 * exact key is served: a key encoded twice on the way (the "Encoding" variant put through
 * URLSearchParams) arrives as another key and gets the gateway's answer to an unknown key.
 */
const HOLIDAYS_FILE = join(import.meta.dirname, '../data/holidays-kr.xml');
export const SANDBOX_HOLIDAY_KEY = 'cutloomLocal+Holiday/Key0==';

/** data.go.kr's gateway refusing a service key it does not know (returnReasonCode 30). */
const UNKNOWN_KEY =
  '<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg>' +
  '<returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg>' +
  '<returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>';

export async function start(ctx: StandInContext): Promise<StandIn> {
  const items = [...readFileSync(HOLIDAYS_FILE, 'utf8').matchAll(/<item>.*?<\/item>/g)].map(
    (match) => match[0],
  );
  ctx.registerLocalEndpoint('GET', '/_local/holidays/getRestDeInfo', (req, res) => {
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    if (query.get('ServiceKey') !== SANDBOX_HOLIDAY_KEY) {
      res.writeHead(200, { 'content-type': 'text/xml;charset=UTF-8' }).end(UNKNOWN_KEY);
      return;
    }
    const month = `${query.get('solYear') ?? ''}${(query.get('solMonth') ?? '').padStart(2, '0')}`;
    const found = items.filter((item) => item.includes(`<locdate>${month}`));
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
    res.end(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><response><header><resultCode>00</resultCode>' +
        `<resultMsg>NORMAL SERVICE.</resultMsg></header><body><items>${found.join('')}</items>` +
        `<numOfRows>50</numOfRows><pageNo>1</pageNo><totalCount>${found.length}</totalCount></body></response>`,
    );
  });
  return {
    env: { HOLIDAY_API_URL: `${ctx.baseUrl}/_local/holidays`, HOLIDAY_API_KEY: SANDBOX_HOLIDAY_KEY },
    stop: async () => {},
  };
}
