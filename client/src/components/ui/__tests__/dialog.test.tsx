import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmActions } from '../confirm-actions';
import { Dialog } from '../dialog';

/** A page with a button that opens `dialog`; the dialog closes through its onClose. */
const Page = ({ dialog }: { dialog: (close: () => void) => ReactNode }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && dialog(() => setOpen(false))}
    </>
  );
};

const twoFields = (close: () => void) => (
  <Dialog title="Edit" onClose={close}>
    <input aria-label="Name" />
    <input aria-label="Phone" />
    <button type="button" onClick={close}>
      Save
    </button>
  </Dialog>
);

describe('Dialog', () => {
  it('moves focus in on open, keeps Tab inside, and Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    render(<Page dialog={twoFields} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Phone')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab(); // from the last control back to the first, not to the page behind
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('brings focus back in when the focused control goes as the content changes', async () => {
    const Loading = ({ close }: { close: () => void }) => {
      const [loaded, setLoaded] = useState(false);
      return (
        <Dialog title="User" onClose={close}>
          {loaded ? (
            <p>Loaded</p>
          ) : (
            <button type="button" onClick={() => setLoaded(true)}>
              Load
            </button>
          )}
          <button type="button" onClick={close}>
            Close
          </button>
        </Dialog>
      );
    };
    const user = userEvent.setup();
    render(<Page dialog={(close) => <Loading close={close} />} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Load' })).toHaveFocus();

    await user.keyboard('{Enter}'); // the focused button is replaced by the data
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('a paying confirm opens on Cancel: Enter twice does not pay', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(
      <Page
        dialog={(close) => (
          <Dialog title="Confirm purchase" onClose={close}>
            <ConfirmActions
              retryMessage={null}
              retryHint=""
              busy={false}
              confirmLabel="Buy now"
              busyLabel="Buying..."
              onCancel={close}
              onConfirm={onConfirm}
            />
          </Dialog>
        )}
      />,
    );
    screen.getByRole('button', { name: 'Open' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
