import { DateTime } from 'luxon';
import { type Currency, formatPrice } from '../../../shared/currency.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import { type MailText, renderMail } from '../identity/mail-text.ts';

/**
 * The confirmation mails of the customer's own choice on the billing page (issue 17 part 2), in the
 * five site languages: the renewal was cancelled (the plan runs until {date} and then ends; it can be
 * resumed until then), or resumed (the next charge of {amount} is on {date}). Both link to the billing
 * page. `{plan}`, `{date}` (Seoul) and `{amount}` are filled in.
 */
export type RenewalChoice = 'renewal-cancelled' | 'renewal-resumed';

const TEXTS: Record<SiteLanguage, Record<RenewalChoice, MailText>> = {
  ko: {
    'renewal-cancelled': {
      subject: `[${PRODUCT_NAME}] 구독 자동 갱신이 해지되었습니다`,
      lines: [
        '요청하신 대로 {plan} 구독의 자동 갱신을 해지했습니다. 더 이상 결제되지 않습니다.',
        '{date}까지는 지금처럼 이용하실 수 있고, 그 후 구독이 종료됩니다. 그 전에는 결제 관리 페이지에서 언제든 갱신을 다시 시작할 수 있습니다.',
      ],
      button: '결제 관리 페이지 열기',
    },
    'renewal-resumed': {
      subject: `[${PRODUCT_NAME}] 구독 자동 갱신이 다시 시작되었습니다`,
      lines: [
        '요청하신 대로 {plan} 구독의 자동 갱신을 다시 시작했습니다.',
        '다음 결제일은 {date}이며, {amount}이(가) 등록된 결제 수단으로 결제됩니다.',
      ],
      button: '결제 관리 페이지 열기',
    },
  },
  en: {
    'renewal-cancelled': {
      subject: `[${PRODUCT_NAME}] Your subscription will not renew`,
      lines: [
        "As you asked, we've cancelled the renewal of your {plan} subscription. You won't be charged again.",
        'You can keep using it until {date}, when it ends. Until then you can resume the renewal on your billing page at any time.',
      ],
      button: 'Open my billing page',
    },
    'renewal-resumed': {
      subject: `[${PRODUCT_NAME}] Your subscription renews again`,
      lines: [
        "As you asked, we've resumed the renewal of your {plan} subscription.",
        'The next charge of {amount} is on {date}, to the payment method on file.',
      ],
      button: 'Open my billing page',
    },
  },
  ja: {
    'renewal-cancelled': {
      subject: `【${PRODUCT_NAME}】サブスクリプションの自動更新を停止しました`,
      lines: [
        'ご依頼のとおり、{plan}のサブスクリプションの自動更新を停止しました。今後のお支払いは発生しません。',
        '{date}まではこれまでどおりご利用いただけ、その後サブスクリプションは終了します。それまでは、お支払い管理ページからいつでも自動更新を再開できます。',
      ],
      button: 'お支払い管理ページを開く',
    },
    'renewal-resumed': {
      subject: `【${PRODUCT_NAME}】サブスクリプションの自動更新を再開しました`,
      lines: [
        'ご依頼のとおり、{plan}のサブスクリプションの自動更新を再開しました。',
        '次回のお支払いは{date}、{amount}を登録済みのお支払い方法で決済します。',
      ],
      button: 'お支払い管理ページを開く',
    },
  },
  es: {
    'renewal-cancelled': {
      subject: `[${PRODUCT_NAME}] Tu suscripción no se renovará`,
      lines: [
        'Como pediste, cancelamos la renovación de tu suscripción {plan}. No se te cobrará de nuevo.',
        'Puedes seguir usándola hasta el {date}, cuando termina. Hasta entonces puedes reanudar la renovación en tu página de facturación cuando quieras.',
      ],
      button: 'Abrir mi página de facturación',
    },
    'renewal-resumed': {
      subject: `[${PRODUCT_NAME}] Tu suscripción vuelve a renovarse`,
      lines: [
        'Como pediste, reanudamos la renovación de tu suscripción {plan}.',
        'El próximo cobro, de {amount}, será el {date}, con el método de pago registrado.',
      ],
      button: 'Abrir mi página de facturación',
    },
  },
  'zh-TW': {
    'renewal-cancelled': {
      subject: `【${PRODUCT_NAME}】您的訂閱將不再自動續約`,
      lines: [
        '已依您的要求取消 {plan} 訂閱的自動續約，之後不會再扣款。',
        '您可以繼續使用至 {date}，屆時訂閱將結束。在此之前，您隨時可以在帳單頁面恢復續約。',
      ],
      button: '開啟帳單頁面',
    },
    'renewal-resumed': {
      subject: `【${PRODUCT_NAME}】您的訂閱已恢復自動續約`,
      lines: [
        '已依您的要求恢復 {plan} 訂閱的自動續約。',
        '下次扣款日為 {date}，金額 {amount}，將以您登記的付款方式扣款。',
      ],
      button: '開啟帳單頁面',
    },
  },
};

export function composeRenewalChoiceMail(
  choice: RenewalChoice,
  language: SiteLanguage,
  values: { plan: string; periodEnd: number; amount: number; currency: Currency; link: string },
): { subject: string; text: string; html: string } {
  const date = DateTime.fromMillis(values.periodEnd, { zone: KST_ZONE })
    .setLocale(language)
    .toLocaleString(DateTime.DATE_FULL);
  const amount = formatPrice(values.amount, values.currency);
  return renderMail(TEXTS[language][choice], values.link, (line, encode) =>
    line
      .replace('{plan}', encode(values.plan))
      .replace('{date}', encode(date))
      .replace('{amount}', encode(amount)),
  );
}
