import { describe, expect, it } from 'vitest';
import { importCycles, importsOf, sources } from './import-graph.ts';

/** The import boundaries of docs/architecture.md's layout section, held for every file of the tree. */
const FEATURES = 'web/src/features/';
const featureOf = (path: string) => path.startsWith(FEATURES) && path.slice(FEATURES.length).split('/')[0];

const web = sources('web/src', true);

/** The features of the payment pages, which use the checkout kit. */
const PAYMENT_PAGES = ['orders', 'upgrades', 'usage-eraser', 'change-card', 'refunds', 'billing'];

function offenders(
  files: readonly string[],
  refused: (target: string, file: string) => boolean,
  lazy = true,
) {
  return files.flatMap((file) =>
    importsOf(file, lazy)
      .filter((target) => refused(target, file))
      .map((target) => `${file} -> ${target}`),
  );
}

describe('the import graph', () => {
  it('has no cycle, file by file, in the whole tree', () => {
    const tree = ['functions', 'shared', 'events', 'web/src', 'infra', 'scripts'].flatMap((folder) =>
      sources(folder, true),
    );
    expect(importCycles(tree)).toEqual([]);
  });

  // A dynamic import names the one module it loads, so that its lazy chunk holds only that module.
  it('lets a feature use another feature only through its index.ts (a stylesheet and a lazy load aside)', () => {
    const refused = (target: string, file: string) => {
      const feature = featureOf(target);
      return (
        Boolean(feature) &&
        feature !== featureOf(file) &&
        target !== `${FEATURES}${feature}/index.ts` &&
        !target.endsWith('.css')
      );
    };
    expect(
      offenders(
        web.filter((file) => file.startsWith(FEATURES)),
        refused,
        false,
      ),
    ).toEqual([]);
  });

  // The order page, upgrade, eraser, change card, refund and billing pages share a checkout kit; it lives in
  // a feature of its own so that no page depends on another page, and the kit on none of them.
  it('keeps the checkout kit in features/checkout: no feature loads the order page, the kit no payment page', () => {
    const features = web.filter((file) => file.startsWith(FEATURES));
    const intoOrders = (target: string, file: string) =>
      featureOf(target) === 'orders' && featureOf(file) !== 'orders';
    const kit = features.filter((file) => featureOf(file) === 'checkout');
    const intoPages = (target: string) => PAYMENT_PAGES.includes(featureOf(target) || '');
    expect([...offenders(features, intoOrders), ...offenders(kit, intoPages)]).toEqual([]);
  });

  it('keeps lib and components free of features', () => {
    const shared = web.filter(
      (file) => file.startsWith('web/src/lib/') || file.startsWith('web/src/components/'),
    );
    expect(offenders(shared, (target) => target.startsWith(FEATURES))).toEqual([]);
  });

  it('keeps the web app free of the server code', () => {
    expect(offenders(web, (target) => target.startsWith('functions/'))).toEqual([]);
  });
});
