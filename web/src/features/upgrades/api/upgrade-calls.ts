import { upgradeRecurrentNaverPay } from '../../../../../shared/api/upgrades.ts';
import { callRoute } from '../../../lib/api-client.ts';

export const fetchWalletUpgrade = (input: {
  guid: string;
  merchantUid: string;
  price: number;
  isTest: boolean;
}) => callRoute(upgradeRecurrentNaverPay, input);
