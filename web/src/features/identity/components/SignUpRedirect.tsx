import '../auth.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClientType, isWebClientType } from '../../../../../shared/identity/client-types.ts';
import { PRODUCT_SLUG } from '../../../../../shared/product.ts';
import { openApp } from '../app-url.ts';

/**
 * Hands a fresh session to the app that opened the sign-up (desktop, iOS, Android) through the
 * product's deeplink, with the ID token, client type and affiliate code; web client types go to the app
 * page instead. The button stays for browsers that ask before opening an app.
 */
export function SignUpRedirect({
  token,
  clientType,
  affiliateCode,
}: {
  token: string;
  clientType: ClientType;
  affiliateCode?: string | undefined;
}) {
  const { t } = useTranslation('auth');
  const deeplink = `${PRODUCT_SLUG}://auth?${new URLSearchParams({
    token,
    clientType,
    ...(affiliateCode ? { affiliateCode } : {}),
  })}`;
  const web = isWebClientType(clientType);
  useEffect(() => {
    if (web) openApp();
    else window.location.href = deeplink;
  }, [web, deeplink]);
  return (
    <section className="auth-page">
      <h1>{t('redirect.title')}</h1>
      <p>{t('redirect.lead')}</p>
      {web ? null : (
        <a className="button" href={deeplink}>
          {t('redirect.open_app')}
        </a>
      )}
    </section>
  );
}
