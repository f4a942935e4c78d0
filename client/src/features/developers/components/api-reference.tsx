import { useId, useMemo, useState } from 'react';
import {
  HTTP_METHODS,
  type TExample,
  type TMediaType,
  type TOpenApiDocument,
  type TOperation,
  type THttpMethod,
} from '../api/openapi-document';
import { CodeBlock } from './code-block';
import { Description, InlineText, SchemaView } from './schema-view';

type TEntry = { method: THttpMethod; path: string; operation: TOperation; tag: string };

/** Every operation of the document, in the document's tag order, then path order. */
export const operationsOf = (doc: TOpenApiDocument): TEntry[] => {
  const entries = Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method, path, operation, tag: operation.tags?.[0] ?? 'Other' }] : [];
    }),
  );
  const order = (doc.tags ?? []).map((t) => t.name);
  const rank = (tag: string) => (order.includes(tag) ? order.indexOf(tag) : order.length);
  return entries.sort((a, b) => rank(a.tag) - rank(b.tag));
};

/** Matches the search words against the path, the summary and the tags (all words must match). */
export const matches = (entry: TEntry, query: string): boolean => {
  const haystack = [
    entry.method,
    entry.path,
    entry.operation.summary ?? '',
    ...(entry.operation.tags ?? []),
  ]
    .join(' ')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};

const examplesOf = (media: TMediaType | undefined): [string, TExample][] => {
  if (!media) return [];
  const named = Object.entries(media.examples ?? {});
  return media.example !== undefined ? [['example', { value: media.example }], ...named] : named;
};

const Examples = ({ media, label }: { media: TMediaType | undefined; label: string }) => {
  const examples = examplesOf(media);
  if (examples.length === 0) return null;
  return (
    <div className="op-examples">
      {examples.map(([name, example]) => (
        <div key={name}>
          <p className="op-example-title">Example: {example.summary ?? name}</p>
          <CodeBlock
            code={
              typeof example.value === 'string'
                ? example.value
                : JSON.stringify(example.value, null, 2)
            }
            label={`${label}, example ${example.summary ?? name}`}
            caption={typeof example.value === 'string' ? undefined : 'JSON'}
          />
        </div>
      ))}
    </div>
  );
};

const firstMedia = (content: Record<string, TMediaType> | undefined) =>
  content ? Object.entries(content)[0] : undefined;

/** One operation's details: parameters, body, answers, errors. Rendered only when opened. */
const OperationDetails = ({ entry, doc }: { entry: TEntry; doc: TOpenApiDocument }) => {
  const { operation, method, path } = entry;
  const label = `${method.toUpperCase()} ${path}`;
  const body = firstMedia(operation.requestBody?.content);
  const responses = Object.entries(operation.responses ?? {});
  const successes = responses.filter(([status]) => !/^[45]/.test(status) || status === '503');
  const errors = responses.filter(([status]) => /^[45]/.test(status) && status !== '503');
  return (
    <div className="op-body">
      <Description text={operation.description} />

      {(operation.parameters?.length ?? 0) > 0 && (
        <section>
          <h4>Parameters</h4>
          <ul className="schema-fields">
            {operation.parameters!.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code className="schema-name">{p.name}</code>{' '}
                <span className="schema-kind">
                  {p.in}
                  {p.schema?.type ? `, ${String(p.schema.type)}` : ''}
                </span>
                {p.required && <span className="schema-required">required</span>}
                {p.description && (
                  <span className="schema-notes">
                    <InlineText text={p.description} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {body && (
        <section>
          <h4>Request body ({body[0]})</h4>
          {body[1].schema && <SchemaView schema={body[1].schema} doc={doc} />}
          <Examples media={body[1]} label={`${label} request`} />
        </section>
      )}

      {successes.map(([status, response]) => {
        const media = firstMedia(response.content);
        return (
          <section key={status}>
            <h4>
              <span className="status-code">{status}</span> {response.description}
            </h4>
            {media?.[1].schema && <SchemaView schema={media[1].schema} doc={doc} />}
            <Examples media={media?.[1]} label={`${label} ${status}`} />
          </section>
        );
      })}

      {errors.length > 0 && (
        <section>
          <h4>Errors</h4>
          {errors.map(([status, response]) => (
            <div key={status} className="op-error">
              <p>
                <span className="status-code status-error">{status}</span> {response.description}
              </p>
              <Examples media={firstMedia(response.content)?.[1]} label={`${label} ${status}`} />
            </div>
          ))}
        </section>
      )}
    </div>
  );
};

const Operation = ({ entry, doc }: { entry: TEntry; doc: TOpenApiDocument }) => {
  const [open, setOpen] = useState(false);
  return (
    <li className="op">
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className={`method method-${entry.method}`}>{entry.method.toUpperCase()}</span>
          <code className="op-path">{entry.path}</code>
          <span className="op-summary">{entry.operation.summary}</span>
        </summary>
        {open && <OperationDetails entry={entry} doc={doc} />}
      </details>
    </li>
  );
};

/** The reference: every operation grouped by tag, filtered by a search box. */
export const ApiReference = ({ doc }: { doc: TOpenApiDocument }) => {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const all = useMemo(() => operationsOf(doc), [doc]);
  const shown = all.filter((entry) => matches(entry, query));
  const groups = [...new Set(shown.map((entry) => entry.tag))];
  const descriptions = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  return (
    <>
      <div className="reference-search">
        <label htmlFor={searchId}>Search the reference</label>
        <input
          id={searchId}
          type="search"
          placeholder="e.g. buy, transaction, /auth"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p className="muted" aria-live="polite">
          {shown.length === all.length
            ? `${all.length} operations`
            : `${shown.length} of ${all.length} operations`}
        </p>
      </div>
      {groups.length === 0 && <p className="card empty-state">No operation matches “{query}”.</p>}
      {groups.map((tag) => (
        <section key={tag} className="reference-group" aria-label={tag}>
          <h3>{tag}</h3>
          {descriptions.get(tag) && <p className="muted">{descriptions.get(tag)}</p>}
          <ul className="ops">
            {shown
              .filter((entry) => entry.tag === tag)
              .map((entry) => (
                <Operation key={`${entry.method} ${entry.path}`} entry={entry} doc={doc} />
              ))}
          </ul>
        </section>
      ))}
    </>
  );
};
