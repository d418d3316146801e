// The confirmation dialog on the native <dialog>: opened modal, Cancel focused, Escape and a
// backdrop click cancel, focus goes back to the button that opened it.
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/dialog';

function Harness({ onConfirm = () => undefined }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState('none');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <p>outcome: {outcome}</p>
      {open && (
        <ConfirmDialog
          title="Delete Post?"
          confirmLabel="Delete"
          danger
          onCancel={() => {
            setOpen(false);
            setOutcome('cancelled');
          }}
          onConfirm={() => {
            setOpen(false);
            setOutcome('confirmed');
            onConfirm();
          }}
        >
          <p>This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('opens as a modal <dialog> named by its title, with Cancel focused', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Post?' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('cancels on Escape and gives focus back to the opener', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('outcome: cancelled')).toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('cancels on a click on the backdrop, not on a click inside the box', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByText('This cannot be undone.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('outcome: cancelled')).toBeInTheDocument();
  });

  it('confirms with its confirm button', async () => {
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByText('outcome: confirmed')).toBeInTheDocument();
  });
});
