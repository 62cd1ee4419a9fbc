import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { CodedText } from './CodedText.tsx';

async function inKorean(text: string): Promise<string> {
  const instance = i18next.createInstance();
  const locales = join(import.meta.dirname, '../../i18n/locales/ko');
  const namespaces = ['pay-methods', 'labels', 'common'];
  await instance.init({
    lng: 'ko',
    ns: namespaces,
    resources: {
      ko: Object.fromEntries(
        namespaces.map((ns) => [ns, JSON.parse(readFileSync(join(locales, `${ns}.json`), 'utf8'))]),
      ),
    },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={instance}>
      <CodedText text={text} />
    </I18nextProvider>,
  );
}

describe('a text the server wrote, on the console', () => {
  it('names its codes with the code beside, and keeps words and identifiers as written', async () => {
    const html = await inKorean('PortOne imp_1 (danal phone, paid): the order is refund_required:ord_9 now');
    const phone = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../i18n/locales/ko/pay-methods.json'), 'utf8'),
    ).phone as string;
    expect(html).toContain(`${phone} <code class="console-code-aside">phone</code>`);
    expect(html).toContain('refund_required:ord_9');
    expect(html).toContain('PortOne imp_1 (');
    expect(html).toContain('the order is ');
  });
});
