import { useTranslation } from 'react-i18next';
import { isMeteredUsageType, USAGE_UNIT, type UsageType } from '../../../../../shared/usage/usage-rules.ts';
import { useUsage } from '../api/get-usage.ts';
import { failureText } from '../format.ts';

/** STT is counted in seconds and shown in whole minutes (site-and-payments.md section 9). */
const shown = (type: UsageType, amount: number) =>
  Math.floor(USAGE_UNIT[type] === 'seconds' ? amount / 60 : amount).toLocaleString();

/** This month's usage of each metered feature against the plan's limit. */
export function UsageSection({ token }: { token: string }) {
  const { t } = useTranslation('billing');
  const usage = useUsage(token);
  const lines = (usage.data?.usages ?? []).filter(
    (line): line is typeof line & { limit: number } =>
      isMeteredUsageType(line.usageType) && line.limit !== null,
  );
  return (
    <section className="billing-section" aria-labelledby="billing-usage-title" aria-busy={usage.isPending}>
      <h2 id="billing-usage-title">{t('usage.title')}</h2>
      {usage.error ? <p role="alert">{failureText(t, usage.error)}</p> : null}
      <ul className="billing-usage">
        {lines.map((line) => {
          const label = t(`usage.${line.usageType}`);
          return (
            <li key={line.usageType}>
              <span>{label}</span>
              <strong>
                {t(`usage.amount_${USAGE_UNIT[line.usageType]}`, {
                  used: shown(line.usageType, line.used),
                  limit: shown(line.usageType, line.limit),
                })}
              </strong>
              <meter
                aria-label={label}
                min={0}
                max={Math.max(line.limit, 1)}
                value={Math.min(line.used, line.limit)}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
