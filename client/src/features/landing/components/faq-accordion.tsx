import { useId, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { chevronIcon } from '@/components/ui/public-icons';

export type TFaqItem = { question: string; answer: string };

/** Questions with one answer open at a time; opening one closes the other. */
export const FaqAccordion = ({ items }: { items: readonly TFaqItem[] }) => {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="faq">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div className={open ? 'faq-item faq-item-open' : 'faq-item'} key={item.question}>
            <h3 className="faq-question">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                <span>{item.question}</span>
                <Icon path={chevronIcon} className="faq-chevron" />
              </button>
            </h3>
            <div
              className="faq-answer"
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
            >
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
};
