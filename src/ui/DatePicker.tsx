import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
  Text,
  type DateValue,
} from 'react-aria-components';

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
export function DatePicker({ label, description, value, minValue, onChange, openCalendarLabel, previousLabel, nextLabel }: DatePickerProps) {
  return (
    <AriaDatePicker value={value} minValue={minValue} onChange={onChange} className="field date-picker" granularity="day">
      <Label className="field__label">{label}</Label>
      <Group className="date-picker__group">
        <DateInput className="date-picker__input">{(segment) => <DateSegment segment={segment} className="date-picker__segment" />}</DateInput>
        <Button className="date-picker__button" aria-label={openCalendarLabel}>
          ▾
        </Button>
      </Group>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <Popover className="date-picker__popover">
        <Dialog className="date-picker__dialog">
          <Calendar className="calendar">
            <header className="calendar__header">
              <Button slot="previous" aria-label={previousLabel}>
                ‹
              </Button>
              <Heading className="calendar__heading" />
              <Button slot="next" aria-label={nextLabel}>
                ›
              </Button>
            </header>
            <CalendarGrid className="calendar__grid">{(date) => <CalendarCell date={date} className="calendar__cell" />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
