import {
  type CashReceiptView,
  SELF_ISSUE_IDENTIFIER,
} from '../../../shared/cash-receipts/cash-receipt-rules.ts';
import { formatPrice } from '../../../shared/currency.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';

/**
 * The cash receipt's row in the receipt mail, in the five site languages: where it stands (issued with
 * its approval number, being issued, not issued yet, cancelled) and to what it was issued.
 */
interface Texts {
  label: string;
  linkLabel: string;
  link: string;
  issued: string;
  issuing: string;
  failed: string;
  cancelled: string;
  approval: string;
  incomeDeduction: string;
  expenseProof: string;
  selfIssued: string;
}

const TEXTS: Record<SiteLanguage, Texts> = {
  ko: {
    label: '현금영수증',
    linkLabel: '현금영수증 조회',
    link: '현금영수증 보기',
    issued: '발급 완료',
    issuing: '발급 중',
    failed: '발급 지연: 확인 후 발급해 드립니다',
    cancelled: '발급 취소',
    approval: '승인번호',
    incomeDeduction: '소득공제용',
    expenseProof: '지출증빙용',
    selfIssued: `국세청 지정번호(${formatSelfIssue()}) 자진발급`,
  },
  en: {
    label: 'Cash receipt (현금영수증)',
    linkLabel: 'Cash receipt page',
    link: 'View the cash receipt',
    issued: 'Issued',
    issuing: 'Being issued',
    failed: 'Delayed: we will issue it after checking',
    cancelled: 'Cancelled',
    approval: 'approval number',
    incomeDeduction: 'for income deduction',
    expenseProof: 'for expense proof',
    selfIssued: `issued to the National Tax Service's number (${formatSelfIssue()})`,
  },
  ja: {
    label: '現金領収証（현금영수증）',
    linkLabel: '現金領収証の確認',
    link: '現金領収証を見る',
    issued: '発行済み',
    issuing: '発行中',
    failed: '発行遅延：確認のうえ発行いたします',
    cancelled: '発行取消',
    approval: '承認番号',
    incomeDeduction: '所得控除用',
    expenseProof: '支出証憑用',
    selfIssued: `国税庁指定番号（${formatSelfIssue()}）で自主発行`,
  },
  es: {
    label: 'Recibo de pago en efectivo (현금영수증)',
    linkLabel: 'Consulta del recibo',
    link: 'Ver el recibo en efectivo',
    issued: 'Emitido',
    issuing: 'En emisión',
    failed: 'Retrasado: lo emitiremos tras comprobarlo',
    cancelled: 'Anulado',
    approval: 'número de aprobación',
    incomeDeduction: 'para deducción de la renta',
    expenseProof: 'como justificante de gastos',
    selfIssued: `emitido al número de la Agencia Tributaria (${formatSelfIssue()})`,
  },
  'zh-TW': {
    label: '現金收據（현금영수증）',
    linkLabel: '現金收據查詢',
    link: '查看現金收據',
    issued: '已開立',
    issuing: '開立中',
    failed: '延遲：確認後將為您開立',
    cancelled: '已作廢',
    approval: '核准編號',
    incomeDeduction: '所得扣除用',
    expenseProof: '支出憑證用',
    selfIssued: `以國稅廳指定號碼（${formatSelfIssue()}）自行開立`,
  },
};

function formatSelfIssue(): string {
  return `${SELF_ISSUE_IDENTIFIER.slice(0, 3)}-${SELF_ISSUE_IDENTIFIER.slice(3, 6)}-${SELF_ISSUE_IDENTIFIER.slice(6)}`;
}

export function cashReceiptRows(
  receipt: CashReceiptView,
  language: SiteLanguage,
): Array<{ label: string; value: string; href?: string }> {
  const texts = TEXTS[language];
  const to = receipt.selfIssued
    ? texts.selfIssued
    : `${receipt.purpose === 'expense_proof' ? texts.expenseProof : texts.incomeDeduction} ${receipt.identifier ?? ''}`.trim();
  const facts = [
    texts[receipt.state],
    receipt.state === 'issued' && receipt.approvalNumber ? `${texts.approval} ${receipt.approvalNumber}` : '',
    formatPrice(receipt.amount, 'KRW'),
    to,
  ].filter(Boolean);
  return [
    { label: texts.label, value: facts.join(' · ') },
    ...(receipt.state === 'issued' && receipt.receiptUrl
      ? [{ label: texts.linkLabel, value: texts.link, href: receipt.receiptUrl }]
      : []),
  ];
}
