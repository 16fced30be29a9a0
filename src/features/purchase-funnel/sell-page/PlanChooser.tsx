import { memo, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Radio, RadioGroup } from '../../../ui/RadioGroup';
import { useTranslation } from 'react-i18next';
import type { Sku } from '../../../api/schemas/skus';
import { formatMoney } from '../../../domain/money';
import { planPriceOf, plansOnShow, type SellLayout } from '../../../domain/sell-plans';
import { productDescription, productIncludes, productKeyOf, skuIdentity } from '../../../domain/catalogue';
import { useCatalogue } from '../../../ui/use-catalogue';

export interface PlanChooserProps {
  layout: SellLayout;
  skus: Sku[];
  selectedSkuId: number | null;
  onSelect: (skuId: number) => void;
  /** Crossed-out annual price from the price-anchor block, when it is shown. */
  annualStrikePrice: number | null;
  /**
   * Drawn by the server for a page at rest: until the app comes, the browser's own radios are the
   * choice, so the options are styled from them (see funnel.css), not from the drawn selection.
   */
  drawnAtRest?: boolean;
}

/**
 * The plans as one radio group in every layout, so keyboard and screen readers meet the same
 * control whichever design the experiment shows: arrow keys move between plans, the chosen
 * one is announced as checked.
 */
export const PlanChooser = memo(function PlanChooser({
  layout,
  skus,
  selectedSkuId,
  onSelect,
  annualStrikePrice,
  drawnAtRest = false,
}: PlanChooserProps) {
  const { t } = useTranslation('funnel');
  const [annualOpen, setAnnualOpen] = useState(false);
  const { visible, hiddenAnnual: hasHiddenAnnual } = plansOnShow(layout, skus, {
    selectedSkuId,
    annualOpened: annualOpen,
  });

  return (
    <div className={`plan-chooser plan-chooser--${layout}`} data-testid="plan-chooser" data-layout={layout}>
      <RadioGroup
        className="plan-chooser__group"
        value={selectedSkuId === null ? null : String(selectedSkuId)}
        onChange={(value) => onSelect(Number(value))}
        aria-label={t('sell.plansLabel')}
        label={t('sell.plansLabel')}
        labelClassName="visually-hidden"
      >
        <div className="plan-chooser__options">
          {visible.map((sku) => (
            // The card and, under it, what the plan includes: outside the radio, so its name stays short and the list stays a list.
            <div key={sku.SkuID} className="plan-card">
              <PlanOption sku={sku} layout={layout} annualStrikePrice={annualStrikePrice} drawnAtRest={drawnAtRest} />
              <PlanIncludes sku={sku} />
            </div>
          ))}
        </div>
      </RadioGroup>
      {hasHiddenAnnual ? (
        <Button
          variant="link"
          className="plan-chooser__more"
          onPress={() => setAnnualOpen(true)}
          data-testid="show-annual"
        >
          {t('sell.showAnnual')}
        </Button>
      ) : null}
    </div>
  );
});

/** Drawn again by its radio's own state (chosen, pressed, focused), not when the chooser is. */
const PlanOption = memo(function PlanOption({
  sku,
  layout,
  annualStrikePrice,
  drawnAtRest,
}: {
  sku: Sku;
  layout: SellLayout;
  annualStrikePrice: number | null;
  drawnAtRest: boolean;
}) {
  const tier = sku.PlanTier ?? 'fullAccess';
  return (
    <Radio
      value={String(sku.SkuID)}
      className={`plan-option plan-option--${tier}${drawnAtRest ? ' plan-option--at-rest' : ''}`}
      data-testid={`plan-option-${tier}`}
      data-sku-id={sku.SkuID}
    >
      {/* Drawn by the stylesheet from the option's data-selected: a choice changes no text and no layout. */}
      <span className="plan-option__marker" aria-hidden="true" />
      <PlanOptionBody sku={sku} layout={layout} annualStrikePrice={annualStrikePrice} />
    </Radio>
  );
});

/** What a plan says: the same whether it is chosen, pressed or focused. */
function PlanOptionBody({
  sku,
  layout,
  annualStrikePrice,
}: {
  sku: Sku;
  layout: SellLayout;
  annualStrikePrice: number | null;
}) {
  const { t, i18n } = useTranslation('funnel');
  const price = planPriceOf(sku, annualStrikePrice);
  const money = (amount: number) => formatMoney(amount, sku.CurrencyCD, i18n.language);
  const catalogue = useCatalogue();
  const key = productKeyOf(skuIdentity(sku));
  return (
    <span className="plan-option__body">
      {sku.IsMostPopular && layout !== 'radio' ? (
        <span className="plan-option__badge">{t('sell.mostPopular')}</span>
      ) : null}
      <span className="plan-option__title">{catalogue.nameOf(skuIdentity(sku))}</span>
      {key ? <span className="plan-option__summary">{productDescription(catalogue.t, key)}</span> : null}
      <span className="plan-option__price">
        {price.strike !== null ? (
          <s className="plan-option__strike" data-testid="price-anchor">
            <span className="visually-hidden">{t('sell.wasPrice')} </span>
            {money(price.strike)}
          </s>
        ) : null}{' '}
        <strong data-testid="plan-price">{money(price.today)}</strong>
      </span>
      <span className="plan-option__terms">
        {price.renewal
          ? t('sell.trialTerms', { days: price.renewal.afterDays, renewal: money(price.renewal.amount) })
          : price.perMonth !== null
            ? t('sell.annualTerms', { perMonth: money(price.perMonth), price: money(price.today) })
            : t('sell.onceTerms')}
      </span>
      {price.discountPercentage > 0 ? (
        <span className="plan-option__saving">{t('sell.saving', { percent: price.discountPercentage })}</span>
      ) : null}
      {sku.IsMostPopular && layout === 'radio' ? (
        <span className="plan-option__badge">{t('sell.mostPopular')}</span>
      ) : null}
    </span>
  );
}

/** What a plan includes, from the catalogue, folded under its card so a phone still sees the first plan whole. */
function PlanIncludes({ sku }: { sku: Sku }) {
  const { t } = useTranslation('funnel');
  const catalogue = useCatalogue();
  const key = productKeyOf(skuIdentity(sku));
  const lines = key ? productIncludes(catalogue.t, key) : [];
  if (lines.length === 0) return null;
  return (
    <details className="plan-includes" data-testid={`plan-includes-${sku.PlanTier ?? 'fullAccess'}`}>
      <summary>{t('sell.includesSummary', { plan: catalogue.nameOf(skuIdentity(sku)) })}</summary>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}
