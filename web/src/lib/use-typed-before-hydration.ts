// Forms on prerendered pages (the top bar's search, the waiting list): the page is HTML the
// visitor can type into before the app's JS arrives and hydrates it (web/build-tools/prerender.ts
// loads the app after the first paint). What was typed or chosen then is in the DOM only: React
// hydrates the controls with its state (''), keeps the DOM's text on screen, and a later render
// would put '' back, or a submit would send ''. This hook reads the form's named controls once,
// when the form is hydrated, and hands those whose value differs from the state to `adopt`, which
// puts them into the state: the text stays and the submit sends it.
import { useLayoutEffect, useRef, type RefObject } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isControl(element: unknown): element is Control {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

/**
 * Returns the ref for the <form>. `values` is the form's state by control name (each control has
 * that `name`); `adopt` gets, once, the controls the visitor changed before hydration. A form
 * rendered by the app itself (not hydrated) shows its state, so nothing differs and nothing is adopted.
 */
export function useTypedBeforeHydration<K extends string>(
  values: Readonly<Partial<Record<K, string>>>,
  adopt: (typed: Partial<Record<K, string>>) => void,
): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  // A layout effect: it runs in hydration's commit, before the browser paints or handles another
  // key, so the state has the text before anything renders the control again.
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    const typed: Partial<Record<K, string>> = {};
    let any = false;
    for (const name of Object.keys(values) as K[]) {
      const control = element.elements.namedItem(name);
      if (!isControl(control) || control.type === 'file') continue;
      if (control.value !== (values[name] ?? '')) {
        typed[name] = control.value;
        any = true;
      }
    }
    if (any) adopt(typed);
    // Once, on mount: `values` is what the hydrated markup was rendered with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return form;
}
