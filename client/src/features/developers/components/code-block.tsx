import { useState } from 'react';
import { copyText } from '@/lib/clipboard';

/** Code that scrolls sideways inside its own box (never the page), with a Copy button. */
export const CodeBlock = ({
  code,
  label,
  caption,
}: {
  code: string;
  label: string;
  /** Shown above the code (the language, the file); the label names it for screen readers. */
  caption?: string;
}) => {
  const [copied, setCopied] = useState(false);
  return (
    <div className="code-block">
      <div className="code-bar">
        <span aria-hidden="true">{caption ?? ''}</span>
        <button
          type="button"
          className="code-copy"
          aria-label={`Copy ${label}`}
          onClick={() => {
            void copyText(code).then((ok) => setCopied(ok));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre tabIndex={0} role="region" aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
};

/** A task in curl and in JavaScript, one shown at a time. */
export const SnippetTabs = ({
  title,
  snippet,
}: {
  title: string;
  snippet: { curl: string; js: string };
}) => {
  const [language, setLanguage] = useState<'curl' | 'js'>('curl');
  return (
    <div className="snippet">
      <div className="chip-row" role="group" aria-label={`${title}: language`}>
        <button
          type="button"
          className="chip"
          aria-pressed={language === 'curl'}
          onClick={() => setLanguage('curl')}
        >
          curl
        </button>
        <button
          type="button"
          className="chip"
          aria-pressed={language === 'js'}
          onClick={() => setLanguage('js')}
        >
          JavaScript
        </button>
      </div>
      <CodeBlock
        code={language === 'curl' ? snippet.curl : snippet.js}
        label={`${title} (${language === 'curl' ? 'curl' : 'JavaScript'})`}
        caption={language === 'curl' ? 'Shell' : 'JavaScript'}
      />
    </div>
  );
};
