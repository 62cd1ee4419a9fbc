import { ttsVoiceListV2 } from '../../shared/api/tts-voices.ts';
import { defineHandler } from '../core/pipeline.ts';
import { ttsVoices } from '../core/tts-voices/tts-voices.ts';

export const handler = defineHandler(ttsVoiceListV2, async () => ({
  result: { allVoices: await ttsVoices() },
}));
