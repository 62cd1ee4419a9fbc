import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18nWithBundles } from '../../i18n/bundles-for-tests.ts';
import { CodedText } from './CodedText.tsx';

describe('a text the server wrote, on the console', () => {
  it('names its codes with the code beside, and keeps words and identifiers as written', async () => {
    const korean = await i18nWithBundles('ko', ['pay-methods', 'labels', 'common']);
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={korean}>
        <CodedText text="PortOne imp_1 (danal phone, paid): the order is refund_required:ord_9 now" />
      </I18nextProvider>,
    );
    expect(html).toContain(`${korean.t('pay-methods:phone')} <code class="console-code-aside">phone</code>`);
    expect(html).toContain('refund_required:ord_9');
    expect(html).toContain('PortOne imp_1 (');
    expect(html).toContain('the order is ');
  });

  it('keeps an English sentence one text where its codes are plain words', async () => {
    const english = await i18nWithBundles('en', ['pay-methods', 'labels', 'common']);
    // renderToString marks where one text node ends and the next begins (`<!-- -->`), as the page has them.
    const html = renderToString(
      <I18nextProvider i18n={english}>
        <CodedText text="The provider says the payment is cancelled" />
      </I18nextProvider>,
    );
    expect(html).toBe('The provider says the payment is cancelled');
  });
});
