import * as z from 'zod';

/**
 * A payment session's guid as the guid routes take it. Its form (32 to 64 URL-safe characters) is the
 * pipeline's check of the credential, made after parsing (functions/core/pipeline.ts, GUID_PATTERN); the
 * schema only bounds its length.
 */
export const SessionGuid = z.string().max(64);
