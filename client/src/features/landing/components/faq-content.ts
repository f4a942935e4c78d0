import type { TFaqItem } from './faq-accordion';

export const FAQ_ITEMS: readonly TFaqItem[] = [
  {
    question: 'How do I fund my wallet?',
    answer:
      'Transfer to the payment account shown on your dashboard, or pay online from the Fund wallet page. The minimum funding is ₦100 and the money shows in your wallet as soon as the bank confirms it.',
  },
  {
    question: 'How fast are airtime and data delivered?',
    answer:
      'Most purchases arrive within seconds. Every purchase appears in your transaction history with its status, and a failed purchase is refunded to your wallet.',
  },
  {
    question: 'Which networks and electricity companies are supported?',
    answer:
      'Airtime and data for MTN, GLO, Airtel and 9mobile. Electricity tokens for prepaid and postpaid meters on Ikeja, Eko, Ibadan, Abuja, Port Harcourt, Kaduna, Kano, Jos, Enugu, Yola and Benin.',
  },
  {
    question: 'How do I become a reseller?',
    answer:
      'Upgrade from your dashboard for a one-time ₦1,000. Resellers pay a lower price for every data plan and a bigger airtime discount.',
  },
  {
    question: 'How does the referral reward work?',
    answer:
      'Share the referral link on your dashboard. When someone who registered with your link upgrades to reseller, ₦500 is added to your earnings.',
  },
];
