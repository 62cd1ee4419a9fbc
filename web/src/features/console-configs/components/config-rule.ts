import * as z from 'zod';
import { ConfigSchema } from '../../../../../shared/api/configs.ts';
import { checkConfigValue } from '../../../../../shared/configs/config-entries.ts';

/**
 * The config form's fields, within the server's bounds (name up to 128 characters, value up to 64,000),
 * a JSON entry's value in the form the product reads.
 */
export const configFormRule = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'console-configs:validation.name')
      .max(ConfigSchema.shape.name.maxLength ?? 128, 'console-configs:validation.name_long'),
    value: z
      .string()
      .max(ConfigSchema.shape.value.maxLength ?? 64_000, 'console-configs:validation.value_long'),
  })
  .superRefine(checkConfigValue);
