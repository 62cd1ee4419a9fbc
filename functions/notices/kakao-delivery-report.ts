import { kakaoDeliveryReport } from '../../shared/api/notices.ts';
import { recordDeliveryReport } from '../core/notices/kakao-notices.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(kakaoDeliveryReport, (input) => recordDeliveryReport(input));
