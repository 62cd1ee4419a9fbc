import { ConfigSchema } from '../../../../../shared/api/auth.ts';

/** The config form's fields: the server's own rule (name 1 to 128 characters, value up to 64,000). */
export const configFormRule = ConfigSchema.pick({ name: true, value: true }).extend({
  name: ConfigSchema.shape.name.trim().min(1, 'console-configs:validation.name'),
});
