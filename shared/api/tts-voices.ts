import * as z from 'zod';
import { TtsVoiceSchema } from '../tts-voices/tts-voices.ts';
import { defineRoute } from './define-route.ts';

export const ttsVoiceListV2 = defineRoute({
  name: 'ttsVoiceListV2',
  service: 'operator',
  method: 'GET',
  path: '/tts-voice-list-v2',
  caller: 'public',
  summary:
    "The text-to-speech voices (from the 'tts-voices' config entry), each with whether free plans may use it",
  request: z.object({}),
  response: z.object({ result: z.object({ allVoices: z.array(TtsVoiceSchema) }) }),
  handler: 'tts-voices/tts-voice-list-v2',
  grants: ['table:read'],
});

export const ttsVoiceRoutes = [ttsVoiceListV2] as const;
