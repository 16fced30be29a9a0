import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentMarks } from '../../../../domain/sell-blocks';
import { PaymentMark } from '../../../../ui/PaymentMark';
import { SELL_BLOCKS_NAMESPACE } from './namespace';
import './blocks.css';

export interface PaymentLogosProps {
  country: string | null | undefined;
  /** The Checkout paypal / upi features, when the page has resolved them; by country otherwise. */
  paypal?: boolean;
  upi?: boolean;
}

/** The ways to pay, as brand marks: each mark is an image named by its brand. */
export function PaymentLogos({ country, paypal, upi }: PaymentLogosProps) {
  const { t } = useTranslation(SELL_BLOCKS_NAMESPACE);
  const labelId = useId();
  const marks = paymentMarks(country, { paypal, upi });
  return (
    <div className="sb-block sb-payment-marks" data-testid="payment-logos">
      <p id={labelId} className="sb-payment-marks__label">
        {t('paymentLogos.label')}
      </p>
      <ul className="sb-payment-marks__list" aria-labelledby={labelId}>
        {marks.map((mark) => (
          <li key={mark} className="sb-payment-marks__item" data-mark={mark}>
            <PaymentMark mark={mark} />
          </li>
        ))}
      </ul>
    </div>
  );
}
