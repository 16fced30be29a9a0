import { parseDate, type DateValue } from '@internationalized/date';
import { Link, rootRouteId, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { memo, useDeferredValue, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingHistoryActor } from '../../../machines/billing-history.machine';
import {
  filterFromAddress,
  isAdminFee,
  isRefund,
  pageOf,
  paymentMethodOf,
  TRANSACTION_KINDS,
  type HistoryFilter,
  type TransactionKind,
} from '../../../machines/billing-history.rules';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { Button } from '../../ui/Button';
import { SkeletonBlock } from '../../ui/Skeleton';
import { PaymentMarkLabel, markOfCardBrand, markOfMethod } from '../../ui/PaymentMark';
import { DatePicker, DatePickerPlaceholder } from '../../ui/DatePicker';
import { usePassesInTurn } from '../../ui/use-passes-in-turn';
import { FailureNotice } from '../../ui/FailureNotice';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideBillingHistory } from './billing-effects';
import { BILLING_NAMESPACE } from './namespace';
import { amountOf, dayText, methodText, periodText } from '../../domain/transaction-format';
import { transactionIdentity } from '../../domain/catalogue';
import { useCatalogue } from '../../ui/use-catalogue';
import './billing.css';

/** Starts the machine once, for the signed-in person, with the filter the address asks for. */
function useBillingHistoryActor(filter: HistoryFilter, today: Date): BillingHistoryActor {
  const { api, startup, navigation, recordFlows } = useServices();
  const [setup] = useState(() => ({
    machine: provideBillingHistory({ api, navigation, today: () => today }),
    userUid: signedInPersonOf(startup).user.UserUID,
  }));
  return useActorRef(setup.machine, { inspect: recordFlows, input: { userUid: setup.userUid, filter } });
}

const asDate = (day: string): DateValue | null => {
  try {
    return parseDate(day);
  } catch {
    return null;
  }
};

/**
 * The range and the kind to list; applying them asks the machine, which refuses a reversed range.
 * Its date pickers are the page's costliest part to draw: it is drawn again only when its filter changes,
 * and the page has them come one at a time (`pickersDrawn`) after its first drawing.
 */
const FilterForm = memo(function FilterForm({
  actor,
  filter,
  pickersDrawn,
}: {
  actor: BillingHistoryActor;
  filter: HistoryFilter;
  pickersDrawn: number;
}) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const [start, setStart] = useState<DateValue | null>(() => asDate(filter.startDate));
  const [end, setEnd] = useState<DateValue | null>(() => asDate(filter.endDate));
  const [kind, setKind] = useState<TransactionKind>(filter.kind);
  const event = {
    type: 'history.filter',
    startDate: start?.toString() ?? '',
    endDate: end?.toString() ?? '',
    kind,
  } as const;
  const canApply = useSelector(actor, (s) => s.can(event));
  const reversed = Boolean(start && end && start.compare(end) > 0);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (canApply) actor.send(event);
  };
  const calendar = {
    openCalendarLabel: t('filters.openCalendar'),
    previousLabel: t('filters.previousMonth'),
    nextLabel: t('filters.nextMonth'),
  };
  return (
    <form
      className="billing-filters no-print"
      aria-label={t('filters.label')}
      onSubmit={apply}
      data-testid="billing-filters"
    >
      <div className="billing-filters__dates">
        {pickersDrawn > 0 ? (
          <DatePicker label={t('filters.start')} value={start} onChange={setStart} {...calendar} />
        ) : (
          <DatePickerPlaceholder label={t('filters.start')} />
        )}
        {pickersDrawn > 1 ? (
          <DatePicker label={t('filters.end')} value={end} onChange={setEnd} {...calendar} />
        ) : (
          <DatePickerPlaceholder label={t('filters.end')} />
        )}
      </div>
      <RadioGroup
        label={t('filters.kind')}
        labelClassName="field__label"
        value={kind}
        onChange={(value) => setKind(value as TransactionKind)}
        orientation="horizontal"
        className="billing-filters__kinds"
      >
        {TRANSACTION_KINDS.map((k) => (
          <Radio key={k} value={k} className="billing-filters__kind">
            {t(`kind.${k}`)}
          </Radio>
        ))}
      </RadioGroup>
      {reversed ? (
        <p className="field__error" role="alert" data-testid="billing-range-error">
          {t('filters.reversed')}
        </p>
      ) : null}
      <div className="actions">
        <Button type="submit" isDisabled={!canApply}>
          {t('filters.apply')}
        </Button>
      </div>
    </form>
  );
});

/** The mark of the card brand or method a transaction was paid with, when there is one. */
function methodMarkOf(row: Parameters<typeof paymentMethodOf>[0]) {
  const method = paymentMethodOf(row);
  return method.kind === 'card' ? markOfCardBrand(method.brand) : markOfMethod(method.code);
}

/** Billing history: a page of the person's transactions in a range (a billing year by default), with its filters and paging. */
export default function BillingHistoryPage() {
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  const catalogue = useCatalogue();
  const culture = i18n.language;
  const search = useSearch({ from: rootRouteId });
  const [today] = useState(() => new Date());
  const addressed = filterFromAddress(
    { startdate: search.startdate, enddate: search.enddate, txtype: search.txtype, skip: search.skip },
    today,
  );
  const actor = useBillingHistoryActor(addressed, today);
  const addressKey = JSON.stringify(addressed);
  useEffect(() => {
    // The address changed (back, forward, a link): the machine shows its filter unless it already does.
    actor.send({ type: 'history.show', filter: JSON.parse(addressKey) as HistoryFilter });
  }, [actor, addressKey]);

  // A machine's change is drawn at once and in one piece (useSyncExternalStore); what the page
  // shows of it is drawn in an interruptible pass instead, all of it together, so the rows, their
  // count and the paging arrive in one drawing and a tap meanwhile is answered without waiting.
  const loading = useDeferredValue(useSelector(actor, (s) => s.hasTag('loading')));
  const failed = useDeferredValue(useSelector(actor, (s) => s.matches('failed')));
  const loaded = useDeferredValue(useSelector(actor, (s) => s.matches('loaded')));
  const page = useDeferredValue(useSelector(actor, (s) => s.context.page));
  const filter = useDeferredValue(useSelector(actor, (s) => s.context.filter));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'history.retry' }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'history.next' }));
  const canPrevious = useSelector(actor, (s) => s.can({ type: 'history.previous' }));
  const heading = usePageHeading(t('history.title'));
  // A date picker's first drawing is the page's costliest: after the page's own, each comes in a
  // pass of its own, in the room kept for it (once: a new filter draws the form again at once).
  const pickersDrawn = usePassesInTurn(2);

  const position = page ? pageOf(page.total, filter.skip) : null;
  const rows = loaded && page ? page.items : [];
  return (
    <section
      className="simple-page page page--wide billing"
      data-testid="page-billing-history"
      aria-labelledby="billing-heading"
      aria-busy={loading}
    >
      <h1 id="billing-heading" ref={heading} tabIndex={-1}>
        {t('history.title')}
      </h1>
      <p className="lead" data-testid="billing-range">
        {t('history.range', {
          start: dayText(`${filter.startDate}T00:00:00Z`, culture, true),
          end: dayText(`${filter.endDate}T00:00:00Z`, culture, true),
        })}
      </p>
      <FilterForm key={JSON.stringify(filter)} actor={actor} filter={filter} pickersDrawn={pickersDrawn} />
      {/* Beside the filters it undoes, and above the rows, so it does not move when they arrive. */}
      <p className="no-print">
        <Link to="/transactions" data-testid="billing-reset">
          {t('filters.reset')}
        </Link>
      </p>
      <p role="status" className="billing__status">
        {loading ? t('history.loading') : loaded && page ? t('history.count', { count: page.total }) : ''}
      </p>
      {loading && rows.length === 0 ? <SkeletonBlock shape="table" count={5} /> : null}
      {failed ? (
        <FailureNotice
          message={t('history.failed')}
          retry={canRetry ? { label: t('retry'), onPress: () => actor.send({ type: 'history.retry' }) } : null}
          testId="billing-error"
        />
      ) : null}
      {loaded && page && page.items.length === 0 ? <p data-testid="billing-empty">{t('history.empty')}</p> : null}
      {rows.length > 0 ? (
        <table className="billing-table" data-testid="billing-table">
          <caption className="visually-hidden">
            {t('table.caption', { page: position!.page, pages: position!.pages })}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="billing-table__date">
                {t('table.date')}
              </th>
              <th scope="col">{t('table.item')}</th>
              <th scope="col" className="billing-table__amount">
                {t('table.amount')}
              </th>
              <th scope="col">{t('table.method')}</th>
              <th scope="col">{t('table.period')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('table.details')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const date = dayText(row.created_at, culture);
              const product = catalogue.nameOf(transactionIdentity(row.sku_detail));
              const period = periodText(row, culture, t);
              return (
                <tr key={row.transaction_id} data-testid="billing-row" data-type={row.transaction_type}>
                  <td data-label={t('table.date')} className="billing-table__date" data-testid="billing-date">
                    {date}
                  </td>
                  <td data-label={t('table.item')}>
                    {product}
                    {isRefund(row) ? <span className="billing-tag billing-tag--refund">{t('tag.refund')}</span> : null}
                    {isAdminFee(row) ? (
                      <span className="billing-tag" data-testid="admin-fee">
                        {t('tag.adminFee')}
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t('table.amount')} className="billing-table__amount" data-testid="billing-amount">
                    {amountOf(row, culture)}
                  </td>
                  <td data-label={t('table.method')} className="billing-table__method">
                    <PaymentMarkLabel mark={methodMarkOf(row)}>{methodText(row, t)}</PaymentMarkLabel>
                  </td>
                  <td data-label={t('table.period')} className="billing-table__period">
                    {period ?? <span aria-label={t('period.none')}>—</span>}
                  </td>
                  <td>
                    <Link
                      to="/transactions/$transactionid/detail"
                      params={{ transactionid: String(row.transaction_id) }}
                      aria-label={t('table.detailsOf', { item: product, date })}
                    >
                      {t('table.details')}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {loaded && position && position.pages > 1 ? (
        <nav className="billing-paging no-print" aria-label={t('paging.label')}>
          <Button
            variant="secondary"
            isDisabled={!canPrevious}
            onPress={() => actor.send({ type: 'history.previous' })}
          >
            {t('paging.previous')}
          </Button>
          <span data-testid="billing-page">{t('paging.position', { page: position.page, pages: position.pages })}</span>
          <Button variant="secondary" isDisabled={!canNext} onPress={() => actor.send({ type: 'history.next' })}>
            {t('paging.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
