import { sameEmail } from '../../../shared/identity/account-rules.ts';
import { isSiteLanguage, type SiteLanguage } from '../../../shared/languages.ts';
import { sendMail } from '../adapters/mail.ts';
import { nowMs } from '../clock.ts';
import { getUser, type User, updateUser } from '../data/user-repository.ts';
import { IdentityError, NotFound, PaymentError } from '../errors.ts';
import { settings } from '../settings.ts';
import { signLinkToken, verifyLinkToken } from './id-token.ts';
import { composeMail } from './mail-text.ts';

/**
 * E-mail verification (the account's address, and a minor's parent address) and password reset by
 * signed links. Verification links name the address they verify, so a link for an address the account
 * no longer has does nothing; a reset link names the time the credentials last changed, so it works
 * once (the reset changes that time) and never after another reset.
 */
const VERIFY_LINK_SECONDS = 3 * 24 * 3600;
const RESET_LINK_SECONDS = 24 * 3600;

function language(user: User, wanted?: SiteLanguage): SiteLanguage {
  if (wanted) return wanted;
  return isSiteLanguage(user.uiLanguage) ? user.uiLanguage : 'en';
}

/**
 * Mails verification links: `account` sends the account its link (an operator's resend); `unverified`
 * sends each address still waiting its own, the account's and a minor's parent's.
 */
export async function sendVerificationMails(
  user: User,
  options: { language?: SiteLanguage; recipients: 'account' | 'unverified' },
): Promise<void> {
  const lang = language(user, options.language);
  if (options.recipients === 'account' || !user.emailVerified) {
    const token = await signLinkToken('verify-email', user.uid, { email: user.email }, VERIFY_LINK_SECONDS);
    const link = `${settings.siteUrl}/${lang}/signup/verify?token=${token}`;
    await sendMail({ to: user.email, ...composeMail('verify-email', lang, { name: user.name, link }) });
  }
  if (options.recipients === 'unverified' && user.isMinor && user.parentEmail && !user.parentEmailVerified) {
    const parentToken = await signLinkToken(
      'verify-parent-email',
      user.uid,
      { parentEmail: user.parentEmail },
      VERIFY_LINK_SECONDS,
    );
    const parentLink = `${settings.siteUrl}/${lang}/signup/verify?token=${parentToken}`;
    await sendMail({
      to: user.parentEmail,
      ...composeMail('verify-parent-email', lang, {
        name: user.name,
        parent: user.parentName ?? '',
        child: user.name,
        link: parentLink,
      }),
    });
  }
  await updateUser(user.uid, { verificationMailAt: nowMs() });
}

function refused(reason: 'expired' | 'invalid', what: string): IdentityError {
  return reason === 'expired'
    ? new IdentityError('TOKEN_EXPIRED', `This ${what} link has expired`)
    : new IdentityError('INVALID_ID_TOKEN', `This ${what} link is not valid`);
}

/** Applies a verification link: whichever of the two kinds the token is. */
export async function applyVerificationLink(token: string) {
  const [account, parent] = await Promise.all([
    verifyLinkToken('verify-email', token),
    verifyLinkToken('verify-parent-email', token),
  ]);
  const check = account.ok ? account : parent;
  if (!check.ok) throw refused(account.ok ? 'invalid' : account.reason, 'verification');
  const user = await getUser(check.uid);
  if (!user || user.deleted) throw new IdentityError('USER_NOT_FOUND', 'The account no longer exists');
  if (account.ok) {
    if (!sameEmail(String(account.claims.email), user.email)) throw refused('invalid', 'verification');
    await updateUser(user.uid, { emailVerified: true });
    user.emailVerified = true;
  } else {
    if (!user.parentEmail || !sameEmail(String(check.claims.parentEmail), user.parentEmail))
      throw refused('invalid', 'verification');
    await updateUser(user.uid, { parentEmailVerified: true });
    user.parentEmailVerified = true;
  }
  return {
    verified: account.ok ? ('email' as const) : ('parent-email' as const),
    emailVerified: user.emailVerified,
    ...(user.isMinor ? { parentEmailVerified: Boolean(user.parentEmailVerified) } : {}),
  };
}

/** A password reset link for an operator to hand on; the address must be the account's. */
export async function passwordResetLink(uid: string, email: string): Promise<string> {
  const user = await getUser(uid);
  if (!user || user.deleted) throw new NotFound(`User ${uid}`);
  if (!sameEmail(email, user.email))
    throw new PaymentError('INVALID_ARGUMENT', 'The address is not the account address');
  const token = await signLinkToken(
    'reset-password',
    uid,
    { cca: user.credentialsChangedAt },
    RESET_LINK_SECONDS,
  );
  return `${settings.siteUrl}/${language(user)}/password-reset?token=${token}`;
}

/** The account a reset link is for, while the link is still unused. */
export async function userOfResetLink(token: string): Promise<User> {
  const check = await verifyLinkToken('reset-password', token);
  if (!check.ok) throw refused(check.reason, 'password reset');
  const user = await getUser(check.uid);
  if (!user || user.deleted) throw new IdentityError('USER_NOT_FOUND', 'The account no longer exists');
  if (check.claims.cca !== user.credentialsChangedAt) throw refused('invalid', 'password reset');
  return user;
}
