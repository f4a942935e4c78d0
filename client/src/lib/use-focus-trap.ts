import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The elements Tab reaches inside `roots`, in page order; hidden ones left out unless
 * `visibleOnly` is false (a drawer that is still becoming visible).
 */
export const focusableIn = (roots: readonly HTMLElement[], visibleOnly = true): HTMLElement[] => {
  const items = roots.flatMap((root) => [
    ...(root.matches(FOCUSABLE) ? [root] : []),
    ...root.querySelectorAll<HTMLElement>(FOCUSABLE),
  ]);
  return (
    items
      .filter((item) => !item.closest('[hidden], [inert]'))
      .filter(
        (item) =>
          !visibleOnly ||
          typeof item.checkVisibility !== 'function' ||
          item.checkVisibility({ visibilityProperty: true }),
      )
      // Of a group of radio buttons Tab stops at the checked one only.
      .filter(
        (item) =>
          !(item instanceof HTMLInputElement && item.type === 'radio' && !item.checked) ||
          !roots.some((root) =>
            [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')].some(
              (radio) => radio.name === item.name,
            ),
          ),
      )
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
  );
};

// The traps that hold, innermost last: only the last one acts (a confirm opened over a dialog).
const traps: object[] = [];

type TFocusTrapOptions = {
  /** The trap holds only while true (a drawer that is open, a dialog that is shown). */
  active?: boolean;
  /** Called on Escape anywhere in the page while the trap holds. */
  onEscape?: () => void;
  /**
   * Other elements that belong to the trap, such as the button that opened a drawer and closes
   * it again; Tab cycles through them in page order with the container's.
   */
  also?: readonly RefObject<HTMLElement | null>[];
  /** Where focus goes on open: `[data-autofocus]` inside the container, else its first control. */
  initialFocus?: 'auto' | 'container';
};

/**
 * Keeps keyboard focus inside `ref` while `active`: focus moves in on open (to the element marked
 * `data-autofocus`, else the first control, else the container itself, which needs
 * tabIndex={-1}), Tab and Shift+Tab cycle inside, focus that escapes (a click behind, a control
 * that vanished as the content changed) is brought back, Escape calls `onEscape`, and on close
 * focus returns to the element that had it before.
 */
export const useFocusTrap = (
  ref: RefObject<HTMLElement | null>,
  { active = true, onEscape, also = [], initialFocus = 'auto' }: TFocusTrapOptions = {},
) => {
  // The latest callback and extra elements without re-running the effect (which moves focus).
  const latest = useRef({ onEscape, also });
  useEffect(() => {
    latest.current = { onEscape, also };
  });

  useEffect(() => {
    const box = ref.current;
    if (!active || !box) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const roots = () => [
      box,
      ...latest.current.also.flatMap((extra) => (extra.current ? [extra.current] : [])),
    ];
    const inside = (node: EventTarget | Node | null) =>
      node instanceof Node && roots().some((root) => root.contains(node));

    let frame = 0;
    const focusStart = (tries = 10) => {
      const target =
        (initialFocus === 'auto' &&
          (box.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn([box], false)[0])) ||
        box;
      target.focus();
      // Not focusable yet (still hidden while a drawer starts to slide in): the next frames.
      if (document.activeElement !== target && tries > 0)
        frame = requestAnimationFrame(() => focusStart(tries - 1));
    };
    const token = {};
    traps.push(token);
    const onTop = () => traps[traps.length - 1] === token;
    if (!box.contains(document.activeElement)) focusStart();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!onTop()) return;
      if (event.key === 'Escape' && latest.current.onEscape) {
        event.preventDefault();
        event.stopPropagation();
        latest.current.onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      // Moved by hand: between the trap's parts (a drawer and its button) the page has other
      // controls, which Tab alone would reach.
      const items = focusableIn(roots());
      event.preventDefault();
      if (items.length === 0) return;
      const at = items.indexOf(document.activeElement as HTMLElement);
      const step = event.shiftKey ? -1 : 1;
      const next = at === -1 ? (event.shiftKey ? items.length - 1 : 0) : at + step;
      items[(next + items.length) % items.length]!.focus();
    };
    // Focus that lands behind the trap (a click on the page) comes back in.
    const onFocusIn = (event: FocusEvent) => {
      if (onTop() && !inside(event.target)) focusStart();
    };
    // The focused control was removed (content replaced as data arrived) or disabled (a call under
    // way): focus fell to the body.
    const observer = new MutationObserver(() => {
      if (onTop() && !inside(document.activeElement)) focusStart();
    });
    observer.observe(box, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden'],
    });
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      traps.splice(traps.indexOf(token), 1);
      observer.disconnect();
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      // Back to the opener unless the closing action moved focus on purpose (a new page).
      const current = document.activeElement;
      if (opener?.isConnected && (!current || current === document.body || box.contains(current)))
        opener.focus();
    };
  }, [active, ref, initialFocus]);
};
