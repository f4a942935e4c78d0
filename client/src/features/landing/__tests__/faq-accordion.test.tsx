import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from '../components/faq-accordion';

const items = [
  { question: 'How do I fund my wallet?', answer: 'Transfer to your account.' },
  { question: 'How fast is delivery?', answer: 'Within seconds.' },
  { question: 'Can I become a reseller?', answer: 'Yes, for ₦1,000.' },
];

const question = (name: string) => screen.getByRole('button', { name });

describe('FaqAccordion', () => {
  it('starts with every answer closed', () => {
    render(<FaqAccordion items={items} />);
    for (const item of items) {
      expect(question(item.question)).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByText(item.answer)).not.toBeVisible();
    }
  });

  it('keeps one answer open at a time', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);

    await user.click(question('How do I fund my wallet?'));
    expect(screen.getByText('Transfer to your account.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'How do I fund my wallet?' })).toBeVisible();

    await user.click(question('How fast is delivery?'));
    expect(screen.getByText('Within seconds.')).toBeVisible();
    expect(screen.getByText('Transfer to your account.')).not.toBeVisible();
    expect(question('How do I fund my wallet?')).toHaveAttribute('aria-expanded', 'false');
    expect(question('How fast is delivery?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('closes the open answer when its question is clicked again', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);

    await user.click(question('Can I become a reseller?'));
    await user.click(question('Can I become a reseller?'));

    expect(screen.getByText('Yes, for ₦1,000.')).not.toBeVisible();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });
});
