import { DateTime } from 'luxon';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import { type MailText, renderMail } from '../identity/mail-text.ts';

/**
 * The confirmation of an account's deletion (회원 탈퇴), in the five site languages, sent to the address
 * before it is erased: when, that renewals stopped, what is erased and what the law keeps and how long,
 * that the address may sign up again, and what to do if the customer did not ask for it. `{date}` is
 * the deletion's day in Seoul; the button leads to the site.
 */
const TEXTS: Record<SiteLanguage, MailText> = {
  ko: {
    subject: `[${PRODUCT_NAME}] 회원 탈퇴가 완료되었습니다`,
    lines: [
      '{date}에 요청하신 회원 탈퇴가 처리되었습니다. 구독과 정기결제는 중단되었으며 더 이상 결제되지 않습니다.',
      '회원 정보는 지체 없이 파기했습니다. 다만 전자상거래법에 따라 계약·결제 및 공급에 관한 기록은 5년, 소비자 불만·분쟁 처리에 관한 기록은 3년 동안 따로 보관한 뒤 파기합니다.',
      '같은 이메일 주소로 언제든 새로 가입하실 수 있습니다(이전 계정의 이용 내역은 이어지지 않습니다). 탈퇴를 요청하지 않으셨다면 이 메일에 답장해 알려 주세요.',
    ],
    button: `${PRODUCT_NAME} 홈페이지`,
  },
  en: {
    subject: `[${PRODUCT_NAME}] Your account has been deleted`,
    lines: [
      'Your account was deleted on {date}, as you asked. Your subscription and its renewals have stopped: nothing more will be charged.',
      'Your personal data has been erased. As Korean e-commerce law requires, records of contracts, payments and supply are kept apart for 5 years, and records of complaints and disputes for 3 years, then destroyed.',
      "You can sign up again with the same address at any time (as a new account: the old one's history does not carry over). If you did not ask for this, reply to this mail.",
    ],
    button: `${PRODUCT_NAME} website`,
  },
  ja: {
    subject: `【${PRODUCT_NAME}】退会手続きが完了しました`,
    lines: [
      '{date}にご依頼の退会手続きを完了しました。サブスクリプションと定期決済は停止し、今後請求されることはありません。',
      '会員情報は速やかに削除しました。ただし韓国の電子商取引法に基づき、契約・決済および提供に関する記録は5年間、苦情・紛争処理に関する記録は3年間、別途保管した後に破棄します。',
      '同じメールアドレスでいつでも新たにご登録いただけます（以前のアカウントの利用履歴は引き継がれません）。退会をご依頼でない場合は、このメールにご返信ください。',
    ],
    button: `${PRODUCT_NAME} ウェブサイト`,
  },
  es: {
    subject: `[${PRODUCT_NAME}] Tu cuenta ha sido eliminada`,
    lines: [
      'Tu cuenta se eliminó el {date}, como pediste. Tu suscripción y sus renovaciones se han detenido: no se cobrará nada más.',
      'Tus datos personales se han borrado. Como exige la ley coreana de comercio electrónico, los registros de contratos, pagos y suministro se conservan aparte durante 5 años, y los de reclamaciones y disputas durante 3 años, y después se destruyen.',
      'Puedes volver a registrarte con la misma dirección cuando quieras (como una cuenta nueva: el historial de la anterior no se conserva). Si no lo pediste tú, responde a este correo.',
    ],
    button: `Sitio web de ${PRODUCT_NAME}`,
  },
  'zh-TW': {
    subject: `【${PRODUCT_NAME}】您的帳號已刪除`,
    lines: [
      '已依您的要求於 {date} 刪除帳號。您的訂閱與定期扣款已停止，之後不會再收取任何費用。',
      '您的個人資料已刪除。惟依韓國電子商務法，契約、付款及供應相關紀錄將另行保存 5 年，消費者申訴與爭議處理紀錄保存 3 年，期滿後銷毀。',
      '您隨時可以使用同一電子郵件地址重新註冊（將是新的帳號，先前帳號的紀錄不會延續）。若您並未提出此要求，請回覆此郵件告知我們。',
    ],
    button: `${PRODUCT_NAME} 網站`,
  },
};

export function composeDeletionMail(
  language: SiteLanguage,
  deletedAt: number,
  siteLink: string,
): { subject: string; text: string; html: string } {
  const date = DateTime.fromMillis(deletedAt, { zone: KST_ZONE })
    .setLocale(language)
    .toLocaleString(DateTime.DATE_FULL);
  return renderMail(TEXTS[language], siteLink, (line, encode) => line.replace('{date}', encode(date)));
}
