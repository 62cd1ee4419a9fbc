import type { TFunction } from 'i18next';

/** Seconds shown as minutes plus seconds (admin-console.md: STT shown in minutes). */
export function minutesAndSeconds(seconds: number, t: TFunction): string {
  const sign = seconds < 0 ? '-' : '';
  const whole = Math.abs(Math.round(seconds));
  return `${sign}${t('console-payments:minutes_seconds', { minutes: Math.floor(whole / 60), seconds: whole % 60 })}`;
}
