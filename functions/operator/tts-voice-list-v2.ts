import { ttsVoiceListV2 } from '../../shared/api/tts-voices.ts';
import { ttsVoices } from '../core/operator/tts-voices.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(ttsVoiceListV2, async () => ({
  result: { allVoices: await ttsVoices() },
}));
