import type { SiteLanguage } from '../../../shared/languages.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import type { StaffRole } from '../../../shared/staff/staff-roles.ts';
import { type MailText, renderMail } from '../identity/mail-text.ts';

/** The invitation to the staff, in the five languages: `{inviter}`, `{role}` and the link's button. */
const TEXTS: Record<SiteLanguage, MailText> = {
  ko: {
    subject: `[${PRODUCT_NAME}] 관리자 콘솔 초대`,
    lines: [
      '{inviter}님이 {product} 관리자 콘솔에 {role} 권한으로 초대했습니다.',
      '아래 버튼을 눌러 비밀번호를 정한 뒤, 인증 앱으로 2단계 인증을 등록해 주세요. 링크는 7일 동안 유효합니다.',
    ],
    button: '비밀번호 설정하기',
  },
  en: {
    subject: `[${PRODUCT_NAME}] You are invited to the admin console`,
    lines: [
      '{inviter} invited you to the {product} admin console with the {role} role.',
      'Set your password with the button below, then enrol an authenticator app for two-step sign-in. The link is valid for 7 days.',
    ],
    button: 'Set my password',
  },
  ja: {
    subject: `【${PRODUCT_NAME}】管理コンソールへの招待`,
    lines: [
      '{inviter} さんから {product} 管理コンソールに {role} の権限で招待されました。',
      '下のボタンからパスワードを設定し、認証アプリで2段階認証を登録してください。リンクの有効期限は7日間です。',
    ],
    button: 'パスワードを設定する',
  },
  es: {
    subject: `[${PRODUCT_NAME}] Invitación a la consola de administración`,
    lines: [
      '{inviter} te ha invitado a la consola de administración de {product} con el rol {role}.',
      'Define tu contraseña con el botón de abajo y registra una app de autenticación para el inicio de sesión en dos pasos. El enlace es válido 7 días.',
    ],
    button: 'Definir mi contraseña',
  },
  'zh-TW': {
    subject: `[${PRODUCT_NAME}] 管理主控台邀請`,
    lines: [
      '{inviter} 邀請您以 {role} 權限加入 {product} 管理主控台。',
      '請按下方按鈕設定密碼，再以驗證器 App 註冊兩步驟登入。連結 7 天內有效。',
    ],
    button: '設定密碼',
  },
};

export function invitationMail(
  language: SiteLanguage,
  values: { inviter: string; role: StaffRole; link: string },
): { subject: string; text: string; html: string } {
  return renderMail(TEXTS[language], values.link, (line, encode) =>
    line
      .replace('{inviter}', encode(values.inviter))
      .replace('{role}', values.role)
      .replace('{product}', PRODUCT_NAME),
  );
}
