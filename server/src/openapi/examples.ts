import type { TProfileResponse } from '@vendo/shared/schemas/auth.responses';
import type { TDataPlan, TPriceRow } from '@vendo/shared/schemas/catalogue';
import { formatNaira } from '@vendo/shared/money';
import type {
  TElectricityPurchaseResponse,
  TPriceChangedError,
  TPurchaseResponse,
  TValidateMeterResponse,
} from '@vendo/shared/schemas/purchase.responses';
import type { TTransaction, TTransactionListResponse } from '@vendo/shared/schemas/transaction';
import type { TUser } from '@vendo/shared/schemas/user';
import { apiError, type Examples } from './operation.ts';

/**
 * Example requests and answers for the reference. Each is checked against the schema it
 * illustrates (openapi.test.ts), so an example can never drift from the wire.
 */

const at = '2026-11-24T09:15:02.481Z';

export const exampleUser: TUser = {
  _id: '0b9e3f52-3c1e-4a57-8f0e-6d2f1f3b8a41',
  userName: 'ade_data',
  email: 'ade@example.com',
  phoneNumber: '08031234567',
  balance: 48_760.5,
  earningBalance: 0,
  userType: 'api user',
  fullName: 'Ade Data Ventures',
  referredBy: null,
  webhookUrl: null,
  nin: null,
  bvn: null,
  accountNumbers: [],
  reservedAccountNo3: null,
  isAdmin: false,
  isAgent: false,
  isCouponVendor: false,
  lastLogin: at,
  createdAt: '2026-03-02T11:00:00.000Z',
};

export const exampleDataReceipt: TTransaction = {
  _id: '5d0f0c7e-9a1b-4d8e-b1f5-3a6c2e9d7f10',
  trans_Id: 'VND261124A3F9C27B14E0',
  trans_Type: 'data',
  trans_Network: 'MTN',
  trans_Status: 'success',
  trans_amount: 239.5,
  trans_UserName: 'ade_data',
  phone_number: '08031234567',
  balance_Before: 49_000,
  balance_After: 48_760.5,
  paymentLink: null,
  apiResponse: 'Dear Customer, You have successfully gifted 1GB data to 08031234567.',
  apiResponseId: '48213377',
  createdAt: at,
  details: { plan: '1GB', planType: 'SME', validity: '30 days' },
};

const pendingDataReceipt: TTransaction = {
  ...exampleDataReceipt,
  trans_Status: 'pending',
  phone_number: '08031231111',
  apiResponse: 'Your transaction is processing. Please check back shortly.',
};

const refundedDataReceipt: TTransaction = {
  ...exampleDataReceipt,
  trans_Status: 'refunded',
  phone_number: '08031230000',
  balance_After: 49_000,
  apiResponse: 'Transaction failed: the network did not accept 08031230000.',
};

export const exampleAirtimeReceipt: TTransaction = {
  _id: '8c2a4e61-1f7d-4b3a-9e2c-5b8d0a6f4c22',
  trans_Id: 'VND261124C81D02E9F6A7',
  trans_Type: 'airtime',
  trans_Network: 'GLO',
  trans_Status: 'success',
  trans_amount: 490,
  trans_UserName: 'ade_data',
  phone_number: '08051234567',
  balance_Before: 48_760.5,
  balance_After: 48_270.5,
  paymentLink: null,
  apiResponse: 'You have successfully topped up N500 airtime to 08051234567.',
  apiResponseId: '48213412',
  createdAt: at,
  details: { faceValue: 500 },
};

export const exampleElectricityReceipt: TTransaction = {
  _id: 'e41b7d90-6a2c-4f1e-8b3d-2c9a5e7f1d33',
  trans_Id: 'VND261124F0B7A14C2D98',
  trans_Type: 'electricity',
  trans_Network: 'electricity token for 45012345678',
  trans_Status: 'success',
  trans_amount: 5050,
  trans_UserName: 'ade_data',
  phone_number: '12345678901234567890',
  balance_Before: 48_270.5,
  balance_After: 43_220.5,
  paymentLink: null,
  apiResponse: 'Token: 1234-5678-9012-3456-7890',
  apiResponseId: '48213500',
  createdAt: at,
  details: {
    meterNumber: '45012345678',
    meterType: 'prepaid',
    disco: 'Ikeja',
    customerName: 'Bola Ahmed',
    faceValue: 5000,
    token: '12345678901234567890',
    phoneNumber: '08031234567',
  },
};

export const buyDataBody = { network: 1, mobile_number: '08031234567', plan: '2' };

export const buyDataExamples = {
  request: {
    success: { summary: 'MTN 1GB SME to a number', value: buyDataBody },
    pending: {
      summary: 'Sandbox: a number ending 1111 stays pending, then succeeds',
      value: { ...buyDataBody, mobile_number: '08031231111' },
    },
    ported: {
      summary: 'A number ported from another network',
      value: { ...buyDataBody, mobile_number: '08051234567', ported: true },
    },
    confirmed: {
      summary: 'Only at the charge the buyer confirmed (₦600)',
      value: { ...buyDataBody, expectedAmount: 600 },
    },
  },
  answers: {
    200: {
      delivered: {
        summary: 'Delivered',
        value: {
          msg: 'Transaction successful',
          receipt: exampleDataReceipt,
          balance: 48_760.5,
        } satisfies TPurchaseResponse,
      },
    },
    202: {
      pending: {
        summary: 'The supplier has not confirmed yet: re-query GET /transaction/{id}',
        value: {
          msg: 'Your purchase is being processed. We will confirm it shortly; you will not be charged twice.',
          receipt: pendingDataReceipt,
          balance: 48_760.5,
        } satisfies TPurchaseResponse,
      },
    },
    failed: {
      refunded: {
        summary: 'The supplier refused: refunded in the same answer',
        value: {
          msg: 'Transaction failed: the network did not accept 08031230000. Your wallet has been refunded.',
          code: 'PURCHASE_FAILED',
          receipt: refundedDataReceipt,
          balance: 49_000,
        } satisfies TPurchaseResponse,
      },
    },
  },
} as const;

export const buyAirtimeBody = { network: 2, mobile_number: '08051234567', amount: 500 };

export const buyAirtimeExamples = {
  request: {
    success: { summary: 'GLO ₦500 airtime', value: buyAirtimeBody },
    failing: {
      summary: 'Sandbox: a number ending 0000 fails and is refunded',
      value: { ...buyAirtimeBody, mobile_number: '08051230000' },
    },
    confirmed: {
      summary: 'Only at the charge the buyer confirmed (₦495 for ₦500)',
      value: { ...buyAirtimeBody, expectedAmount: 495 },
    },
  },
  answer: {
    delivered: {
      summary: 'Delivered (₦490 charged for ₦500 of airtime)',
      value: {
        msg: 'Transaction successful',
        receipt: exampleAirtimeReceipt,
        balance: 48_270.5,
      } satisfies TPurchaseResponse,
    },
  },
  minimum: {
    belowMinimum: {
      summary: 'Below ₦100',
      value: apiError('VALIDATION_ERROR', 'Minimum purchase is ₦100'),
    },
  },
} as const;

export const validateMeterBody = { meterNumber: '45012345678', meterId: 18, meterType: 'prepaid' };
export const buyElectricityBody = { ...validateMeterBody, amount: 5000, phone: '08031234567' };

export const electricityExamples = {
  validateRequest: { ikeja: { summary: 'An Ikeja prepaid meter', value: validateMeterBody } },
  validateAnswer: {
    found: {
      summary: 'The meter owner',
      value: {
        name: 'Bola Ahmed',
        address: '12 Allen Avenue, Ikeja',
        msg: 'Meter validated',
      } satisfies TValidateMeterResponse,
    },
  },
  invalidMeter: {
    invalid: {
      summary: 'Sandbox: a meter ending 0000 is invalid',
      value: apiError('VALIDATION_ERROR', 'INVALID METER NUMBER'),
    },
  },
  buyRequest: {
    ikeja: { summary: '₦5,000 on an Ikeja prepaid meter', value: buyElectricityBody },
    confirmed: {
      summary: 'Only at the charge the buyer confirmed (₦5,050)',
      value: { ...buyElectricityBody, expectedAmount: 5050 },
    },
  },
  buyAnswer: {
    delivered: {
      summary: 'Delivered with its token (₦5,050 charged: amount + ₦50)',
      value: {
        msg: 'Transaction successful',
        receipt: exampleElectricityReceipt,
        balance: 43_220.5,
        token: '12345678901234567890',
        meterNumber: '45012345678',
        customerName: 'Bola Ahmed',
      } satisfies TElectricityPurchaseResponse,
    },
  },
} as const;

const priceChanged = (summary: string, from: number, to: number): Examples => ({
  priceChanged: {
    summary,
    value: {
      msg: `The price changed from ${formatNaira(from * 100)} to ${formatNaira(to * 100)}. Confirm the new price to buy.`,
      code: 'PRICE_CHANGED',
      currentAmount: to,
    } satisfies TPriceChangedError,
  },
});

/** 409 PRICE_CHANGED: the charge is not the `expectedAmount` the request confirmed. */
export const priceChangedExamples = {
  data: priceChanged('The plan went from ₦600 to ₦750 after the buyer confirmed', 600, 750),
  airtime: priceChanged('The buyer confirmed a reseller’s charge; theirs is ₦495', 490, 495),
  electricity: priceChanged('The ₦50 fee was left out of the confirmed charge', 5000, 5050),
};

export const purchaseErrorExamples: Examples = {
  validation: {
    summary: 'A field is missing or wrong: nothing was charged',
    value: apiError('VALIDATION_ERROR', 'Please check the phone number entered'),
  },
  insufficient: {
    summary: 'The wallet cannot cover it: nothing was charged',
    value: apiError('INSUFFICIENT_BALANCE', 'Insufficient balance'),
  },
};

export const examplePlan: TDataPlan = {
  _id: 'a3c5e7f9-1b2d-4e6f-8a0c-2e4f6a8c0e13',
  id: '2',
  plan: '1GB',
  plan_type: 'SME',
  plan_network: 'MTN',
  plan_amount: 239.5,
  month_validate: '30 days',
  my_price: 260,
  resellerPrice: 245,
  apiPrice: 239.5,
  isAvailable: true,
};

export const plansExamples: Examples = {
  mtn: { summary: "MTN's plans priced for an API user", value: [examplePlan] },
};

export const examplePriceRow: TPriceRow = {
  id: '2',
  plan_network: 'MTN',
  plan_type: 'SME',
  plan: '1GB',
  my_price: 260,
  resellerPrice: 245,
  apiPrice: 239.5,
  month_validate: '30 days',
};

export const profileExamples: Examples = {
  balance: {
    summary: 'The balance is user.balance (naira)',
    value: {
      user: exampleUser,
      subscriptionPlans: { MTN: [examplePlan], GLO: [], AIRTEL: [], NMOBILE: [] },
      transactions: [exampleDataReceipt],
      isAdmin: false,
      isCouponVendor: false,
      notification: null,
    } satisfies TProfileResponse,
  },
};

export const transactionListExamples: Examples = {
  page1: {
    summary: 'Page 1 of an API user’s history',
    value: {
      transactions: [exampleElectricityReceipt, exampleAirtimeReceipt, exampleDataReceipt],
      page: 1,
      pageSize: 20,
      totalPages: 1,
      noOfTransaction: 3,
      totalSales: 5779.5,
      totalProfit: 0,
      totalVolumeSold: 1,
      stat: [
        { network: 'MTN', total_volume_sold: 1, profit: 0 },
        { network: 'GLO', total_volume_sold: 0, profit: 0 },
        { network: 'AIRTEL', total_volume_sold: 0, profit: 0 },
        { network: '9MOBILE', total_volume_sold: 0, profit: 0 },
      ],
      totalDebit: 5779.5,
      totalCredit: 0,
    } satisfies TTransactionListResponse,
  },
};

export const transactionExamples: Examples = {
  delivered: { summary: 'A delivered data purchase', value: { transaction: exampleDataReceipt } },
  pending: {
    summary: 'Still pending: ask again later',
    value: { transaction: pendingDataReceipt },
  },
};
