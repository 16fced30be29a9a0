import { lazy, Suspense, useState } from 'react';
import {
  Button,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Group,
  Label,
  Text,
  type DateValue,
} from 'react-aria-components';

// The calendar (a popover, a dialog, the month's grid) is most of a date picker's code, and most
// people type the date or keep the one given: it loads when the pointer or the focus first
// reaches the field, before anyone opens it. A tap on a touch screen, with no hover before it,
// opens the picker at once: the calendar then shows as soon as its code has arrived.
const DatePickerCalendar = lazy(() => import('./DatePickerCalendar'));

export interface DatePickerProps {
  label: string;
  description?: string;
  value: DateValue | null;
  minValue?: DateValue;
  onChange: (value: DateValue | null) => void;
  openCalendarLabel: string;
  previousLabel: string;
  nextLabel: string;
}

/** A date field whose segments follow the culture's order, with a calendar popover. */
export function DatePicker({
  label,
  description,
  value,
  minValue,
  onChange,
  openCalendarLabel,
  previousLabel,
  nextLabel,
}: DatePickerProps) {
  const [calendarWanted, setCalendarWanted] = useState(false);
  const want = () => setCalendarWanted(true);
  return (
    <AriaDatePicker
      value={value}
      minValue={minValue}
      onChange={onChange}
      onFocus={want}
      onOpenChange={want}
      className="field date-picker"
      granularity="day"
    >
      <Label className="field__label">{label}</Label>
      <Group className="date-picker__group" onHoverStart={want}>
        <DateInput className="date-picker__input">
          {(segment) => <DateSegment segment={segment} className="date-picker__segment" />}
        </DateInput>
        <Button className="date-picker__button" aria-label={openCalendarLabel}>
          ▾
        </Button>
      </Group>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      {calendarWanted ? (
        <Suspense fallback={null}>
          <DatePickerCalendar previousLabel={previousLabel} nextLabel={nextLabel} />
        </Suspense>
      ) : null}
    </AriaDatePicker>
  );
}

/**
 * The room a date picker takes, label included, before it is drawn: a page that draws its date
 * pickers in passes of their own keeps their place with this, so nothing moves when they come. It
 * is hidden from assistive technology, as it is not a control.
 */
export function DatePickerPlaceholder({ label }: { label: string }) {
  return (
    <div className="field date-picker" aria-hidden="true" data-testid="date-picker-placeholder">
      <span className="field__label">{label}</span>
      <div className="date-picker__group">
        <span className="date-picker__button" />
      </div>
    </div>
  );
}
