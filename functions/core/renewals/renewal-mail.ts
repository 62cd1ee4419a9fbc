import { DateTime } from 'luxon';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import { type MailText, renderMail } from '../identity/mail-text.ts';

/**
 * The mails of a renewal that could not be charged, in the five site languages: the card was refused
 * and will be tried again on {date}; or, after the last try, the plan is on hold. Both point to the
 * change-card page, where a new card brings the plan back. `{plan}`, `{date}` (Seoul) are filled in.
 */
export type RenewalMailKind = 'renewal-failed' | 'plan-held';

const TEXTS: Record<SiteLanguage, Record<RenewalMailKind, MailText>> = {
  ko: {
    'renewal-failed': {
      subject: `[${PRODUCT_NAME}] 구독 갱신 결제에 실패했습니다`,
      lines: [
        '{plan} 구독의 정기 결제가 카드사에서 승인되지 않았습니다.',
        '{date}에 다시 결제를 시도합니다. 그 전에 결제 카드를 변경하시면 새 카드로 결제됩니다.',
      ],
      button: '결제 카드 변경하기',
    },
    'plan-held': {
      subject: `[${PRODUCT_NAME}] 구독이 일시 정지되었습니다`,
      lines: [
        '{plan} 구독의 정기 결제를 여러 차례 시도했지만 승인되지 않아 구독이 일시 정지되었습니다.',
        '결제 카드를 변경하시면 구독을 다시 이용하실 수 있습니다.',
      ],
      button: '결제 카드 변경하기',
    },
  },
  en: {
    'renewal-failed': {
      subject: `[${PRODUCT_NAME}] We couldn't renew your subscription`,
      lines: [
        'The card payment for your {plan} subscription was declined.',
        "We'll try again on {date}. If you change your card before then, we'll charge the new one.",
      ],
      button: 'Change my card',
    },
    'plan-held': {
      subject: `[${PRODUCT_NAME}] Your subscription is on hold`,
      lines: [
        'We tried several times to renew your {plan} subscription, but the payment was declined each time, so the subscription is now on hold.',
        'Change your card to pick up where you left off.',
      ],
      button: 'Change my card',
    },
  },
  ja: {
    'renewal-failed': {
      subject: `【${PRODUCT_NAME}】サブスクリプションの更新決済ができませんでした`,
      lines: [
        '{plan}のサブスクリプション更新のお支払いがカード会社に承認されませんでした。',
        '{date}に再度お支払いを試みます。それまでにカードを変更いただくと、新しいカードで決済します。',
      ],
      button: 'カードを変更する',
    },
    'plan-held': {
      subject: `【${PRODUCT_NAME}】サブスクリプションを一時停止しました`,
      lines: [
        '{plan}のサブスクリプション更新のお支払いを何度か試みましたが承認されなかったため、サブスクリプションを一時停止しました。',
        'カードを変更いただくと、再びご利用いただけます。',
      ],
      button: 'カードを変更する',
    },
  },
  es: {
    'renewal-failed': {
      subject: `[${PRODUCT_NAME}] No pudimos renovar tu suscripción`,
      lines: [
        'El pago con tarjeta de tu suscripción {plan} fue rechazado.',
        'Lo intentaremos de nuevo el {date}. Si cambias tu tarjeta antes, cobraremos en la nueva.',
      ],
      button: 'Cambiar mi tarjeta',
    },
    'plan-held': {
      subject: `[${PRODUCT_NAME}] Tu suscripción está en pausa`,
      lines: [
        'Intentamos varias veces renovar tu suscripción {plan}, pero el pago fue rechazado, así que la suscripción quedó en pausa.',
        'Cambia tu tarjeta para volver a usarla.',
      ],
      button: 'Cambiar mi tarjeta',
    },
  },
  'zh-TW': {
    'renewal-failed': {
      subject: `【${PRODUCT_NAME}】訂閱續約付款失敗`,
      lines: [
        '您的 {plan} 訂閱續約付款未獲發卡銀行核准。',
        '我們將於 {date} 再次嘗試扣款。若您在此之前更換信用卡，將以新卡付款。',
      ],
      button: '更換信用卡',
    },
    'plan-held': {
      subject: `【${PRODUCT_NAME}】您的訂閱已暫停`,
      lines: [
        '我們多次嘗試為您的 {plan} 訂閱續約，但付款皆未獲核准，因此訂閱已暫停。',
        '更換信用卡後即可繼續使用。',
      ],
      button: '更換信用卡',
    },
  },
};

export function composeRenewalMail(
  kind: RenewalMailKind,
  language: SiteLanguage,
  values: { plan: string; retryAt?: number; link: string },
): { subject: string; text: string; html: string } {
  const text = TEXTS[language][kind];
  const date =
    values.retryAt === undefined
      ? ''
      : DateTime.fromMillis(values.retryAt, { zone: KST_ZONE })
          .setLocale(language)
          .toLocaleString(DateTime.DATE_FULL);
  return renderMail(text, values.link, (line, encode) =>
    line.replace('{plan}', encode(values.plan)).replace('{date}', encode(date)),
  );
}
