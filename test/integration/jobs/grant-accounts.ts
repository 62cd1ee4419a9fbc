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
