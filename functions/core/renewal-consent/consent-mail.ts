import { DateTime } from 'luxon';
import { type Currency, formatPrice } from '../../../shared/currency.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import type { PlanType } from '../../../shared/plans/plan-types.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import type { PriceRiseReason } from '../../../shared/subscriptions/renewal-consent.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import { CUSTOMER_MAIL_TEXTS } from '../mails/customer-mail-texts.ts';

/**
 * The mails of a renewal that costs more, in the five site languages: the request for consent (the new
 * amount, the date, why, what happens without an answer and how to withdraw, with one link to agree and
 * one to decline) and, when the renewal came without consent, the notice that the subscription ended
 * uncharged. `{plan}`, `{from}`, `{amount}` and `{date}` (Seoul) are filled in.
 */
export type ConsentMailKind = 'ask' | 'ended';

interface AskTexts {
  subject: string;
  lines: string[];
  reasons: Record<PriceRiseReason, string>;
  consent: string;
  decline: string;
  billing: string;
}
interface EndedTexts {
  subject: string;
  lines: string[];
  pricing: string;
}

const TEXTS: Record<SiteLanguage, { ask: AskTexts; ended: EndedTexts }> = {
  ko: {
    ask: {
      subject: `[${PRODUCT_NAME}] 다음 정기결제 금액이 바뀝니다: 동의가 필요합니다`,
      lines: [
        '{plan} 구독의 다음 정기결제일({date})부터 결제 금액이 {from}에서 {amount}(으)로 바뀝니다.',
        '바뀐 금액으로 계속 이용하시려면 아래 ‘동의하기’를 눌러 주세요. {date} 전까지 동의하지 않으시면 결제되지 않고 구독은 {date}에 종료됩니다.',
        '동의한 뒤에도 {date} 전까지 언제든 이 메일의 ‘동의하지 않기’ 링크나 결제 관리 페이지에서 동의를 철회할 수 있으며, 철회하면 구독은 {date}에 종료됩니다.',
      ],
      reasons: {
        'discount-ends': '첫 결제에 적용된 할인이 이번 결제로 끝나기 때문입니다.',
        'price-rises': '요금이 인상되었기 때문입니다.',
        'free-period-ends': '무료 이용 기간이 끝나 유료 결제로 전환되기 때문입니다.',
        'plan-changes': '이번 갱신부터 요금제를 바꾸도록 예약하셨기 때문입니다.',
      },
      consent: '{amount} 결제에 동의하기',
      decline: '동의하지 않기(구독 종료)',
      billing: '결제 관리 페이지로 이동',
    },
    ended: {
      subject: `[${PRODUCT_NAME}] 구독이 종료되었습니다`,
      lines: [
        '바뀐 결제 금액({amount})에 대한 동의가 없어 {plan} 구독이 {date}에 종료되었습니다. 결제는 이루어지지 않았습니다.',
        '다시 이용하시려면 요금제 페이지에서 새로 구독해 주세요.',
      ],
      pricing: '요금제 보기',
    },
  },
  en: {
    ask: {
      subject: `[${PRODUCT_NAME}] Your next payment changes: we need your consent`,
      lines: [
        'From your next renewal on {date}, your {plan} subscription will cost {amount} instead of {from}.',
        "To keep it at the new amount, press “Agree” below. If you haven't agreed by {date}, nothing is charged and the subscription ends on {date}.",
        'You can withdraw your consent at any time before {date}, with this mail’s “Don’t agree” link or on the billing page; the subscription then ends on {date}.',
      ],
      reasons: {
        'discount-ends': 'This is because the discount on your first payment ends with this renewal.',
        'price-rises': 'This is because the price of the plan has gone up.',
        'free-period-ends': 'This is because your free period ends and the subscription becomes paid.',
        'plan-changes': 'This is because you scheduled a change of plan for this renewal.',
      },
      consent: 'Agree to pay {amount}',
      decline: "Don't agree (end the subscription)",
      billing: 'Go to the billing page',
    },
    ended: {
      subject: `[${PRODUCT_NAME}] Your subscription has ended`,
      lines: [
        'We did not have your consent to the new amount ({amount}), so your {plan} subscription ended on {date}. Nothing was charged.',
        'To use it again, subscribe anew on the pricing page.',
      ],
      pricing: 'See the plans',
    },
  },
  ja: {
    ask: {
      subject: `【${PRODUCT_NAME}】次回のお支払い金額が変わります：同意をお願いします`,
      lines: [
        '{plan}のサブスクリプションは、次回の更新日（{date}）からお支払い金額が{from}から{amount}に変わります。',
        '新しい金額で継続される場合は、下の「同意する」を押してください。{date}までに同意がない場合、請求は行われず、サブスクリプションは{date}に終了します。',
        '同意した後も{date}まではいつでも、このメールの「同意しない」リンクまたはお支払い管理ページから同意を取り消せます。取り消すとサブスクリプションは{date}に終了します。',
      ],
      reasons: {
        'discount-ends': '初回のお支払いに適用された割引が今回の更新で終了するためです。',
        'price-rises': '料金が改定（値上げ）されたためです。',
        'free-period-ends': '無料期間が終了し、有料のお支払いに切り替わるためです。',
        'plan-changes': '今回の更新からプランを変更するよう予約されたためです。',
      },
      consent: '{amount}のお支払いに同意する',
      decline: '同意しない（サブスクリプションを終了）',
      billing: 'お支払い管理ページへ',
    },
    ended: {
      subject: `【${PRODUCT_NAME}】サブスクリプションが終了しました`,
      lines: [
        '新しいお支払い金額（{amount}）への同意がなかったため、{plan}のサブスクリプションは{date}に終了しました。請求は行われていません。',
        '再度ご利用の際は、料金ページから新たにお申し込みください。',
      ],
      pricing: '料金プランを見る',
    },
  },
  es: {
    ask: {
      subject: `[${PRODUCT_NAME}] Tu próximo pago cambia: necesitamos tu consentimiento`,
      lines: [
        'A partir de tu próxima renovación, el {date}, tu suscripción {plan} costará {amount} en lugar de {from}.',
        'Para continuar con el nuevo importe, pulsa «Acepto» abajo. Si no lo aceptas antes del {date}, no se cobrará nada y la suscripción terminará el {date}.',
        'Puedes retirar tu consentimiento en cualquier momento antes del {date}, con el enlace «No acepto» de este correo o en la página de facturación; la suscripción terminará entonces el {date}.',
      ],
      reasons: {
        'discount-ends': 'Esto se debe a que el descuento de tu primer pago termina con esta renovación.',
        'price-rises': 'Esto se debe a que el precio del plan ha subido.',
        'free-period-ends':
          'Esto se debe a que tu periodo gratuito termina y la suscripción pasa a ser de pago.',
        'plan-changes': 'Esto se debe a que programaste un cambio de plan para esta renovación.',
      },
      consent: 'Acepto pagar {amount}',
      decline: 'No acepto (terminar la suscripción)',
      billing: 'Ir a la página de facturación',
    },
    ended: {
      subject: `[${PRODUCT_NAME}] Tu suscripción ha terminado`,
      lines: [
        'No teníamos tu consentimiento al nuevo importe ({amount}), así que tu suscripción {plan} terminó el {date}. No se ha cobrado nada.',
        'Para volver a usarla, suscríbete de nuevo en la página de precios.',
      ],
      pricing: 'Ver los planes',
    },
  },
  'zh-TW': {
    ask: {
      subject: `【${PRODUCT_NAME}】下次付款金額將變更：需要您的同意`,
      lines: [
        '自下次續約日（{date}）起，您的 {plan} 訂閱付款金額將由 {from} 變更為 {amount}。',
        '若要以新金額繼續使用，請按下方「同意」。若您在 {date} 前未同意，將不會扣款，訂閱將於 {date} 結束。',
        '同意後，您仍可在 {date} 前隨時透過本郵件的「不同意」連結或付款管理頁面撤回同意；撤回後訂閱將於 {date} 結束。',
      ],
      reasons: {
        'discount-ends': '這是因為首次付款所享的折扣將於本次續約時結束。',
        'price-rises': '這是因為方案價格已調漲。',
        'free-period-ends': '這是因為免費期間結束，訂閱將轉為付費。',
        'plan-changes': '這是因為您已預約自本次續約起變更方案。',
      },
      consent: '同意支付 {amount}',
      decline: '不同意（結束訂閱）',
      billing: '前往付款管理頁面',
    },
    ended: {
      subject: `【${PRODUCT_NAME}】您的訂閱已結束`,
      lines: [
        '由於未取得您對新金額（{amount}）的同意，您的 {plan} 訂閱已於 {date} 結束，且未進行任何扣款。',
        '若要再次使用，請在價格頁面重新訂閱。',
      ],
      pricing: '查看方案',
    },
  },
};

export interface ConsentMailValues {
  planType: PlanType;
  currency: Currency;
  lastCharge: number;
  amount: number;
  renewsAt: number;
}

type Mail = { subject: string; text: string; html: string };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function render(language: SiteLanguage, subject: string, lines: string[], links: Array<[string, string]>) {
  const text = [...lines, '', ...links.map(([label, href]) => `${label}: ${href}`)].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;color:#1a1a1a">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...links.map(([label, href]) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

function filler(language: SiteLanguage, values: ConsentMailValues) {
  const filled: Record<string, string> = {
    plan: CUSTOMER_MAIL_TEXTS[language].planTypes[values.planType],
    from: formatPrice(values.lastCharge, values.currency),
    amount: formatPrice(values.amount, values.currency),
    date: DateTime.fromMillis(values.renewsAt, { zone: KST_ZONE })
      .setLocale(language)
      .toLocaleString(DateTime.DATE_FULL),
  };
  return (line: string) => line.replace(/\{(\w+)\}/g, (whole, name: string) => filled[name] ?? whole);
}

/** The request for consent, with its two answers' links and the billing page's. */
export function composeConsentAskMail(
  language: SiteLanguage,
  values: ConsentMailValues & { reason: PriceRiseReason },
  links: { consent: string; decline: string; billing: string },
): Mail {
  const texts = TEXTS[language].ask;
  const fill = filler(language, values);
  const [rise, ...rest] = texts.lines;
  return render(
    language,
    texts.subject,
    [fill(rise ?? ''), texts.reasons[values.reason], ...rest.map(fill)],
    [
      [fill(texts.consent), links.consent],
      [texts.decline, links.decline],
      [texts.billing, links.billing],
    ],
  );
}

/** The notice that the subscription ended uncharged, for want of consent; its link is the pricing page. */
export function composeConsentEndedMail(
  language: SiteLanguage,
  values: ConsentMailValues,
  pricingLink: string,
): Mail {
  const texts = TEXTS[language].ended;
  const fill = filler(language, values);
  return render(language, texts.subject, texts.lines.map(fill), [[texts.pricing, pricingLink]]);
}
