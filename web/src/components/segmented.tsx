// A choice of one among a few (docs/decisions/0016): radio buttons drawn as a segmented control,
// so the arrow keys move between them and a screen reader says "2 of 4" as it does for any radio
// group. The charts' time ranges and series toggles use it.
// On a prerendered page (/demo/collective) the radios are HTML before the app hydrates them: a
// choice made then is in the DOM only, so on hydration the checked radio is adopted into the state
// (as lib/use-typed-before-hydration.ts does for forms), and the chart follows what was chosen.
import { useId, useLayoutEffect, useRef } from 'react';
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
  const group = useRef<HTMLFieldSetElement>(null);
  // Once, in hydration's commit: a radio checked before then that is not the state's becomes it.
  useLayoutEffect(() => {
    const checked = group.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    const chosen = options.find((o) => o.value === checked?.value);
    if (chosen && chosen.value !== value) onChange(chosen.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only what the DOM held when hydrated
  }, []);
  return (
    <fieldset className="segmented" ref={group}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            data-kept-before-hydration=""
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
