import { Button, Calendar, CalendarCell, CalendarGrid, Dialog, Heading, Popover } from 'react-aria-components';

export interface DatePickerCalendarProps {
  previousLabel: string;
  nextLabel: string;
}

/** The date picker's calendar popover: drawn inside the picker, whose open state it follows. */
export default function DatePickerCalendar({ previousLabel, nextLabel }: DatePickerCalendarProps) {
  return (
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
          <CalendarGrid className="calendar__grid">
            {(date) => <CalendarCell date={date} className="calendar__cell" />}
          </CalendarGrid>
        </Calendar>
      </Dialog>
    </Popover>
  );
}
