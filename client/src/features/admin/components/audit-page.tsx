import type { TAuditQuery } from '@vendo/shared/schemas/admin';
import { useState } from 'react';
import { useAppSelector } from '@/app/hooks';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format-date';
import { useForm } from '@/lib/use-form';
import '../admin.css';
import { useGetAuditQuery } from '../api/oversight.api';

const EMPTY = { actor: '', action: '', targetId: '', from: '', to: '' };

const changes = (value: Record<string, unknown> | null) =>
  value ? JSON.stringify(value, null, 1).replace(/^\{\n|\n\}$/g, '') : '—';

/**
 * /admin/audit (admins): who changed money, users, roles or settings, when and why, newest first;
 * filtered by staff member, action, target and dates.
 */
export const AuditPage = () => {
  const isAdmin = useAppSelector((s) => s.auth.isAdmin);
  // What is typed; the list shows `filters`, what was last submitted.
  const form = useForm(EMPTY);
  const [filters, setFilters] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const query: TAuditQuery = Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== ''),
  );
  const { currentData, isFetching, isError } = useGetAuditQuery({ ...query, page });

  const field = (name: keyof typeof EMPTY, label: string, type = 'text') => (
    <TextField label={label} type={type} autoComplete="off" maxLength={80} {...form.bind(name)} />
  );

  return (
    <div className="admin-page">
      <section className="card" aria-labelledby="audit-title">
        <h1 className="card-title" id="audit-title">
          Audit log
        </h1>
        <form
          className="admin-filters"
          aria-label="Filters"
          onSubmit={form.handleSubmit(() => {
            setPage(1);
            setFilters(form.values);
          })}
        >
          {field('actor', 'Staff username')}
          {field('action', 'Action (e.g. user.tier)')}
          {field('targetId', 'Target id')}
          {field('from', 'From', 'date')}
          {field('to', 'To', 'date')}
          <div className="admin-filter-actions">
            <button type="submit" className="btn btn-primary btn-sm">
              Filter
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                form.setValues(EMPTY);
                setFilters(EMPTY);
                setPage(1);
              }}
            >
              Clear
            </button>
          </div>
        </form>
      </section>
      <section className="card" aria-label="Entries">
        {!currentData && isFetching && <Spinner />}
        {isError && <p className="muted">The audit log could not load. Check the filters.</p>}
        {currentData && (
          <p className="muted small">{currentData.total.toLocaleString('en-NG')} entries</p>
        )}
        <ul className="admin-cards admin-cards-always" aria-label="Audit entries">
          {currentData?.entries.map((entry) => (
            <li key={entry.id} className="admin-row-button" data-testid="audit-entry">
              <span className="admin-row-main">
                <strong>
                  {entry.action} · {entry.actor ?? 'system'}
                </strong>
                <span className="muted small">
                  {formatDateTime(entry.at)} · {entry.targetType} {entry.targetId}
                </span>
                {entry.reason && <span className="small admin-wrap">Reason: {entry.reason}</span>}
                <details>
                  <summary className="small">Before and after</summary>
                  <pre className="admin-json">
                    {changes(entry.before)}
                    {'\n→\n'}
                    {changes(entry.after)}
                  </pre>
                </details>
              </span>
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          totalPages={currentData?.totalPages ?? 0}
          isAdmin={isAdmin}
          label="Audit pages"
          onPage={setPage}
        />
      </section>
    </div>
  );
};
