import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';

export interface SelectOption {
  id: Key;
  label: string;
}

export interface SelectProps {
  label: string;
  options: SelectOption[];
  selectedKey?: Key | null;
  onSelectionChange: (key: Key | null) => void;
  placeholder?: string;
  isDisabled?: boolean;
  className?: string;
  labelClassName?: string;
  'data-testid'?: string;
}

/** A labelled pick-one list: react-aria's Select with its button, popover and list box. */
export function Select({
  label,
  options,
  selectedKey,
  onSelectionChange,
  placeholder,
  isDisabled,
  className = 'select',
  labelClassName = 'field__label',
  ...rest
}: SelectProps) {
  return (
    <AriaSelect
      className={className}
      data-testid={rest['data-testid']}
      placeholder={placeholder}
      {...(selectedKey !== undefined ? { selectedKey } : {})}
      onSelectionChange={onSelectionChange}
      isDisabled={isDisabled}
    >
      <Label className={labelClassName}>{label}</Label>
      <Button className="select__button tester-panel__select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="select__popover tester-panel__popover">
        <ListBox className="select__listbox tester-panel__listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="select__option tester-panel__option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
