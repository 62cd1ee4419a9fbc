import '../auth.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { oauthConfigQuery } from '../api/google.ts';
import { type CodeProvider, providerAuthorizeUrl, providerState } from '../provider-flow.ts';

/**
 * The sign-in popup's first page for Kakao and Naver: builds the provider's authorize request with the
 * opener's nonce and goes there.
 */
export function ProviderForward({
  provider,
  nonce,
  affiliateCode,
}: {
  provider: CodeProvider;
  nonce: string | undefined;
  affiliateCode: string | undefined;
}) {
  const { t } = useTranslation('auth');
  const config = useQuery(oauthConfigQuery());
  useEffect(() => {
    if (!config.data || !nonce) return;
    const state = providerState(nonce, affiliateCode);
    window.location.replace(providerAuthorizeUrl(provider, config.data[provider], { state, nonce }));
  }, [config.data, provider, nonce, affiliateCode]);
  const name = t(`provider.name.${provider}`);
  return (
    <section className="auth-page" aria-busy={!config.isError && Boolean(nonce)}>
      {config.isError || !nonce ? (
        <p role="alert">{t('provider.unavailable', { provider: name })}</p>
      ) : (
        <>
          <div
            className="spinner"
            role="progressbar"
            aria-label={t('provider.forwarding', { provider: name })}
          />
          <p>{t('provider.forwarding', { provider: name })}</p>
        </>
      )}
    </section>
  );
}
