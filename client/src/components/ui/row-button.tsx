import type { ReactNode } from 'react';

/**
 * The control of a table row that opens something (a user's detail, a receipt): a real button in
 * the row's first cell, so Tab reaches it, Enter and Space press it and a screen reader calls it a
 * button, while the table keeps its rows and cells. It has no handler of its own: its click
 * bubbles to the row's onClick, which also takes a click anywhere else on the row.
 */
export const RowButton = ({ children, action }: { children: ReactNode; action: string }) => (
  <button type="button" className="row-button">
    {children}
    <span className="visually-hidden">, {action}</span>
  </button>
);
