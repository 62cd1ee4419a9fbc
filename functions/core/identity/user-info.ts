import type { UserInfo } from '../../../shared/api/identity.ts';
import { SIGN_IN_PROVIDERS } from '../../../shared/identity/sign-in-providers.ts';
import { isSiteLanguage } from '../../../shared/languages.ts';
import type { User } from '../data/user-repository.ts';

/** The account as sign-in and sign-up answers show it (never the hash or the tracking fields). */
export function toUserInfo(user: User): UserInfo {
  return {
    uid: user.uid,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    isMinor: user.isMinor,
    ...(user.isMinor ? { parentEmailVerified: Boolean(user.parentEmailVerified) } : {}),
    language: isSiteLanguage(user.uiLanguage) ? user.uiLanguage : 'en',
    ...(user.referralType ? { referralType: user.referralType } : {}),
    ...(user.referralCode ? { referralCode: user.referralCode } : {}),
    providers: user.providers.filter((provider): provider is UserInfo['providers'][number] =>
      (SIGN_IN_PROVIDERS as readonly string[]).includes(provider),
    ),
    ...(user.adminLevel ? { adminLevel: user.adminLevel } : {}),
    created: user.created,
  };
}

/** Whether the account may sign in: its e-mail verified, and a minor's parent e-mail too. */
export function isVerified(user: User): boolean {
  return user.emailVerified && (!user.isMinor || Boolean(user.parentEmailVerified));
}
