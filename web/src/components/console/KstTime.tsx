import { formatKst, KST_DATE_TIME } from '../../../../shared/time/kst.ts';

/** An instant shown in KST (the machine-readable instant in `dateTime`); nothing for none. */
export function KstTime({ ms, format = KST_DATE_TIME }: { ms: number | undefined | null; format?: string }) {
  if (ms === undefined || ms === null) return null;
  return <time dateTime={new Date(ms).toISOString()}>{formatKst(ms, format)}</time>;
}
