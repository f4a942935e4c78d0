import type { ReactNode } from 'react';

/** One section of the admin settings page, reachable by its anchor (#id). */
export const SettingsSection = ({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) => (
  <section className="card settings-section" id={id} aria-labelledby={`${id}-title`}>
    <h2 id={`${id}-title`}>{title}</h2>
    {lead && <p className="muted small">{lead}</p>}
    {children}
  </section>
);
