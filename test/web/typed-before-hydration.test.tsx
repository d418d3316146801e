// What a visitor types into a prerendered form before the app hydrates it is kept and used
// (lib/use-typed-before-hydration.ts): the server's HTML is put into the page, "typed" into, then
// hydrated as main.tsx does, re-rendered and submitted. The browser version, with the real pages
// and a late entry module, is test/e2e/hydration.test.ts.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import WaitingList, { SUCCESS_TEXT } from '@/features/waitlist/components/waiting-list';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';
import { fakeApi } from './harness';
import { serverHtml } from './server-html';

const { prerender, hydrate, render } = serverHtml();

/** What a visitor's typing does to a control the app has not hydrated yet: only the DOM changes. */
function typeBefore(control: HTMLElement, value: string) {
  (control as HTMLInputElement).value = value;
}

function Probe({ adopt }: { adopt: boolean }) {
  const [text, setText] = useState('');
  const [renders, setRenders] = useState(0);
  const values: { query?: string } = adopt ? { query: text } : {};
  const form = useTypedBeforeHydration(values, (typed) => setText(typed.query ?? ''));
  return (
    <form ref={form} aria-label="probe">
      <label htmlFor="q">Query</label>
      <input id="q" name="query" value={text} onChange={(e) => setText(e.target.value)} />
      <output aria-label="state">{text}</output>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        Render again {renders}
      </button>
    </form>
  );
}

describe('useTypedBeforeHydration', () => {
  it('puts the text typed before hydration into the state, so a later render keeps it', async () => {
    prerender(<Probe adopt />);
    typeBefore(screen.getByLabelText('Query'), 'Marcus');
    await hydrate(<Probe adopt />);
    expect(screen.getByLabelText('state')).toHaveTextContent('Marcus');
    fireEvent.click(screen.getByRole('button', { name: /Render again/ }));
    expect(screen.getByLabelText('Query')).toHaveValue('Marcus');
  });

  it('is what keeps it: without it the next render puts the empty state back', async () => {
    prerender(<Probe adopt={false} />);
    typeBefore(screen.getByLabelText('Query'), 'Marcus');
    await hydrate(<Probe adopt={false} />);
    expect(screen.getByLabelText('Query')).toHaveValue('Marcus'); // hydration leaves the DOM alone...
    expect(screen.getByLabelText('state')).toHaveTextContent('');
    fireEvent.click(screen.getByRole('button', { name: /Render again/ }));
    expect(screen.getByLabelText('Query')).toHaveValue(''); // ...and the next render wipes it
  });

  it('adopts nothing when the app renders the form itself', async () => {
    const adopted: unknown[] = [];
    function Fresh() {
      const [text] = useState('start');
      const form = useTypedBeforeHydration({ query: text }, (typed) => adopted.push(typed));
      return (
        <form ref={form}>
          <input name="query" value={text} readOnly />
        </form>
      );
    }
    await render(<Fresh />);
    expect(adopted).toEqual([]);
  });
});

describe('the waiting list filled in before hydration', () => {
  it('keeps every answer and sends them with the submit', async () => {
    const api = fakeApi((path) => (path === '/api/waitlist' ? { status: 201, body: { ok: true } } : { status: 404, body: {} }));
    Element.prototype.scrollIntoView = () => undefined;
    prerender(<WaitingList />);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    typeBefore(screen.getByLabelText(/First name/), 'Early');
    typeBefore(screen.getByLabelText(/Last name/), 'Typist');
    typeBefore(screen.getByLabelText(/Email/), 'early@example.com');
    typeBefore(screen.getByLabelText('School'), 'Temple');
    typeBefore(screen.getByLabelText('Additional details'), 'Typed on a slow phone');

    await hydrate(<WaitingList />);
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.getByLabelText(/First name/)).toHaveValue('Early');
    expect(screen.getByLabelText('School')).toHaveValue('Temple');
    fireEvent.click(submit);

    await screen.findByText(SUCCESS_TEXT);
    const [, init] = api.mock.calls.find(([path]) => path === '/api/waitlist')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Early',
      lastName: 'Typist',
      email: 'early@example.com',
      school: 'Temple',
      details: 'Typed on a slow phone',
    });
  });
});
