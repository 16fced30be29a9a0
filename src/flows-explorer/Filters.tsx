import { parseDate, type DateValue } from '@internationalized/date';
import type { FlowCountsQuery, FlowSegmentValues } from '../api/schemas/flows';
import { Button } from '../ui/Button';
import { DatePicker } from '../ui/DatePicker';
import { variationGroups, type NamedExperiment } from '../domain/experiment-catalogue';
import { SectionedSelect } from '../ui/SectionedSelect';
import { Select } from '../ui/Select';

const ALL = 'all';

interface FiltersProps {
  filter: FlowCountsQuery;
  /** The range the counts were read for (the server's default when the address names none). */
  range: { from: string; to: string };
  segments: FlowSegmentValues | null;
  /** The experiments configuration names (none when they could not be read: the GUIDs stand in). */
  experiments: NamedExperiment[];
  onChange: (filter: FlowCountsQuery) => void;
}

const dateOf = (iso: string): DateValue | null => {
  try {
    return parseDate(iso);
  } catch {
    return null;
  }
};

/** The date range and the segment filters of the counts; every change goes into the address. */
export function Filters({ filter, range, segments, experiments, onChange }: FiltersProps) {
  const set = (key: keyof FlowCountsQuery, value: string | null) => {
    const next: FlowCountsQuery = { ...filter };
    if (value && value !== ALL) (next as Record<string, string>)[key] = value;
    else delete next[key];
    onChange(next);
  };
  const options = (values: string[]) => [{ id: ALL, label: 'All' }, ...values.map((v) => ({ id: v, label: v }))];
  const withCurrent = (values: string[] | undefined, current: string | undefined) =>
    [...new Set([...(values ?? []), ...(current ? [current] : [])])].sort();
  // Each experiment once, named from configuration, with the variations it has.
  const variationSections = variationGroups(experiments, segments?.variations ?? [], filter.variation).map((group) => ({
    id: group.guid,
    title: group.name,
    options: group.options.map((o) => ({
      id: o.id,
      label: `Variation ${o.variation}`,
      selectedLabel: `${group.name}: variation ${o.variation}`,
    })),
  }));
  return (
    <form className="flows-filters" aria-label="Date range and segment" onSubmit={(e) => e.preventDefault()}>
      <DatePicker
        label="From"
        value={dateOf(filter.from ?? range.from)}
        onChange={(value) => set('from', value ? value.toString() : null)}
        openCalendarLabel="Choose the first day"
        previousLabel="Previous month"
        nextLabel="Next month"
      />
      <DatePicker
        label="To"
        value={dateOf(filter.to ?? range.to)}
        onChange={(value) => set('to', value ? value.toString() : null)}
        openCalendarLabel="Choose the last day"
        previousLabel="Previous month"
        nextLabel="Next month"
      />
      <Select
        label="Country"
        options={options(withCurrent(segments?.countries, filter.country))}
        selectedKey={filter.country ?? ALL}
        onSelectionChange={(key) => set('country', key === null ? null : String(key))}
        data-testid="filter-country"
      />
      <Select
        label="Device"
        options={options(withCurrent(segments?.devices, filter.device))}
        selectedKey={filter.device ?? ALL}
        onSelectionChange={(key) => set('device', key === null ? null : String(key))}
        data-testid="filter-device"
      />
      <Select
        label="User type"
        options={options(withCurrent(segments?.userTypes, filter.userType))}
        selectedKey={filter.userType ?? ALL}
        onSelectionChange={(key) => set('userType', key === null ? null : String(key))}
        data-testid="filter-user-type"
      />
      <SectionedSelect
        label="Experiment variation"
        options={[{ id: ALL, label: 'All', selectedLabel: 'All' }]}
        sections={variationSections}
        selectedKey={filter.variation ?? ALL}
        onSelectionChange={(key) => set('variation', key === null ? null : String(key))}
        data-testid="filter-variation"
      />
      <Button variant="secondary" onPress={() => onChange({})} isDisabled={Object.keys(filter).length === 0}>
        Clear the filters
      </Button>
    </form>
  );
}
