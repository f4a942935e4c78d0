import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

type TDialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Shown under the title, and read out as the dialog's description. */
  description?: ReactNode;
  /** Room for a form of two columns or a list (max 640 px instead of 420 px). */
  wide?: boolean;
};

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href]';

/**
 * A modal dialog: focus moves into it and comes back to where it was on close; Escape and a tap
 * on the backdrop close it; Tab stays inside.
 */
export const Dialog = ({ title, onClose, children, description, wide }: TDialogProps) => {
  const titleId = useId();
  const descriptionId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = ref.current;
    const first =
      box?.querySelector<HTMLElement>('[data-autofocus]') ??
      box?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={ref}
        className={wide ? 'modal modal-form modal-wide' : 'modal modal-form'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {description && (
          <p className="muted small" id={descriptionId}>
            {description}
          </p>
        )}
        {children}
      </div>
    </div>
  );
};
