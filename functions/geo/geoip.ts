import { geoip } from '../../shared/api/geo.ts';
import { defineHandler } from '../core/pipeline.ts';

/**
 * The viewer's country as CloudFront resolved it (the web stack forwards CloudFront-Viewer-Country
 * to the API; the local gateway sets it from VIEWER_COUNTRY). Browsers may cache it for a day.
 */
export const handler = defineHandler(
  geoip,
  async (_input, { headers }) => {
    const country = headers['cloudfront-viewer-country']?.toUpperCase();
    return { country: country && /^[A-Z]{2}$/.test(country) ? country : 'ZZ' };
  },
  { headers: () => ({ 'cache-control': 'private, max-age=86400' }) },
);
