import type { SiteLanguage } from '../../../shared/languages.ts';
import type { PayMethod } from '../../../shared/payments/pay-methods.ts';
import type { PlanType, SubscriptionPeriod } from '../../../shared/plans/plan-types.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import type { MeteredUsageType } from '../../../shared/usage/usage-rules.ts';

/**
 * The texts of the mails a customer gets after checkout, in the five site languages (kept on the
 * server beside the other mails' texts: identity/mail-text.ts, renewals/renewal-mail.ts). `{plan}`,
 * `{newPlan}`, `{date}` and `{amount}` are filled in by customer-mails.ts; every other value stands in a
 * row of the mail's table under one of `labels`.
 */
export type ReceiptPurpose = 'first' | 'renewal' | 'upgrade' | 'eraser' | 'deposit';

type Label =
  | 'plan'
  | 'period'
  | 'amount'
  | 'method'
  | 'merchantUid'
  | 'receipt'
  | 'credit'
  | 'usageType'
  | 'bank'
  | 'accountNumber'
  | 'holder'
  | 'dueDate'
  | 'refundedTo'
  | 'renewsOn'
  | 'newPlan';

interface Message {
  subject: string;
  lines: string[];
}

export interface CustomerMailTexts {
  labels: Record<Label, string>;
  /** Where money was paid from or went back to: the pay methods, and a bank transfer from the product's account. */
  methods: Record<PayMethod | 'bank-transfer' | 'by-hand', string>;
  planTypes: Record<PlanType, string>;
  /** The periods a subscription renews over (the new plan of a change at renewal). */
  periods: Record<SubscriptionPeriod, string>;
  usageTypes: Record<MeteredUsageType, string>;
  /** Appended to a time given in Seoul. */
  kst: string;
  receiptLink: string;
  /** The button of every mail: the billing page. */
  billingButton: string;
  receipt: Record<ReceiptPurpose, Message>;
  vbankIssued: Message;
  /**
   * A refund by bank transfer says when the transfer is made (the attention page's promise to operators);
   * one returned by hand outside the provider (another currency) that we write to agree how.
   */
  refundMade: Message & { planEnded: string; transferDue: string; byHandDue: string };
  /** `change`: the line added when the renewal changes plan ({newPlan}), as the customer scheduled. */
  renewalReminder: Message & { change: string };
  /**
   * A change of plan at the next renewal scheduled ({plan} to {newPlan} on {date}, charging {amount}),
   * with `consent` when that amount is more than the last charge (issue 26's consent is asked).
   */
  planChangeScheduled: Message & { consent: string };
  /** The change cancelled; `renews` when the subscription renews as it is ({amount} on {date}). */
  planChangeCancelled: Message & { renews: string };
  /** Added when an operator acted for the customer. */
  byOperator: string;
}

export const CUSTOMER_MAIL_TEXTS: Record<SiteLanguage, CustomerMailTexts> = {
  ko: {
    labels: {
      plan: '플랜',
      period: '이용 기간',
      amount: '결제 금액',
      method: '결제 수단',
      merchantUid: '주문 번호',
      receipt: '영수증',
      credit: '기존 플랜 잔여 금액 차감',
      usageType: '초기화한 사용량',
      bank: '은행',
      accountNumber: '계좌 번호',
      holder: '예금주',
      dueDate: '입금 기한',
      refundedTo: '환불 수단',
      renewsOn: '갱신일',
      newPlan: '변경될 요금제',
    },
    methods: {
      card: '신용·체크카드',
      vbank: '가상계좌',
      kakaopay: '카카오페이',
      naverpay: '네이버페이',
      payco: '페이코',
      paypal: 'PayPal',
      phone: '휴대폰 결제',
      naver_pay: '네이버페이 정기결제',
      'bank-transfer': '계좌 이체',
      'by-hand': '별도 송금 (결제대행사 외)',
    },
    planTypes: { FREE: '무료', LIGHT: '라이트', STANDARD: '스탠다드', BUSINESS: '비즈니스', CUSTOM: '맞춤' },
    periods: { MONTHLY: '월간', ANNUAL: '연간' },
    usageTypes: { STT: '음성 인식', TTS: '음성 합성', TRANSLATE: '번역', GENIMAGE: '이미지 생성' },
    kst: '(한국 시간)',
    receiptLink: '결제사 영수증 보기',
    billingButton: '결제 관리 페이지로 이동',
    receipt: {
      first: {
        subject: `[${PRODUCT_NAME}] 결제가 완료되었습니다`,
        lines: ['{plan} 플랜을 구매해 주셔서 감사합니다. 결제 내역은 다음과 같습니다.'],
      },
      renewal: {
        subject: `[${PRODUCT_NAME}] 구독이 갱신되었습니다`,
        lines: ['{plan} 구독이 갱신되어 {amount}이(가) 결제되었습니다.'],
      },
      upgrade: {
        subject: `[${PRODUCT_NAME}] 플랜이 업그레이드되었습니다`,
        lines: ['{plan} 플랜으로 업그레이드되었습니다. 기존 플랜의 남은 금액만큼 차감되어 결제되었습니다.'],
      },
      eraser: {
        subject: `[${PRODUCT_NAME}] 사용량 초기화 결제가 완료되었습니다`,
        lines: ['이번 달 사용량을 초기화했습니다. 결제 내역은 다음과 같습니다.'],
      },
      deposit: {
        subject: `[${PRODUCT_NAME}] 입금이 확인되었습니다`,
        lines: ['가상계좌 입금이 확인되어 {plan} 플랜을 이용하실 수 있습니다.'],
      },
    },
    vbankIssued: {
      subject: `[${PRODUCT_NAME}] 가상계좌 입금 안내`,
      lines: [
        '{plan} 플랜 결제를 위한 가상계좌가 발급되었습니다.',
        '입금 기한까지 {amount}을(를) 입금해 주세요.',
      ],
    },
    refundMade: {
      subject: `[${PRODUCT_NAME}] 환불이 완료되었습니다`,
      lines: ['{plan} 플랜의 결제 금액 중 {amount}을(를) 환불했습니다.'],
      planEnded: '{plan} 플랜은 {date}에 종료되었으며 이후 자동 결제되지 않습니다.',
      transferDue: '환불 금액은 영업일 기준 3일 이내에 입력하신 계좌로 이체됩니다.',
      byHandDue:
        '환불 금액은 결제대행사를 통하지 않고 보내 드립니다. 받으실 방법을 안내해 드리기 위해 이메일로 연락드리겠습니다.',
    },
    renewalReminder: {
      subject: `[${PRODUCT_NAME}] 구독 갱신 예정 안내`,
      lines: [
        '{plan} 구독이 {date}에 갱신되며 {amount}이(가) 결제될 예정입니다.',
        '갱신을 원하지 않으시면 그 전에 결제 관리 페이지에서 구독을 해지해 주세요.',
      ],
      change:
        '예약하신 대로 이번 갱신부터 {newPlan} 요금제로 바뀌며, 위 금액은 새 요금제의 금액입니다. 지금 요금제를 유지하시려면 그 전에 결제 관리 페이지에서 변경 예약을 취소해 주세요.',
    },
    planChangeScheduled: {
      subject: `[${PRODUCT_NAME}] 다음 갱신 때 요금제 변경이 예약되었습니다`,
      lines: [
        '{plan} 구독이 {date} 갱신 때 {newPlan}(으)로 바뀌도록 예약되었습니다. 그날 {amount}이(가) 결제되며, 그때까지는 지금 요금제를 그대로 이용하실 수 있습니다.',
        '{date} 전까지 결제 관리 페이지에서 언제든 예약을 바꾸거나 취소할 수 있습니다.',
      ],
      consent:
        '새 금액이 지난 결제 금액보다 많아 이 금액에 대한 동의를 따로 여쭙니다. {date}까지 동의하지 않으시면 결제되지 않고 구독은 {date}에 종료됩니다.',
    },
    planChangeCancelled: {
      subject: `[${PRODUCT_NAME}] 요금제 변경 예약이 취소되었습니다`,
      lines: ['{plan} 구독을 {newPlan}(으)로 바꾸는 예약이 취소되었습니다.'],
      renews: '구독은 지금 요금제 그대로 {date}에 갱신되며 {amount}이(가) 결제됩니다.',
    },
    byOperator: '이 요청은 고객님을 대신해 담당자가 처리했습니다.',
  },
  en: {
    labels: {
      plan: 'Plan',
      period: 'Period',
      amount: 'Amount',
      method: 'Payment method',
      merchantUid: 'Order number',
      receipt: 'Receipt',
      credit: 'Credit for your previous plan',
      usageType: 'Usage reset',
      bank: 'Bank',
      accountNumber: 'Account number',
      holder: 'Account holder',
      dueDate: 'Pay by',
      refundedTo: 'Refunded to',
      renewsOn: 'Renews on',
      newPlan: 'New plan',
    },
    methods: {
      card: 'Card',
      vbank: 'Bank transfer (virtual account)',
      kakaopay: 'KakaoPay',
      naverpay: 'Naver Pay',
      payco: 'PAYCO',
      paypal: 'PayPal',
      phone: 'Mobile phone billing',
      naver_pay: 'Naver Pay (recurring)',
      'bank-transfer': 'Bank transfer',
      'by-hand': 'Paid back outside the payment provider',
    },
    planTypes: { FREE: 'Free', LIGHT: 'Light', STANDARD: 'Standard', BUSINESS: 'Business', CUSTOM: 'Custom' },
    periods: { MONTHLY: 'Monthly', ANNUAL: 'Annual' },
    usageTypes: {
      STT: 'Speech to text',
      TTS: 'Text to speech',
      TRANSLATE: 'Translation',
      GENIMAGE: 'Image generation',
    },
    kst: '(Korea time)',
    receiptLink: "View the payment provider's receipt",
    billingButton: 'Go to billing',
    receipt: {
      first: {
        subject: `[${PRODUCT_NAME}] Your payment receipt`,
        lines: ['Thank you for buying the {plan} plan. Here are the details of your payment.'],
      },
      renewal: {
        subject: `[${PRODUCT_NAME}] Your subscription was renewed`,
        lines: ['Your {plan} subscription was renewed and {amount} was charged.'],
      },
      upgrade: {
        subject: `[${PRODUCT_NAME}] Your plan was upgraded`,
        lines: [
          "You're now on the {plan} plan. What was left of your previous plan was credited against the price.",
        ],
      },
      eraser: {
        subject: `[${PRODUCT_NAME}] Your usage eraser receipt`,
        lines: ["This month's usage was reset. Here are the details of your payment."],
      },
      deposit: {
        subject: `[${PRODUCT_NAME}] We received your deposit`,
        lines: ['Your bank transfer arrived, and your {plan} plan is ready to use.'],
      },
    },
    vbankIssued: {
      subject: `[${PRODUCT_NAME}] Your virtual account for the bank transfer`,
      lines: [
        'A virtual account was issued for your {plan} plan.',
        'Please transfer {amount} to it before the deadline.',
      ],
    },
    refundMade: {
      subject: `[${PRODUCT_NAME}] Your refund was made`,
      lines: ['We refunded {amount} of your {plan} plan payment.'],
      planEnded: 'Your {plan} plan ended on {date} and will not be charged again.',
      transferDue: 'The amount is transferred to the bank account you gave within 3 business days.',
      byHandDue:
        'The amount is paid back outside the payment provider: we will write to you to agree how you receive it.',
    },
    renewalReminder: {
      subject: `[${PRODUCT_NAME}] Your subscription renews soon`,
      lines: [
        'Your {plan} subscription renews on {date}, and {amount} will be charged.',
        "If you don't want it to renew, cancel it on the billing page before then.",
      ],
      change:
        'As you scheduled, your plan changes to {newPlan} at this renewal, and the amount is the new plan’s. To keep your plan as it is, cancel the change on the billing page before then.',
    },
    planChangeScheduled: {
      subject: `[${PRODUCT_NAME}] Your change of plan at the next renewal is scheduled`,
      lines: [
        'Your {plan} subscription will change to {newPlan} when it renews on {date}. {amount} will be charged then; until then you keep your current plan.',
        'You can change or cancel this on your billing page at any time before {date}.',
      ],
      consent:
        'The new amount is more than your last payment, so we will ask for your consent to it separately. Without your consent by {date}, nothing is charged and the subscription ends on {date}.',
    },
    planChangeCancelled: {
      subject: `[${PRODUCT_NAME}] Your change of plan is cancelled`,
      lines: ['The change of your {plan} subscription to {newPlan} is cancelled.'],
      renews: 'It renews as it is on {date}, and {amount} will be charged.',
    },
    byOperator: 'Our team made this change for you, at your request.',
  },
  ja: {
    labels: {
      plan: 'プラン',
      period: 'ご利用期間',
      amount: 'お支払い金額',
      method: 'お支払い方法',
      merchantUid: 'ご注文番号',
      receipt: '領収書',
      credit: '以前のプランの残額による割引',
      usageType: 'リセットした使用量',
      bank: '銀行',
      accountNumber: '口座番号',
      holder: '口座名義',
      dueDate: 'お振込期限',
      refundedTo: '返金先',
      renewsOn: '更新日',
      newPlan: '変更後のプラン',
    },
    methods: {
      card: 'クレジットカード',
      vbank: '銀行振込（バーチャル口座）',
      kakaopay: 'KakaoPay',
      naverpay: 'Naver Pay',
      payco: 'PAYCO',
      paypal: 'PayPal',
      phone: '携帯電話決済',
      naver_pay: 'Naver Pay（定期決済）',
      'bank-transfer': '銀行振込',
      'by-hand': '決済代行会社を通さないご返金',
    },
    planTypes: {
      FREE: 'フリー',
      LIGHT: 'ライト',
      STANDARD: 'スタンダード',
      BUSINESS: 'ビジネス',
      CUSTOM: 'カスタム',
    },
    periods: { MONTHLY: '月額', ANNUAL: '年額' },
    usageTypes: { STT: '音声認識', TTS: '音声合成', TRANSLATE: '翻訳', GENIMAGE: '画像生成' },
    kst: '（韓国時間）',
    receiptLink: '決済代行会社の領収書を見る',
    billingButton: 'お支払い管理ページへ',
    receipt: {
      first: {
        subject: `【${PRODUCT_NAME}】お支払いが完了しました`,
        lines: ['{plan}プランをご購入いただきありがとうございます。お支払いの内容は次のとおりです。'],
      },
      renewal: {
        subject: `【${PRODUCT_NAME}】サブスクリプションを更新しました`,
        lines: ['{plan}のサブスクリプションを更新し、{amount}をお支払いいただきました。'],
      },
      upgrade: {
        subject: `【${PRODUCT_NAME}】プランをアップグレードしました`,
        lines: [
          '{plan}プランにアップグレードしました。以前のプランの残額を差し引いてお支払いいただきました。',
        ],
      },
      eraser: {
        subject: `【${PRODUCT_NAME}】使用量リセットのお支払いが完了しました`,
        lines: ['今月の使用量をリセットしました。お支払いの内容は次のとおりです。'],
      },
      deposit: {
        subject: `【${PRODUCT_NAME}】ご入金を確認しました`,
        lines: ['お振込みを確認しました。{plan}プランをご利用いただけます。'],
      },
    },
    vbankIssued: {
      subject: `【${PRODUCT_NAME}】お振込先のご案内`,
      lines: [
        '{plan}プランのお支払い用にバーチャル口座を発行しました。',
        '期限までに{amount}をお振込みください。',
      ],
    },
    refundMade: {
      subject: `【${PRODUCT_NAME}】返金が完了しました`,
      lines: ['{plan}プランのお支払いのうち{amount}を返金しました。'],
      planEnded: '{plan}プランは{date}に終了し、今後お支払いが発生することはありません。',
      transferDue: '返金額は3営業日以内にご指定の口座へお振込みします。',
      byHandDue:
        '返金額は決済代行会社を通さずにお返しします。受け取り方法のご相談のため、メールでご連絡いたします。',
    },
    renewalReminder: {
      subject: `【${PRODUCT_NAME}】サブスクリプション更新のお知らせ`,
      lines: [
        '{plan}のサブスクリプションは{date}に更新され、{amount}が請求されます。',
        '更新を希望されない場合は、それまでにお支払い管理ページから解約してください。',
      ],
      change:
        'ご予約のとおり、今回の更新から{newPlan}に変更され、上記の金額は新しいプランの金額です。現在のプランのままにする場合は、それまでにお支払い管理ページで変更の予約を取り消してください。',
    },
    planChangeScheduled: {
      subject: `【${PRODUCT_NAME}】次回更新時のプラン変更を予約しました`,
      lines: [
        '{plan}のサブスクリプションは、{date}の更新時に{newPlan}へ変更されます。その日に{amount}が請求され、それまでは現在のプランをそのままご利用いただけます。',
        '{date}までは、お支払い管理ページからいつでも予約の変更や取り消しができます。',
      ],
      consent:
        '新しい金額が前回のお支払い額を上回るため、この金額への同意を別途お願いします。{date}までに同意がない場合、請求は行われず、サブスクリプションは{date}に終了します。',
    },
    planChangeCancelled: {
      subject: `【${PRODUCT_NAME}】プラン変更の予約を取り消しました`,
      lines: ['{plan}のサブスクリプションを{newPlan}へ変更する予約を取り消しました。'],
      renews: 'サブスクリプションは現在のプランのまま{date}に更新され、{amount}が請求されます。',
    },
    byOperator: 'この手続きは、お客様のご依頼により担当者が行いました。',
  },
  es: {
    labels: {
      plan: 'Plan',
      period: 'Periodo',
      amount: 'Importe',
      method: 'Método de pago',
      merchantUid: 'Número de pedido',
      receipt: 'Recibo',
      credit: 'Crédito de tu plan anterior',
      usageType: 'Uso restablecido',
      bank: 'Banco',
      accountNumber: 'Número de cuenta',
      holder: 'Titular',
      dueDate: 'Fecha límite de pago',
      refundedTo: 'Reembolsado a',
      renewsOn: 'Se renueva el',
      newPlan: 'Nuevo plan',
    },
    methods: {
      card: 'Tarjeta',
      vbank: 'Transferencia bancaria (cuenta virtual)',
      kakaopay: 'KakaoPay',
      naverpay: 'Naver Pay',
      payco: 'PAYCO',
      paypal: 'PayPal',
      phone: 'Pago con el móvil',
      naver_pay: 'Naver Pay (recurrente)',
      'bank-transfer': 'Transferencia bancaria',
      'by-hand': 'Devolución fuera del proveedor de pagos',
    },
    planTypes: {
      FREE: 'Gratuito',
      LIGHT: 'Light',
      STANDARD: 'Standard',
      BUSINESS: 'Business',
      CUSTOM: 'Personalizado',
    },
    periods: { MONTHLY: 'Mensual', ANNUAL: 'Anual' },
    usageTypes: {
      STT: 'Voz a texto',
      TTS: 'Texto a voz',
      TRANSLATE: 'Traducción',
      GENIMAGE: 'Generación de imágenes',
    },
    kst: '(hora de Corea)',
    receiptLink: 'Ver el recibo del proveedor de pagos',
    billingButton: 'Ir a facturación',
    receipt: {
      first: {
        subject: `[${PRODUCT_NAME}] Tu recibo de pago`,
        lines: ['Gracias por comprar el plan {plan}. Estos son los datos de tu pago.'],
      },
      renewal: {
        subject: `[${PRODUCT_NAME}] Tu suscripción se ha renovado`,
        lines: ['Tu suscripción {plan} se ha renovado y se han cobrado {amount}.'],
      },
      upgrade: {
        subject: `[${PRODUCT_NAME}] Tu plan se ha mejorado`,
        lines: ['Ya tienes el plan {plan}. Lo que quedaba de tu plan anterior se ha descontado del precio.'],
      },
      eraser: {
        subject: `[${PRODUCT_NAME}] Tu recibo del borrador de uso`,
        lines: ['Se ha restablecido el uso de este mes. Estos son los datos de tu pago.'],
      },
      deposit: {
        subject: `[${PRODUCT_NAME}] Hemos recibido tu transferencia`,
        lines: ['Tu transferencia ha llegado y tu plan {plan} ya está listo.'],
      },
    },
    vbankIssued: {
      subject: `[${PRODUCT_NAME}] Tu cuenta virtual para la transferencia`,
      lines: [
        'Se ha emitido una cuenta virtual para tu plan {plan}.',
        'Transfiere {amount} a ella antes de la fecha límite.',
      ],
    },
    refundMade: {
      subject: `[${PRODUCT_NAME}] Tu reembolso se ha realizado`,
      lines: ['Hemos reembolsado {amount} del pago de tu plan {plan}.'],
      planEnded: 'Tu plan {plan} terminó el {date} y no se volverá a cobrar.',
      transferDue:
        'El importe se transferirá a la cuenta bancaria que indicaste en un plazo de 3 días hábiles.',
      byHandDue:
        'El importe se devuelve fuera del proveedor de pagos: le escribiremos para acordar cómo lo recibe.',
    },
    renewalReminder: {
      subject: `[${PRODUCT_NAME}] Tu suscripción se renueva pronto`,
      lines: [
        'Tu suscripción {plan} se renueva el {date} y se cobrarán {amount}.',
        'Si no quieres que se renueve, cancélala antes en la página de facturación.',
      ],
      change:
        'Como programaste, tu plan cambia a {newPlan} con esta renovación, y el importe es el del nuevo plan. Para mantener tu plan como está, cancela el cambio en la página de facturación antes de esa fecha.',
    },
    planChangeScheduled: {
      subject: `[${PRODUCT_NAME}] Tu cambio de plan en la próxima renovación está programado`,
      lines: [
        'Tu suscripción {plan} cambiará a {newPlan} cuando se renueve el {date}. Ese día se cobrarán {amount}; hasta entonces mantienes tu plan actual.',
        'Puedes cambiarlo o cancelarlo en tu página de facturación en cualquier momento antes del {date}.',
      ],
      consent:
        'El nuevo importe es mayor que tu último pago, así que te pediremos aparte tu consentimiento. Si no lo das antes del {date}, no se cobrará nada y la suscripción terminará el {date}.',
    },
    planChangeCancelled: {
      subject: `[${PRODUCT_NAME}] Tu cambio de plan está cancelado`,
      lines: ['El cambio de tu suscripción {plan} a {newPlan} está cancelado.'],
      renews: 'Se renueva tal como está el {date} y se cobrarán {amount}.',
    },
    byOperator: 'Nuestro equipo hizo este cambio por ti, a petición tuya.',
  },
  'zh-TW': {
    labels: {
      plan: '方案',
      period: '使用期間',
      amount: '付款金額',
      method: '付款方式',
      merchantUid: '訂單編號',
      receipt: '收據',
      credit: '原方案剩餘金額折抵',
      usageType: '重設的用量',
      bank: '銀行',
      accountNumber: '帳號',
      holder: '戶名',
      dueDate: '繳款期限',
      refundedTo: '退款至',
      renewsOn: '續約日',
      newPlan: '變更後方案',
    },
    methods: {
      card: '信用卡',
      vbank: '銀行轉帳（虛擬帳號）',
      kakaopay: 'KakaoPay',
      naverpay: 'Naver Pay',
      payco: 'PAYCO',
      paypal: 'PayPal',
      phone: '手機小額付款',
      naver_pay: 'Naver Pay（定期付款）',
      'bank-transfer': '銀行轉帳',
      'by-hand': '不經由支付服務商退款',
    },
    planTypes: { FREE: '免費', LIGHT: '輕量', STANDARD: '標準', BUSINESS: '商務', CUSTOM: '自訂' },
    periods: { MONTHLY: '月繳', ANNUAL: '年繳' },
    usageTypes: { STT: '語音轉文字', TTS: '文字轉語音', TRANSLATE: '翻譯', GENIMAGE: '圖片生成' },
    kst: '（韓國時間）',
    receiptLink: '查看金流服務商的收據',
    billingButton: '前往付款管理',
    receipt: {
      first: {
        subject: `【${PRODUCT_NAME}】付款完成`,
        lines: ['感謝您購買 {plan} 方案。以下是您的付款明細。'],
      },
      renewal: {
        subject: `【${PRODUCT_NAME}】您的訂閱已續約`,
        lines: ['您的 {plan} 訂閱已續約，並已收取 {amount}。'],
      },
      upgrade: {
        subject: `【${PRODUCT_NAME}】您的方案已升級`,
        lines: ['您已升級至 {plan} 方案。原方案的剩餘金額已從價格中折抵。'],
      },
      eraser: {
        subject: `【${PRODUCT_NAME}】用量重設付款完成`,
        lines: ['本月用量已重設。以下是您的付款明細。'],
      },
      deposit: {
        subject: `【${PRODUCT_NAME}】已收到您的轉帳`,
        lines: ['我們已收到您的轉帳，{plan} 方案已可使用。'],
      },
    },
    vbankIssued: {
      subject: `【${PRODUCT_NAME}】銀行轉帳虛擬帳號通知`,
      lines: ['已為您的 {plan} 方案發出虛擬帳號。', '請於期限前轉帳 {amount}。'],
    },
    refundMade: {
      subject: `【${PRODUCT_NAME}】退款已完成`,
      lines: ['我們已退還您 {plan} 方案付款中的 {amount}。'],
      planEnded: '您的 {plan} 方案已於 {date} 結束，之後不會再扣款。',
      transferDue: '退款金額將於 3 個工作天內匯入您提供的銀行帳戶。',
      byHandDue: '退款金額將不經由支付服務商退還，我們會以電子郵件與您聯繫，約定收款方式。',
    },
    renewalReminder: {
      subject: `【${PRODUCT_NAME}】訂閱即將續約`,
      lines: [
        '您的 {plan} 訂閱將於 {date} 續約，屆時將收取 {amount}。',
        '若不想續約，請在此之前於付款管理頁面取消訂閱。',
      ],
      change:
        '依您的預約，本次續約起方案將變更為 {newPlan}，上述金額為新方案的金額。若要維持目前方案，請在此之前於付款管理頁面取消變更預約。',
    },
    planChangeScheduled: {
      subject: `【${PRODUCT_NAME}】已預約下次續約時變更方案`,
      lines: [
        '您的 {plan} 訂閱將於 {date} 續約時變更為 {newPlan}。屆時將扣款 {amount}；在此之前您仍可照常使用目前的方案。',
        '在 {date} 前，您隨時可以在付款管理頁面變更或取消此預約。',
      ],
      consent:
        '新金額高於您上次的付款金額，因此我們會另外請求您同意此金額。若您在 {date} 前未同意，將不會扣款，訂閱將於 {date} 結束。',
    },
    planChangeCancelled: {
      subject: `【${PRODUCT_NAME}】已取消方案變更預約`,
      lines: ['已取消將您的 {plan} 訂閱變更為 {newPlan} 的預約。'],
      renews: '訂閱將以目前方案於 {date} 續約，並扣款 {amount}。',
    },
    byOperator: '此變更是我們的專員應您的要求代為辦理。',
  },
};
