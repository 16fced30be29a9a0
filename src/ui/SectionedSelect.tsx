import {
  Button,
  Header,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';

export interface SectionedSelectOption {
  id: Key;
  /** What the option says inside its section. */
  label: string;
  /** What the closed select says once the option is chosen, with its section's name. */
  selectedLabel: string;
}

export interface SelectSection {
  id: Key;
  /** The section's heading, which names its options as a group for assistive technology too. */
  title: string;
  options: SectionedSelectOption[];
}

export interface SectionedSelectProps {
  label: string;
  /** Options above every section (such as "All"). */
  options: SectionedSelectOption[];
  sections: SelectSection[];
  selectedKey?: Key | null;
  onSelectionChange: (key: Key | null) => void;
  className?: string;
  labelClassName?: string;
  'data-testid'?: string;
}

/**
 * A pick-one list (styled as Select is) whose options come in named groups (react-aria's Select with list box
 * sections), so a name shared by many options (an experiment's) is said once, as the heading.
 */
export function SectionedSelect({
  label,
  options,
  sections,
  selectedKey,
  onSelectionChange,
  className = 'select',
  labelClassName = 'field__label',
  ...rest
}: SectionedSelectProps) {
  const item = (option: SectionedSelectOption) => (
    <ListBoxItem
      key={option.id}
      id={option.id}
      className="select__option tester-panel__option"
      textValue={option.selectedLabel}
    >
      {option.label}
    </ListBoxItem>
  );
  return (
    <AriaSelect
      className={className}
      data-testid={rest['data-testid']}
      {...(selectedKey !== undefined ? { selectedKey } : {})}
      onSelectionChange={onSelectionChange}
    >
      <Label className={labelClassName}>{label}</Label>
      <Button className="select__button tester-panel__select-button">
        <SelectValue>{({ selectedText, defaultChildren }) => selectedText ?? defaultChildren}</SelectValue>
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="select__popover tester-panel__popover">
        <ListBox className="select__listbox tester-panel__listbox">
          {options.map(item)}
          {sections.map((section) => (
            <ListBoxSection key={section.id} id={section.id} className="select__section">
              <Header className="select__section-title">{section.title}</Header>
              {section.options.map(item)}
            </ListBoxSection>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
