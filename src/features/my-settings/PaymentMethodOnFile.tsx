import { useTranslation } from 'react-i18next';
import { paymentMethodShown, type SettingsPaymentMethod } from '../../../machines/my-settings.rules';
import { PaymentMarkLabel, markOfCardBrand, markOfMethod } from '../../ui/PaymentMark';
import { ACCOUNT_NAMESPACE } from './account-effects';

/** The payment method on file, in words with its mark: a card's brand and last four, or another method's name. */
export function PaymentMethodOnFile({ method }: { method: SettingsPaymentMethod | null }) {
  const { t } = useTranslation(ACCOUNT_NAMESPACE);
  const shown = paymentMethodShown(method);
  let text: string;
  if (!shown) text = t('paymentMethod.none');
  else if (shown.kind === 'card')
    text = t('paymentMethod.card', {
      brand: shown.brand ? t(`brand.${shown.brand}`) : t('methodName.CRCD'),
      lastFour: shown.lastFour,
    });
  else text = shown.code ? t(`methodName.${shown.code}`) : t('paymentMethod.other');
  const mark = !shown ? null : shown.kind === 'card' ? markOfCardBrand(shown.brand) : markOfMethod(shown.code);
  return (
    <p className="payment-method-on-file" data-testid="payment-method">
      <PaymentMarkLabel mark={mark}>{text}</PaymentMarkLabel>
    </p>
  );
}
