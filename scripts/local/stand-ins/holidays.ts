import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * The public holiday service (data.go.kr SpcdeInfoService, getRestDeInfo) on one machine: the same XML
 * answer by solYear and solMonth, from the bundled list scripts/local/data/holidays-kr.xml, so that the
 * production adapter (functions/core/adapters/holidays.ts) runs unchanged. `?fail=1` is not offered:
 * a test of a failing service points the adapter at an address that does not answer.
 */
const HOLIDAYS_FILE = join(import.meta.dirname, '../data/holidays-kr.xml');

export async function start(ctx: StandInContext): Promise<StandIn> {
  const items = [...readFileSync(HOLIDAYS_FILE, 'utf8').matchAll(/<item>.*?<\/item>/g)].map(
    (match) => match[0],
  );
  ctx.registerLocalEndpoint('GET', '/_local/holidays/getRestDeInfo', (req, res) => {
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    if (!query.get('ServiceKey')) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized');
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
    env: { HOLIDAY_API_URL: `${ctx.baseUrl}/_local/holidays`, HOLIDAY_API_KEY: 'local-service-key' },
    stop: async () => {},
  };
}
