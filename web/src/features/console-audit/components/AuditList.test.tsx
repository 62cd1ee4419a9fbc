import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18nWithBundles } from '../../../i18n/bundles-for-tests.ts';
import { Changes } from './AuditList.tsx';

describe("an audit entry's changes, on the console", () => {
  it('names the codes inside a recorded value, and its fields as the record has them, in code', async () => {
    const korean = await i18nWithBundles('ko', ['console-audit', 'pay-methods', 'labels', 'common']);
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={korean}>
        <Changes
          entry={{
            changes: [
              {
                field: 'result',
                before: JSON.stringify({ payMethod: 'card' }),
                after: JSON.stringify({ payMethod: 'phone', counts: { sent: 2, failed: 0 } }),
              },
            ],
          }}
        />
      </I18nextProvider>,
    );
    expect(html).toContain('<dt><code>result</code></dt>');
    expect(html).toContain(`<code>payMethod</code>: ${korean.t('pay-methods:phone')}`);
    // A field of a field is named in code too: no stored word shown bare among the labels.
    expect(html).toContain('<code>counts</code>: <code>sent</code>: 2, <code>failed</code>: 0');
    expect(html.replace(/<code>[^<]*<\/code>/g, '')).not.toMatch(/\b(payMethod|phone|sent)\b/);
  });

  it('quotes the words an operator typed, as written', async () => {
    const korean = await i18nWithBundles('ko', ['console-audit', 'pay-methods', 'labels', 'common']);
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={korean}>
        <Changes entry={{ changes: [{ field: 'desc', after: JSON.stringify('sent by mail') }] }} />
      </I18nextProvider>,
    );
    expect(html).toContain('<dd>');
    expect(html).toContain('<q>sent by mail</q>');
  });
});
