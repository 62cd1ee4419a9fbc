import * as z from 'zod';
import { DOWNLOAD_SPEC_CONFIG_NAME, DownloadSpecSchema } from '../downloads/download-packages.ts';
import { MaintenanceSchema, SIGN_UP_MAINTENANCE_CONFIG } from '../identity/maintenance.ts';
import { SUPPORT_BULK_GRANT_CONFIG, SupportBulkGrantLimitSchema } from '../staff/staff-roles.ts';
import { TTS_VOICES_CONFIG, TtsVoiceListSchema } from '../tts-voices/tts-voices.ts';

/**
 * The config entries the product reads as JSON, each with the form it reads (issue 19, defect 9): the
 * console's form and the server check a value against it, so a value the product could not read is
 * never saved. Other entries are free text.
 */
export const JSON_CONFIG_SCHEMAS: Readonly<Record<string, z.core.$ZodType>> = {
  [TTS_VOICES_CONFIG]: TtsVoiceListSchema,
  [DOWNLOAD_SPEC_CONFIG_NAME]: DownloadSpecSchema,
  [SIGN_UP_MAINTENANCE_CONFIG]: MaintenanceSchema,
  [SUPPORT_BULK_GRANT_CONFIG]: SupportBulkGrantLimitSchema,
};

/**
 * Entries a fresh installation seeds and the product cannot do without (the apps' voice list, the
 * release feed): they are edited, never deleted.
 */
export const REQUIRED_CONFIGS: readonly string[] = [TTS_VOICES_CONFIG, DOWNLOAD_SPEC_CONFIG_NAME];

export const CONFIG_MESSAGES = {
  notJson: 'console-configs:validation.not_json',
  schema: 'console-configs:validation.schema',
  required: 'console-configs:refusal.required_entry',
} as const;

/** Why a value cannot be saved under a name (an i18n key), if it cannot. */
export function configValueProblem(name: string, value: string): string | undefined {
  const schema = JSON_CONFIG_SCHEMAS[name.trim()];
  if (!schema) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return CONFIG_MESSAGES.notJson;
  }
  return z.safeParse(schema, parsed).success ? undefined : CONFIG_MESSAGES.schema;
}

export const isRequiredConfig = (name: string) => REQUIRED_CONFIGS.includes(name);

/** The config form's check of the value against its entry's form. */
export function checkConfigValue(config: { name: string; value: string }, context: z.RefinementCtx): void {
  const problem = configValueProblem(config.name, config.value);
  if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem });
}
