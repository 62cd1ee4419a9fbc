import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import {
  PAY_METHOD_NAMESPACE,
  type PayMethod,
  payMethodLabel,
} from '../../../../../shared/payments/pay-methods.ts';

/** The payment method cards: a radio group of the methods the order may use, with their notes. */
export function PayMethodCards({
  methods,
  language,
  isSubscription,
  value,
  disabled,
  onChange,
}: {
  methods: readonly PayMethod[];
  language: SiteLanguage;
  isSubscription: boolean;
  value: PayMethod | undefined;
  disabled: boolean;
  onChange: (method: PayMethod) => void;
}) {
  const { t } = useTranslation('order');
  const { t: label } = useTranslation(PAY_METHOD_NAMESPACE);
  return (
    <section id="order-pay-method" className="order-section" aria-labelledby="order-pay-method-title">
      <h2 id="order-pay-method-title">{t('pay_method.title')}</h2>
      <div role="radiogroup" aria-labelledby="order-pay-method-title" className="order-method-cards">
        {methods.map((method) => {
          const { labelKey, noteKey } = payMethodLabel(method, { language, isSubscription });
          return (
            <label key={method} className="order-method-card" data-method={method}>
              <input
                type="radio"
                name="pay-method"
                value={method}
                checked={value === method}
                disabled={disabled}
                onChange={() => onChange(method)}
              />
              <span>{label(labelKey)}</span>
              {noteKey ? <small>{label(noteKey)}</small> : null}
            </label>
          );
        })}
      </div>
    </section>
  );
}
