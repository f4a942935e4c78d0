import { useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from '@/lib/use-focus-trap';

type TDialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Shown under the title, and read out as the dialog's description. */
  description?: ReactNode;
  /** Room for a form of two columns or a list (max 640 px instead of 420 px). */
  wide?: boolean;
};

/**
 * A modal dialog (lib/use-focus-trap): focus moves into it (to `data-autofocus`, else the first
 * control) and comes back to where it was on close; Tab stays inside, also while its content
 * changes; Escape and a tap on the backdrop close it.
 */
export const Dialog = ({ title, onClose, children, description, wide }: TDialogProps) => {
  const titleId = useId();
  const descriptionId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, { onEscape: onClose });

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
        tabIndex={-1}
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
