// A choice of one among a few (docs/decisions/0016): radio buttons drawn as a segmented control,
// so the arrow keys move between them and a screen reader says "2 of 4" as it does for any radio
// group. The charts' time ranges and series toggles use it.
import { useId } from 'react';
import '@/components/design.css';

interface Props<T extends string> {
  /** The group's name ('Time range'), read out; not shown. */
  legend: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}

export function Segmented<T extends string>({ legend, options, value, onChange }: Props<T>) {
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
