import { db } from '../../../functions/core/data/service.ts';
import { BULK_USAGE_GRANT_KIND } from '../../../functions/core/usage/bulk-usage-grant.ts';
import { benchAccount, seedAccounts } from '../../../scripts/bench/bench-accounts.ts';
import { uniqueId } from '../helpers.ts';

/**
 * `count` accounts written straight into the table, and the bulk grant's items that name them: every
 * other one by e-mail, as an operator's CSV mixes them.
 */
export async function grantAccounts(prefix: string, count: number) {
  const tag = uniqueId(prefix).toLowerCase();
  const accounts = Array.from({ length: count }, (_, index) =>
    benchAccount({
      uid: `${tag}-${index}`,
      name: `${prefix} ${index}`,
      email: `${tag}.${index}@example.com`,
      created: 1,
    }),
  );
  await seedAccounts(accounts);
  const items = accounts.map((account, index) => (index % 2 ? account.email : account.uid));
  return { tag, accounts, items };
}

/**
 * One message of a new bulk usage grant job over `size` new accounts plus an unknown e-mail, granting
 * `tts` (and `sttMin`) with `desc`, as the consumer receives it.
 */
export async function grantMessage(
  prefix: string,
  size: number,
  amounts: { sttMin: number; tts: number; desc: string },
) {
  const { tag, accounts, items: named } = await grantAccounts(prefix, size);
  const jobId = uniqueId('job');
  const unknown = `${tag}@nowhere.example`;
  const items = [...named, unknown];
  await db()
    .entities.job.create({ jobId, kind: BULK_USAGE_GRANT_KIND, createdBy: 'operator', total: items.length })
    .go();
  const message = {
    jobId,
    kind: BULK_USAGE_GRANT_KIND,
    batchIndex: 0,
    items,
    params: {
      amounts: { allowPlus: false, translate: 0, genimage: 0, ...amounts },
      operator: { uid: 'operator', email: 'operator@example.com' },
    },
  };
  return { accounts, unknown, message };
}
