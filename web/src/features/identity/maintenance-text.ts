import type { Maintenance } from '../../../../shared/identity/maintenance.ts';
import type { SiteLanguage } from '../../../../shared/languages.ts';

/** The maintenance notice: planned or emergency, with its start and end in the visitor's time zone. */
export function maintenanceText(
  maintenance: Maintenance,
  language: SiteLanguage,
  t: (key: string, values: Record<string, string>) => string,
): string {
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const values = {
    start: format.format(new Date(maintenance.startAt)),
    end: format.format(new Date(maintenance.endAt)),
  };
  return maintenance.type === 'planned'
    ? t('maintenance.planned', values)
    : t('maintenance.emergency', values);
}
