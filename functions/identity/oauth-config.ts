import { oauthConfig } from '../../shared/api/identity.ts';
import { kakaoSignInClient } from '../core/adapters/kakao-identity.ts';
import { naverSignInClient } from '../core/adapters/naver-identity.ts';
import { defineHandler } from '../core/pipeline.ts';
import { settings } from '../core/settings.ts';

export const handler = defineHandler(
  oauthConfig,
  async () => {
    const { authorizeUrl, clientId } = settings.google;
    const [kakao, naver] = await Promise.all([kakaoSignInClient(), naverSignInClient()]);
    return { google: { authorizeUrl, clientId }, kakao, naver };
  },
  { headers: () => ({ 'cache-control': 'public, max-age=3600' }) },
);
