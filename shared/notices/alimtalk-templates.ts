import { PRODUCT_NAME } from '../product.ts';

/**
 * The KakaoTalk 알림톡 of the customer notices, one template per kind, as submitted to Kakao for
 * approval (through SOLAPI, docs/notices.md): the text exactly as approved, its variables written
 * `#{name}` (SOLAPI's form; no dots in a name: solapi-nodejs `kakaoOption.ts`). A 알림톡 is sent only with
 * an approved template and only when the variables fill its text exactly, so the text here is the one
 * source: the notices fill it (functions/core/notices/kakao-notices.ts), the local stand-in approves
 * these and nothing else (scripts/local/stand-ins/coolsms.ts). Informational only, as Kakao requires of
 * 알림톡: no advertising. Changing a text means submitting it again and replacing its template id.
 */
export const ALIMTALK_KINDS = [
  'vbank-issued',
  'receipt',
  'refund-made',
  'renewal-reminder',
  'renewal-failed',
  'plan-held',
  'renewal-consent',
] as const;
export type AlimtalkKind = (typeof ALIMTALK_KINDS)[number];

export function isAlimtalkKind(value: string): value is AlimtalkKind {
  return (ALIMTALK_KINDS as readonly string[]).includes(value);
}

export interface AlimtalkTemplate {
  kind: AlimtalkKind;
  /** The template's name in Kakao's business channel (what the reviewer and an operator see). */
  name: string;
  /** The approved text, `#{variable}` where a value goes. */
  text: string;
}

const lines = (...text: string[]) => text.join('\n');
const head = (title: string) => `[${PRODUCT_NAME}] ${title}`;

export const ALIMTALK_TEMPLATES: Readonly<Record<AlimtalkKind, AlimtalkTemplate>> = {
  'vbank-issued': {
    kind: 'vbank-issued',
    name: '가상계좌 입금 안내',
    text: lines(
      head('가상계좌 입금 안내'),
      '#{고객명}님, #{상품명} 결제를 위한 가상계좌가 발급되었습니다.',
      '',
      '■ 은행: #{은행}',
      '■ 계좌번호: #{계좌번호}',
      '■ 예금주: #{예금주}',
      '■ 입금 금액: #{입금금액}',
      '■ 입금 기한: #{입금기한}',
      '',
      '입금 기한까지 입금하시면 결제가 완료됩니다.',
    ),
  },
  receipt: {
    kind: 'receipt',
    name: '결제 완료 안내',
    text: lines(
      head('결제 완료 안내'),
      '#{고객명}님, 결제가 완료되었습니다.',
      '',
      '■ 상품: #{상품명}',
      '■ 결제 금액: #{결제금액}',
      '■ 결제 수단: #{결제수단}',
      '■ 주문번호: #{주문번호}',
      '',
      '영수증은 이메일로 함께 보내 드렸습니다.',
    ),
  },
  'refund-made': {
    kind: 'refund-made',
    name: '환불 완료 안내',
    text: lines(
      head('환불 완료 안내'),
      '#{고객명}님, #{상품명} 환불이 처리되었습니다.',
      '',
      '■ 환불 금액: #{환불금액}',
      '■ 환불 수단: #{환불수단}',
      '■ 이용 종료일: #{종료일}',
      '',
      '자세한 내용은 이메일로 보내 드렸습니다.',
    ),
  },
  'renewal-reminder': {
    kind: 'renewal-reminder',
    name: '정기결제 예정 안내',
    text: lines(
      head('정기결제 예정 안내'),
      '#{고객명}님, #{상품명} 구독이 #{결제예정일}에 갱신되어 #{결제금액}이 #{결제수단}(으)로 결제될 예정입니다.',
      '',
      '갱신을 원하지 않으시면 결제 예정일 전에 결제 관리 페이지에서 구독을 해지하실 수 있습니다.',
    ),
  },
  'renewal-failed': {
    kind: 'renewal-failed',
    name: '정기결제 실패 안내',
    text: lines(
      head('정기결제 실패 안내'),
      '#{고객명}님, #{상품명} 구독의 정기결제가 카드사에서 승인되지 않았습니다.',
      '',
      '#{재시도일}에 다시 결제를 시도합니다. 그 전에 결제 카드를 변경하시면 새 카드로 결제됩니다.',
    ),
  },
  'plan-held': {
    kind: 'plan-held',
    name: '구독 일시정지 안내',
    text: lines(
      head('구독 일시정지 안내'),
      '#{고객명}님, #{상품명} 구독의 정기결제가 여러 차례 승인되지 않아 구독이 일시정지되었습니다.',
      '',
      '결제 카드를 변경하시면 구독을 다시 이용하실 수 있습니다.',
    ),
  },
  'renewal-consent': {
    kind: 'renewal-consent',
    name: '구독 갱신 금액 변경 동의 요청',
    text: lines(
      head('구독 갱신 금액 변경 안내'),
      '#{고객명}님, #{결제예정일}에 갱신되는 #{상품명} 구독의 결제 금액이 #{이전금액}에서 #{새금액}(으)로 바뀝니다.',
      '',
      '바뀐 금액으로 갱신하려면 결제 예정일 전에 동의해 주셔야 합니다. 동의하지 않으시면 구독은 현재 이용 기간이 끝나는 날 결제 없이 종료됩니다.',
      '동의와 거절은 이메일로 보내 드린 링크나 결제 관리 페이지에서 하실 수 있습니다.',
    ),
  },
};

/** A template's variables, in the order they first appear. */
export function templateVariables(template: AlimtalkTemplate): string[] {
  return [...new Set([...template.text.matchAll(/#\{([^}]+)\}/g)].map((match) => match[1] ?? ''))];
}

/** The text a template's variables make, or why they do not fill it exactly (a missing or extra one). */
export function fillTemplate(
  template: AlimtalkTemplate,
  values: Readonly<Record<string, string>>,
): { text: string } | { problem: string } {
  const expected = templateVariables(template);
  const missing = expected.filter((name) => !values[name]);
  const extra = Object.keys(values).filter((name) => !expected.includes(name));
  if (missing.length || extra.length)
    return {
      problem: [
        missing.length ? `missing ${missing.map((name) => `#{${name}}`).join(', ')}` : '',
        extra.length ? `not in the template ${extra.map((name) => `#{${name}}`).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    };
  return { text: template.text.replace(/#\{([^}]+)\}/g, (_, name: string) => values[name] ?? '') };
}

/**
 * A Korean mobile number (010, 011, 016-019) in the domestic form SOLAPI dials, from the E.164 number an
 * order keeps (+82 10-1234-5678 -> 01012345678); undefined for any other number.
 */
export function koreanMobile(e164: string | undefined): string | undefined {
  const match = /^\+821([016789])(\d{7,8})$/.exec((e164 ?? '').replace(/[\s-]/g, ''));
  return match ? `01${match[1]}${match[2]}` : undefined;
}
