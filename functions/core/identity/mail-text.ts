import type { SiteLanguage } from '../../../shared/languages.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';

/**
 * The texts of the mails the identity service sends, in the five site languages. `{name}` is the
 * account holder's name, `{child}` the minor's name in the parent mail, `{link}` the link.
 */
type MailKind = 'verify-email' | 'verify-parent-email';
export type MailText = { subject: string; lines: string[]; button: string };

const TEXTS: Record<SiteLanguage, Record<MailKind, MailText>> = {
  ko: {
    'verify-email': {
      subject: `[${PRODUCT_NAME}] 이메일 주소를 인증해 주세요`,
      lines: [
        '{name}님, 가입해 주셔서 감사합니다.',
        '아래 버튼을 눌러 이메일 주소 인증을 완료해 주세요. 링크는 3일 동안 유효합니다.',
      ],
      button: '이메일 인증하기',
    },
    'verify-parent-email': {
      subject: `[${PRODUCT_NAME}] 자녀의 가입에 보호자 동의가 필요합니다`,
      lines: [
        '{parent}님, {child}님이 보호자 연락처로 이 주소를 입력해 {product}에 가입했습니다.',
        '가입에 동의하시면 아래 버튼을 눌러 주세요. 링크는 3일 동안 유효합니다.',
      ],
      button: '보호자 이메일 인증하기',
    },
  },
  en: {
    'verify-email': {
      subject: `[${PRODUCT_NAME}] Verify your e-mail address`,
      lines: [
        'Hi {name}, thanks for signing up.',
        'Confirm your e-mail address with the button below. The link is valid for 3 days.',
      ],
      button: 'Verify my e-mail',
    },
    'verify-parent-email': {
      subject: `[${PRODUCT_NAME}] Your child's sign-up needs your consent`,
      lines: [
        'Hello {parent}, {child} signed up for {product} and gave this address as their parent or guardian.',
        'If you agree, confirm with the button below. The link is valid for 3 days.',
      ],
      button: 'Confirm as parent',
    },
  },
  ja: {
    'verify-email': {
      subject: `【${PRODUCT_NAME}】メールアドレスの確認をお願いします`,
      lines: [
        '{name} 様、ご登録ありがとうございます。',
        '下のボタンからメールアドレスの確認を完了してください。リンクの有効期限は3日間です。',
      ],
      button: 'メールアドレスを確認する',
    },
    'verify-parent-email': {
      subject: `【${PRODUCT_NAME}】お子さまのご登録に保護者の同意が必要です`,
      lines: [
        '{parent} 様、{child} さんが保護者の連絡先としてこのアドレスを入力し、{product} に登録しました。',
        '登録に同意される場合は、下のボタンから確認してください。リンクの有効期限は3日間です。',
      ],
      button: '保護者として確認する',
    },
  },
  es: {
    'verify-email': {
      subject: `[${PRODUCT_NAME}] Confirma tu dirección de correo`,
      lines: [
        'Hola, {name}: gracias por registrarte.',
        'Confirma tu dirección de correo con el botón de abajo. El enlace es válido durante 3 días.',
      ],
      button: 'Confirmar mi correo',
    },
    'verify-parent-email': {
      subject: `[${PRODUCT_NAME}] El registro de tu hijo o hija necesita tu consentimiento`,
      lines: [
        'Hola, {parent}: {child} se ha registrado en {product} y ha indicado esta dirección como la de su madre, padre o tutor.',
        'Si estás de acuerdo, confírmalo con el botón de abajo. El enlace es válido durante 3 días.',
      ],
      button: 'Confirmar como tutor',
    },
  },
  'zh-TW': {
    'verify-email': {
      subject: `【${PRODUCT_NAME}】請驗證您的電子郵件地址`,
      lines: ['{name} 您好，感謝您的註冊。', '請點選下方按鈕完成電子郵件驗證。連結的有效期限為 3 天。'],
      button: '驗證電子郵件',
    },
    'verify-parent-email': {
      subject: `【${PRODUCT_NAME}】您孩子的註冊需要您的同意`,
      lines: [
        '{parent} 您好，{child} 以此地址作為家長聯絡信箱註冊了 {product}。',
        '若您同意，請點選下方按鈕確認。連結的有效期限為 3 天。',
      ],
      button: '以家長身分確認',
    },
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The subject, plain text and HTML of a mail, with the values filled in. */
export function composeMail(
  kind: MailKind,
  language: SiteLanguage,
  values: { name: string; parent?: string; child?: string; link: string },
): { subject: string; text: string; html: string } {
  return renderMail(TEXTS[language][kind], values.link, (line, encode) =>
    line
      .replace('{name}', encode(values.name))
      .replace('{parent}', encode(values.parent ?? ''))
      .replace('{child}', encode(values.child ?? ''))
      .replace('{product}', PRODUCT_NAME),
  );
}

/** A mail of lines and a button to `link`, as plain text and HTML; `fill` puts the values in a line. */
export function renderMail(
  text: MailText,
  link: string,
  fill: (line: string, encode: (value: string) => string) => string,
): { subject: string; text: string; html: string } {
  const plain = [...text.lines.map((line) => fill(line, (value) => value)), '', `${text.button}: ${link}`];
  const html = [
    ...text.lines.map((line) => `<p>${fill(line, escapeHtml)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(text.button)}</a></p>`,
  ];
  return { subject: text.subject, text: plain.join('\n'), html: html.join('\n') };
}
