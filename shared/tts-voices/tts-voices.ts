import * as z from 'zod';

/**
 * The text-to-speech voices the apps offer (GET /operator/tts-voice-list-v2). The source of truth is
 * the config entry TTS_VOICES_CONFIG (a JSON array of voices), so operators change the list in the
 * console's config screens without a release; the local seed writes DEFAULT_TTS_VOICES.
 */
export const TTS_VOICES_CONFIG = 'tts-voices';

export const TtsVoiceSchema = z.object({
  /** The engine's voice id, what a TTS request names. */
  name: z.string().min(1).max(128),
  displayName: z.string().min(1).max(128),
  language: z.string().min(2).max(16),
  gender: z.enum(['female', 'male', 'neutral']),
  /** Whether free-plan accounts may use the voice. */
  free: z.boolean(),
});
export type TtsVoice = z.infer<typeof TtsVoiceSchema>;
export const TtsVoiceListSchema = z.array(TtsVoiceSchema);

export const DEFAULT_TTS_VOICES: TtsVoice[] = [
  { name: 'ko-KR-SunHi', displayName: '선희', language: 'ko', gender: 'female', free: true },
  { name: 'ko-KR-InJoon', displayName: '인준', language: 'ko', gender: 'male', free: true },
  { name: 'ko-KR-Hyunsu', displayName: '현수', language: 'ko', gender: 'male', free: false },
  { name: 'en-US-Jenny', displayName: 'Jenny', language: 'en', gender: 'female', free: true },
  { name: 'en-US-Guy', displayName: 'Guy', language: 'en', gender: 'male', free: false },
  { name: 'ja-JP-Nanami', displayName: '七海', language: 'ja', gender: 'female', free: true },
  { name: 'ja-JP-Keita', displayName: '圭太', language: 'ja', gender: 'male', free: false },
  { name: 'es-ES-Elvira', displayName: 'Elvira', language: 'es', gender: 'female', free: true },
  { name: 'zh-TW-HsiaoChen', displayName: '曉臻', language: 'zh', gender: 'female', free: false },
];
