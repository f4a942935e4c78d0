import type { ReactNode } from 'react';
import type { TJsonSchema, TOpenApiDocument } from '../api/openapi-document';

/** `code` and **bold** in the document's descriptions; everything else is plain text. */
export const InlineText = ({ text }: { text: string }) => (
  <>
    {text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, i) => {
      if (part.startsWith('`') && part.endsWith('`') && part.length > 1) {
        return <code key={i}>{part.slice(1, -1)}</code>;
      }
      if (part.startsWith('**') && part.endsWith('**') && part.length > 3) {
        return (
          <strong key={i}>
            <InlineText text={part.slice(2, -2)} />
          </strong>
        );
      }
      return part;
    })}
  </>
);

/** Paragraphs of a description (blank-line separated). */
export const Description = ({ text }: { text: string | undefined }) =>
  text ? (
    <>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="op-description">
          <InlineText text={paragraph} />
        </p>
      ))}
    </>
  ) : null;

const refName = (ref: string) => ref.split('/').pop() ?? ref;

/** The schema a $ref points at (components/schemas only), else the schema itself. */
const resolve = (doc: TOpenApiDocument, schema: TJsonSchema): TJsonSchema =>
  schema.$ref ? (doc.components?.schemas?.[refName(schema.$ref)] ?? {}) : schema;

const variantsOf = (schema: TJsonSchema) => schema.anyOf ?? schema.oneOf;

/** A short type for people: `string | null`, `Transaction[]`, `"PURCHASE_FAILED"`. */
export const typeLabel = (schema: TJsonSchema): string => {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = variantsOf(schema);
  if (variants) return variants.map(typeLabel).join(' | ');
  if (schema.type === 'array' && schema.items) {
    const item = typeLabel(schema.items);
    return item.includes(' ') ? `(${item})[]` : `${item}[]`;
  }
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'object' && !schema.properties && schema.additionalProperties) {
    return 'object (any keys)';
  }
  return schema.type ?? 'any';
};

/** What else a value must be: enum values, format, pattern, bounds, default. */
const constraints = (schema: TJsonSchema): string[] => {
  const out: string[] = [];
  if (schema.enum) out.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.format) out.push(schema.format);
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.minLength !== undefined) out.push(`≥ ${schema.minLength} chars`);
  if (schema.maxLength !== undefined) out.push(`≤ ${schema.maxLength} chars`);
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
};

/** The object schemas a value may hold: itself, an array's items, a union's variants. */
const nestedObjects = (doc: TOpenApiDocument, schema: TJsonSchema): TJsonSchema[] => {
  const target = resolve(doc, schema);
  if (target.properties) return [target];
  if (target.type === 'array' && target.items) return nestedObjects(doc, target.items);
  const variants = variantsOf(target);
  return variants ? variants.flatMap((v) => nestedObjects(doc, v)) : [];
};

const MAX_DEPTH = 4;

/**
 * A compact view of a JSON schema: one line per field (name, type, required, description,
 * constraints), nested objects indented below their field, shown to a few levels.
 */
export const SchemaView = ({
  schema,
  doc,
  depth = 0,
}: {
  schema: TJsonSchema;
  doc: TOpenApiDocument;
  depth?: number;
}): ReactNode => {
  const target = resolve(doc, schema);
  const objects = nestedObjects(doc, schema);
  if (objects.length === 0) {
    return (
      <p className="schema-type">
        <code>{typeLabel(schema)}</code> <SchemaNotes schema={target} />
      </p>
    );
  }
  return (
    <>
      {depth === 0 && (
        <p className="schema-type">
          <code>{typeLabel(schema)}</code>
          {target.description && (
            <>
              {' '}
              <InlineText text={target.description} />
            </>
          )}
        </p>
      )}
      {objects.map((object, i) => (
        <ul key={i} className="schema-fields">
          {objects.length > 1 && <li className="schema-variant">Variant {i + 1}</li>}
          {Object.entries(object.properties ?? {}).map(([name, field]) => (
            <li key={name}>
              <code className="schema-name">{name}</code>{' '}
              <span className="schema-kind">{typeLabel(field)}</span>
              {object.required?.includes(name) && <span className="schema-required">required</span>}
              <SchemaNotes schema={resolve(doc, field)} own={field} />
              {depth < MAX_DEPTH && nestedObjects(doc, field).length > 0 && (
                <SchemaView schema={field} doc={doc} depth={depth + 1} />
              )}
            </li>
          ))}
        </ul>
      ))}
    </>
  );
};

const SchemaNotes = ({ schema, own }: { schema: TJsonSchema; own?: TJsonSchema }) => {
  const description = own?.description ?? schema.description;
  const notes = constraints(own ?? schema);
  if (!description && notes.length === 0) return null;
  return (
    <span className="schema-notes">
      {description && <InlineText text={description} />}
      {notes.length > 0 && <span className="schema-constraints"> ({notes.join('; ')})</span>}
    </span>
  );
};
