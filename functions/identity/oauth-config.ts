import { oauthConfig } from '../../shared/api/identity.ts';
import { defineHandler } from '../core/pipeline.ts';
import { settings } from '../core/settings.ts';

export const handler = defineHandler(
  oauthConfig,
  async () => {
    const { authorizeUrl, clientId } = settings.google;
    return { google: { authorizeUrl, clientId } };
  },
  { headers: () => ({ 'cache-control': 'public, max-age=3600' }) },
);
