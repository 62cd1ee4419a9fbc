import {
  TTS_VOICES_CONFIG,
  type TtsVoice,
  TtsVoiceListSchema,
} from '../../../shared/tts-voices/tts-voices.ts';
import { findConfigByName } from '../data/config-repository.ts';
import { logger } from '../logger.ts';

/**
 * The voices of the 'tts-voices' config entry. A missing or unreadable entry is an operator's mistake
 * the apps must survive: they get no voices (and the error is logged) rather than a failed call.
 */
export async function ttsVoices(): Promise<TtsVoice[]> {
  const entry = await findConfigByName(TTS_VOICES_CONFIG);
  if (!entry) {
    logger.error(`The ${TTS_VOICES_CONFIG} config entry is missing`);
    return [];
  }
  try {
    return TtsVoiceListSchema.parse(JSON.parse(entry.value));
  } catch (error) {
    logger.error(`The ${TTS_VOICES_CONFIG} config entry does not read as a voice list`, { error });
    return [];
  }
}
