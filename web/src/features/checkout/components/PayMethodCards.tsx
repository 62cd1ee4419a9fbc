import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import {
  PAY_METHOD_NAMESPACE,
  type PayMethod,
  payMethodLabel,
} from '../../../../../shared/payments/pay-methods.ts';

/** The id of a method's radio button (the first one is where a missing choice's link leads). */
export const payMethodInputId = (method: PayMethod) => `order-pay-method-${method}`;

/**
 * The payment method cards: a radio group of the methods the order may use, with their notes. `error`
 * (no method chosen) shows under the title, the group marked invalid and described by it.
 */
export function PayMethodCards({
  methods,
  language,
  isSubscription,
  value,
  disabled,
  onChange,
  error,
}: {
  methods: readonly PayMethod[];
  language: SiteLanguage;
  isSubscription: boolean;
  value: PayMethod | undefined;
  disabled: boolean;
  onChange: (method: PayMethod) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('order');
  const { t: label } = useTranslation(PAY_METHOD_NAMESPACE);
  return (
    <section id="order-pay-method" className="order-section" aria-labelledby="order-pay-method-title">
      <h2 id="order-pay-method-title">{t('pay_method.title')}</h2>
      {error ? (
        <p id="order-pay-method-error" className="field-error">
          {error}
        </p>
      ) : null}
      <div
        role="radiogroup"
        aria-labelledby="order-pay-method-title"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'order-pay-method-error' : undefined}
        className="order-method-cards"
      >
        {methods.map((method) => {
          const { labelKey, noteKey } = payMethodLabel(method, { language, isSubscription });
          return (
            <label key={method} className="order-method-card" data-method={method}>
              <input
                id={payMethodInputId(method)}
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
